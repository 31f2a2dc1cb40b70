import { createHash } from "node:crypto";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import { articleBodies } from "~/content/articles";
import { pressCategories } from "~/content/press";
import { securityHeaders } from "./security-headers";

/**
 * The public pages as files. A public page reads no data and is the same for
 * every visitor without a session, so it is rendered once when the process
 * starts (and again every hour, which is all the clock changes), compressed
 * once, and answered from memory; a visitor with a session or a flash message
 * still gets a page rendered for them. Their Content-Security-Policy allows
 * the page's own inline scripts by their hashes instead of a per-answer nonce
 * (a page with no script allows none). With PAGE_FILES_DIR set, the pages are
 * also written there with a manifest of their headers, so a front server
 * (nginx in `npm run start:cluster`) answers them itself.
 */

/** Every address of a public page the cache holds: SPEC section 2's public screens and the variants their links make. */
export function cacheablePaths(): string[] {
  const pages = [
    "/",
    "/products",
    "/services",
    "/insurance",
    "/support",
    "/compliance",
    "/ordering",
    "/press",
    "/intake",
    "/terms-of-service",
    "/careers",
    "/apply",
    "/partner-callback",
    "/auth",
  ];
  return [
    ...pages,
    ...pressCategories.map((category) => `/press?${new URLSearchParams({ category }).toString()}`),
    "/terms-of-service?tab=privacy",
    ...articleBodies.map((a) => `/article/${a.id}`),
  ];
}

export type CachedPage = {
  /** The address it answers: path and query, exactly as linked. */
  url: string;
  body: Buffer;
  gzip: Buffer;
  brotli: Buffer;
  etag: string;
  /** Every header of the answer but the encoding and the request id. */
  headers: Record<string, string>;
};

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The CSP sources that let exactly these inline scripts run: 'sha256-…' of each. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) hashes.add(`'sha256-${createHash("sha256").update(match[1]!, "utf8").digest("base64")}'`);
  return [...hashes];
}

/** Whether the page loads any script at all (an inline one, a file, or a module preload). */
export function loadsScript(html: string): boolean {
  return /<script\b|rel="modulepreload"/i.test(html);
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * A rendered page as the cache keeps it: compressed both ways (as hard as the
 * formats go, once, on the thread pool: the hourly refill never holds up a
 * request), its ETag and headers.
 */
export async function cachedPage(url: string, html: string, { frames, hsts }: { frames: readonly string[]; hsts: boolean }): Promise<CachedPage> {
  const body = Buffer.from(html, "utf8");
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const scripts = loadsScript(html) ? ["'self'", ...inlineScriptHashes(html)] : ["'none'"];
  return {
    url,
    body,
    gzip: await gzipAsync(body, { level: 9 }),
    brotli: await brotliAsync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    etag,
    headers: {
      ...securityHeaders({ scriptSources: scripts, frames, hsts }),
      "Content-Type": "text/html; charset=utf-8",
      // Kept, but asked about again each time: a signed-in visit or a new deployment answers differently.
      "Cache-Control": "no-cache",
      Vary: "Accept-Encoding, Cookie",
      ETag: etag,
    },
  };
}

/** A visitor the cached pages are not for: signed in, or carrying a one-time message to show. */
export function wantsOwnPage(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return /(?:^|;\s*)(?:__Secure-)?portal\.session_token=|(?:^|;\s*)flash=/.test(cookieHeader);
}

/** Which encoding to answer with: brotli, gzip or none, by the request's Accept-Encoding. */
export function encodingFor(acceptEncoding: string | undefined): "br" | "gzip" | null {
  const accepted = (acceptEncoding ?? "").toLowerCase();
  const allows = (name: string) => new RegExp(`(?:^|,)\\s*${name}\\s*(?:;\\s*q=(?!0(?:\\.0*)?\\s*(?:,|$))[\\d.]+)?\\s*(?:,|$)`).test(accepted);
  if (allows("br")) return "br";
  if (allows("gzip")) return "gzip";
  return null;
}

/** The file a page is written to under PAGE_FILES_DIR: "/" is index.html, a query becomes part of the name. */
export function pageFileName(url: string): string {
  const [pathname, query] = url.split("?");
  const base = pathname === "/" ? "index" : pathname!.slice(1).replace(/\//g, "__");
  const suffix = query ? `__${createHash("sha256").update(query).digest("hex").slice(0, 12)}` : "";
  return `${base}${suffix}.html`;
}

export type PageManifest = { pages: { url: string; file: string; headers: Record<string, string> }[] };

/**
 * Writes the pages to `dir` (each with its .gz and .br twins, replaced
 * atomically) and a manifest of their addresses and headers, for a front
 * server. Several processes writing the same pages write the same bytes.
 */
export function writePageFiles(dir: string, pages: readonly CachedPage[]): PageManifest {
  mkdirSync(dir, { recursive: true });
  const write = (file: string, bytes: Buffer) => {
    const target = path.join(dir, file);
    const temporary = `${target}.${process.pid}.tmp`;
    writeFileSync(temporary, bytes);
    renameSync(temporary, target);
  };
  const manifest: PageManifest = { pages: [] };
  for (const page of pages) {
    const file = pageFileName(page.url);
    write(file, page.body);
    write(`${file}.gz`, page.gzip);
    write(`${file}.br`, page.brotli);
    manifest.pages.push({ url: page.url, file, headers: page.headers });
  }
  write("manifest.json", Buffer.from(JSON.stringify(manifest, null, 2)));
  return manifest;
}

/**
 * Renders every cacheable page through the router (`render`, the same handler
 * that answers requests, here without a session, a flash or a nonce) and keeps
 * those that answer 200 with a page and set no cookie.
 */
export async function renderPages(
  render: (request: Request) => Promise<Response>,
  { origin, frames, hsts }: { origin: string; frames: readonly string[]; hsts: boolean },
): Promise<Map<string, CachedPage>> {
  const pages = new Map<string, CachedPage>();
  for (const url of cacheablePaths()) {
    const response = await render(new Request(new URL(url, origin), { headers: { accept: "text/html", "user-agent": "page-cache" } }));
    const html = response.headers.get("content-type")?.startsWith("text/html") ?? false;
    if (response.status !== 200 || !html || response.headers.has("set-cookie")) {
      await response.body?.cancel();
      continue;
    }
    pages.set(url, await cachedPage(url, await response.text(), { frames, hsts }));
  }
  return pages;
}
