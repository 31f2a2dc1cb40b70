import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { cacheablePaths, cachedPage, encodingFor, inlineScriptHashes, loadsScript, pageFileName, renderPages, wantsOwnPage, writePageFiles } from "./page-cache";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("the page cache", () => {
  it("allows exactly the page's inline scripts by their hashes, and no script at all on a page that has none", async () => {
    const html = `<html><head><link rel="modulepreload" href="/assets/a.js"/></head><body><script>window.a = 1;</script><script type="module" async="">import "/assets/b.js";</script><script src="/assets/c.js"></script></body></html>`;
    expect(inlineScriptHashes(html)).toEqual([sha("window.a = 1;"), sha('import "/assets/b.js";')]);
    const hydrated = await cachedPage("/", html, { frames: [], hsts: true });
    expect(hydrated.headers["Content-Security-Policy"]).toContain(`script-src 'self' ${sha("window.a = 1;")} ${sha('import "/assets/b.js";')};`);
    expect(hydrated.headers["Content-Security-Policy"]).not.toContain("nonce");
    const plain = await cachedPage("/products", "<html><body><h1>Products</h1></body></html>", { frames: [], hsts: true });
    expect(loadsScript("<html><body><h1>Products</h1></body></html>")).toBe(false);
    expect(plain.headers["Content-Security-Policy"]).toContain("script-src 'none';");
    expect(gunzipSync(plain.gzip).toString()).toBe("<html><body><h1>Products</h1></body></html>");
    expect(brotliDecompressSync(plain.brotli).toString()).toBe("<html><body><h1>Products</h1></body></html>");
    expect(plain.headers["Strict-Transport-Security"]).toMatch(/max-age/);
    expect(plain.headers.ETag).toBe(plain.etag);
  });

  it("is not for a visitor with a session or a one-time message", () => {
    expect(wantsOwnPage(undefined)).toBe(false);
    expect(wantsOwnPage("theme=dark; other=1")).toBe(false);
    expect(wantsOwnPage("portal.session_token=abc")).toBe(true);
    expect(wantsOwnPage("x=1; __Secure-portal.session_token=abc")).toBe(true);
    expect(wantsOwnPage("a=1; flash=eyJ0")).toBe(true);
    expect(wantsOwnPage("notflash=1")).toBe(false);
  });

  it("answers brotli, else gzip, as the request accepts", () => {
    expect(encodingFor("gzip, deflate, br")).toBe("br");
    expect(encodingFor("gzip")).toBe("gzip");
    expect(encodingFor("br;q=0, gzip")).toBe("gzip");
    expect(encodingFor("identity")).toBeNull();
    expect(encodingFor(undefined)).toBeNull();
  });

  it("holds every public page and the variants their links make, and names their files", () => {
    const paths = cacheablePaths();
    expect(paths).toEqual(expect.arrayContaining(["/", "/products", "/press", "/press?category=Regulatory", "/terms-of-service?tab=privacy", "/article/1", "/article/2", "/auth"]));
    expect(paths).not.toContain("/article/3");
    expect(pageFileName("/")).toBe("index.html");
    expect(pageFileName("/article/1")).toBe("article__1.html");
    expect(pageFileName("/press?category=Regulatory")).toMatch(/^press__[0-9a-f]{12}\.html$/);
  });

  it("keeps only pages that answer 200 with HTML and set no cookie, and writes them with a manifest", async () => {
    const pages = await renderPages(
      async (request) => {
        const url = new URL(request.url);
        if (url.pathname === "/auth") return new Response("<html>sign in</html>", { headers: { "content-type": "text/html", "set-cookie": "x=1" } });
        if (url.pathname === "/press") return new Response("moved", { status: 302, headers: { location: "/" } });
        return new Response(`<html>${url.pathname}</html>`, { headers: { "content-type": "text/html; charset=utf-8" } });
      },
      { origin: "http://localhost:3000", frames: [], hsts: false },
    );
    expect(pages.has("/products")).toBe(true);
    expect(pages.has("/auth")).toBe(false);
    expect(pages.has("/press")).toBe(false);
    const dir = mkdtempSync(path.join(tmpdir(), "pages-"));
    const manifest = writePageFiles(dir, [...pages.values()]);
    const products = manifest.pages.find((p) => p.url === "/products")!;
    expect(readFileSync(path.join(dir, products.file), "utf8")).toBe("<html>/products</html>");
    expect(gunzipSync(readFileSync(path.join(dir, `${products.file}.gz`))).toString()).toBe("<html>/products</html>");
    expect(JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")).pages).toHaveLength(pages.size);
  });
});
