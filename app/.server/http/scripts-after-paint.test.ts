import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { scriptsAfterPaint, scriptsAfterPaintStream } from "./scripts-after-paint";

// What React Router's <Scripts> writes, around a page with text of several bytes per character.
const page = [
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css"/>',
  '<link rel="modulepreload" href="/assets/entry.client.js"/><link rel="modulepreload" href="/assets/root.js"/></head>',
  "<body><h1>Wound care — grafts ≥ 2 cm² ✓</h1>",
  '<script nonce="abc">window.__reactRouterContext = {};</script>',
  '<script nonce="abc" type="module" async="">import * as route0 from "/assets/root.js";\nimport("/assets/entry.client.js");</script>',
  "</body></html>",
].join("");

const inert = [
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css"/>',
  '<link data-modulepreload="" href="/assets/entry.client.js"/><link data-modulepreload="" href="/assets/root.js"/></head>',
  "<body><h1>Wound care — grafts ≥ 2 cm² ✓</h1>",
  '<script nonce="abc">window.__reactRouterContext = {};</script>',
  '<script nonce="abc" type="text/plain" data-after-paint="">import * as route0 from "/assets/root.js";\nimport("/assets/entry.client.js");</script>',
  "</body></html>",
].join("");

describe("scripts after the first paint", () => {
  it("makes the module preloads and the module script inert, and leaves the rest as it was", () => {
    expect(scriptsAfterPaint(page)).toBe(inert);
    // A cached page has no nonce.
    expect(scriptsAfterPaint('<script type="module" async="">import "/a.js";</script>')).toBe('<script type="text/plain" data-after-paint="">import "/a.js";</script>');
    // A stylesheet, a classic script or a page without scripts is not touched.
    expect(scriptsAfterPaint("<html><body><h1>Products</h1></body></html>")).toBe("<html><body><h1>Products</h1></body></html>");
  });

  it("rewrites a streamed document the same however it is cut, even inside a tag or a character", async () => {
    const bytes = Buffer.from(page, "utf8");
    for (let cut = 1; cut < bytes.length; cut++) {
      const chunks = [bytes.subarray(0, cut), bytes.subarray(cut)];
      expect(await text(Readable.from(chunks).pipe(scriptsAfterPaintStream())), `cut at byte ${cut}`).toBe(inert);
    }
    // One byte at a time.
    expect(await text(Readable.from([...bytes].map((b) => Buffer.from([b]))).pipe(scriptsAfterPaintStream()))).toBe(inert);
  });
});
