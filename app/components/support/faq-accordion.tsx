import { ChevronDown } from "lucide-react";
import type { Faq } from "~/content/types";

/**
 * Frequently asked questions: one answer open at a time, and it can be closed
 * again. HTML disclosures (`<details>` sharing one `name`), so it works the
 * same without JavaScript, and the browser's find-in-page opens the answer it finds.
 */
export function FaqAccordion({ faqs }: { faqs: readonly Faq[] }) {
  return (
    <div className="rounded-xl border border-border bg-background px-5 shadow-sm sm:px-6">
      {faqs.map((faq) => (
        <details key={faq.question} name="faq" className="group border-b border-border last:border-b-0">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 text-left text-base font-semibold text-foreground transition-colors hover:text-primary focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
            {faq.question}
            <ChevronDown aria-hidden className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180" />
          </summary>
          <p className="pb-4 text-base leading-relaxed text-muted-foreground">
            {faq.answer}
            {faq.link ? (
              <>
                {" "}
                <a href={faq.link.to} className="font-semibold text-primary underline underline-offset-4">
                  {faq.link.label}
                </a>
              </>
            ) : null}
          </p>
        </details>
      ))}
    </div>
  );
}
