import { CircleCheck } from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CheckList } from "./check-list";

describe("CheckList", () => {
  it("draws the boxed look as the items written out", () => {
    const points = ["One", "Two"];
    const written = renderToStaticMarkup(
      <ul className="grid gap-4 sm:grid-cols-2">
        {points.map((point) => (
          <li key={point} className="flex items-start gap-3 rounded-xl border border-border p-5">
            <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
            <span className="min-w-0 text-foreground">{point}</span>
          </li>
        ))}
      </ul>,
    );
    expect(renderToStaticMarkup(<CheckList items={points} look="boxed" className="grid gap-4 sm:grid-cols-2" />)).toBe(written);
  });

  it("keeps the compact look and its label by default", () => {
    const html = renderToStaticMarkup(<CheckList items={["One"]} label="Policies" />);
    expect(html).toContain('<ul class="space-y-2 text-sm" aria-label="Policies">');
    expect(html).toContain('<li class="flex min-w-0 items-start gap-2">');
    expect(html).toContain('<span class="min-w-0 break-words">One</span>');
  });
});
