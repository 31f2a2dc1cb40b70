import sanitizeHtml from "sanitize-html";

/**
 * Article bodies are HTML from our own content files, but they are still
 * cleaned before rendering: only headings, paragraphs, lists, emphasis and
 * links survive, links only to http(s), mailto and tel (or our own paths),
 * and links that leave the site open with rel="noopener noreferrer".
 */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ["h2", "h3", "p", "ul", "ol", "li", "a", "strong", "em", "b", "i", "br", "blockquote"],
    allowedAttributes: { a: ["href", "rel", "target"] },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
    transformTags: {
      a: (tagName, original) => {
        const href = original.href ?? "";
        const attribs: Record<string, string> = /^https?:/i.test(href)
          ? { href, rel: "noopener noreferrer", target: "_blank" }
          : { href };
        return { tagName, attribs };
      },
    },
  });
}
