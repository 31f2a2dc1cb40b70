import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../tests/support/source-graph";

/** The colours of app.css's `@theme`, by token name. */
function themeColours(): Map<string, string> {
  const css = readFileSync("app/app.css", "utf8");
  const theme = css.slice(css.indexOf("@theme {"), css.indexOf("}", css.indexOf("@theme {")));
  return new Map([...theme.matchAll(/--color-([\w-]+):\s*(#[0-9a-f]{3,8});/gi)].map((m) => [m[1]!, m[2]!.toLowerCase()]));
}

describe("the theme", () => {
  it("is where the page code's colours come from: no hex colour in a component or route", () => {
    const colour = /#[0-9a-f]{6}(?:[0-9a-f]{2})?\b|\[#[0-9a-f]{3,8}\]/i;
    const found = sourceFiles("app")
      .flatMap((file) => readFileSync(file, "utf8").split("\n").map((line, i) => ({ where: `${file}:${i + 1}`, line })))
      .filter(({ line }) => colour.test(line))
      .map(({ where }) => where);
    // The browser's frame colour reads no stylesheet; the next test holds it to the token.
    expect(found).toEqual([expect.stringMatching(/^app\/root\.tsx:\d+$/)]);
  });

  it("is used instead of Tailwind's own palette: the same warning looks the same in the console and the portal", () => {
    const palette =
      /\b(?:bg|text|border|ring|fill|stroke|from|via|to|outline|divide|decoration|accent|caret)-(?:red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose|slate|gray|zinc|neutral|stone)-\d{2,3}\b/;
    const found = sourceFiles("app").filter((file) => palette.test(readFileSync(file, "utf8")));
    expect(found).toEqual([]);
  });

  it("gives the browser's frame the primary colour", () => {
    const root = readFileSync("app/root.tsx", "utf8");
    expect(root.match(/<meta name="theme-color" content="(#[0-9a-f]+)"/i)?.[1]).toBe(themeColours().get("primary"));
  });

  it("has the status colours the badges and notices use", () => {
    const colours = themeColours();
    for (const token of ["warning", "warning-soft", "warning-border", "success", "success-soft", "destructive", "destructive-soft"]) expect(colours.has(token), token).toBe(true);
  });
});
