import { describe, expect, it } from "vitest";
import { articleBodies } from "~/content/articles";
import { sanitizeArticleHtml } from "./article-html";

describe("sanitizeArticleHtml", () => {
  it("keeps the markup our articles use", () => {
    const html = '<h2>Results</h2><p>Healing in <strong>12 weeks</strong>.</p><ul><li><a href="/products">Products</a></li></ul>';
    expect(sanitizeArticleHtml(html)).toBe(html);
  });

  it("drops scripts, event handlers, styles and frames", () => {
    const html =
      '<p onclick="steal()">Hi<script>alert(1)</script></p><img src=x onerror="alert(1)"><iframe src="https://evil.example"></iframe><style>p{}</style>';
    expect(sanitizeArticleHtml(html)).toBe("<p>Hi</p>");
  });

  it("removes javascript: and data: links and opens outside links safely", () => {
    expect(sanitizeArticleHtml('<a href="javascript:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeArticleHtml('<a href="data:text/html,hi">x</a>')).toBe("<a>x</a>");
    expect(sanitizeArticleHtml('<a href="//evil.example">x</a>')).toBe("<a>x</a>");
    expect(sanitizeArticleHtml('<a href="https://www.fda.gov" target="_self">FDA</a>')).toBe(
      '<a href="https://www.fda.gov" rel="noopener noreferrer" target="_blank">FDA</a>',
    );
  });

  it("leaves every published article's text intact", () => {
    for (const article of articleBodies) {
      const clean = sanitizeArticleHtml(article.content);
      const text = (html: string) => html.replace(/<[^>]+>/g, "").replace(/\s+/g, " ").trim();
      expect(text(clean)).toBe(text(article.content));
    }
  });
});
