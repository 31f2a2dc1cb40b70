import { describe, expect, it } from "vitest";
import { refererPath, safeRedirectPath } from "./safe-path";

/**
 * Known spellings that browsers (or servers decoding once more) follow to
 * another host: protocol-relative paths, backslashes, encoded slashes and
 * dots, double encoding, stripped whitespace, user-info, schemes.
 */
const BYPASSES = [
  "//evil.example",
  "//evil.example/phish",
  "///evil.example",
  "////evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "/\\/evil.example",
  "/.//evil.example/phish",
  "/././/evil.example",
  "/%2e%2e//evil.example",
  "/%2E%2E//evil.example",
  "/..//evil.example",
  "/a/../..//evil.example",
  "/%2f%2fevil.example",
  "/%2F/evil.example",
  "/%5cevil.example",
  "/%5c%5cevil.example",
  "/%252f%252fevil.example",
  "/%25252f%25252fevil.example",
  "/%255cevil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r/evil.example",
  "/%09/evil.example",
  "/%0a/evil.example",
  "/%0d%0a/evil.example",
  "/%00/evil.example",
  "/ /evil.example",
  "/\u0000/evil.example",
  "//user@evil.example",
  "/\\user@evil.example",
  "//evil.example%2f@site.invalid",
  "https://evil.example/",
  "http:evil.example",
  "https:/evil.example",
  "HTTPS://evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "/javascript:alert(1)//",
  "data:text/html,<script>alert(1)</script>",
  "evil.example",
  "@evil.example",
  "%2f%2fevil.example",
  "%2F%2Fevil.example",
  " //evil.example",
  "/%e3%80%82/evil.example",
  "/..%2f..%2f/evil.example",
  "/%2e%2e%5c%2e%2e%5cevil.example",
];

/** A target stays on this site: the fallback, or a path with one leading slash that resolves to this origin. */
function staysOnSite(result: string, fallback: string) {
  if (result === fallback) return true;
  if (!result.startsWith("/") || result.startsWith("//") || result.includes("\\")) return false;
  return new URL(result, "https://site.test").origin === "https://site.test" && new URL(result, "https://site.test/deep/page").origin === "https://site.test";
}

describe("redirect targets from a request", () => {
  it("keeps a path of this site with its query and fragment", () => {
    expect(safeRedirectPath("/admin/submissions/42?tab=files#notes")).toBe("/admin/submissions/42?tab=files#notes");
    expect(safeRedirectPath("/members")).toBe("/members");
    expect(safeRedirectPath("/members/ivrs/new?draft=5b0c7f8e-1d2a-4c3b-9e8f-0a1b2c3d4e5f")).toBe("/members/ivrs/new?draft=5b0c7f8e-1d2a-4c3b-9e8f-0a1b2c3d4e5f");
    // A query may hold an encoded or a literal percent sign.
    expect(safeRedirectPath("/admin?q=100%25")).toBe("/admin?q=100%25");
    expect(safeRedirectPath("/admin/users/")).toBe("/admin/users/");
  });

  it("normalises before judging: dot segments and repeated slashes inside a path", () => {
    expect(safeRedirectPath("/admin/./users")).toBe("/admin/users");
    expect(safeRedirectPath("/admin//users")).toBe("/admin/users");
    expect(safeRedirectPath("/members/orders/../invoices")).toBe("/members/invoices");
    expect(safeRedirectPath("/%61dmin")).toBe("/admin");
    // The reported spelling: a path of this site once its dot segment is resolved, never `//evil.example/phish`.
    expect(safeRedirectPath("/.//evil.example/phish")).toBe("/evil.example/phish");
    // Climbing above the root is refused rather than guessed.
    expect(safeRedirectPath("/../admin", "/fallback")).toBe("/fallback");
  });

  it(`never lets any of ${BYPASSES.length} known bypass spellings leave the site`, () => {
    expect(BYPASSES.length).toBeGreaterThanOrEqual(30);
    for (const target of BYPASSES) {
      const result = safeRedirectPath(target, "/fallback");
      expect(staysOnSite(result, "/fallback"), `${JSON.stringify(target)} -> ${result}`).toBe(true);
    }
  });

  it("refuses outright what is no path of this site, rather than reading a meaning into it", () => {
    for (const target of [
      "//evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/%2e%2e//evil.example",
      "/%2f%2fevil.example",
      "/%5cevil.example",
      "/%252f%252fevil.example",
      "/%09/evil.example",
      "/%00/evil.example",
      "/..//evil.example",
      "",
      null,
      undefined,
    ]) {
      expect(safeRedirectPath(target as string, "/fallback"), String(target)).toBe("/fallback");
    }
  });

  it("takes a Referer's path only when it names this site, and never a protocol-relative one", () => {
    expect(refererPath("http://site.test/press?category=News", "http://site.test")).toBe("/press?category=News");
    expect(refererPath("http://evil.example/members", "http://site.test")).toBe("/");
    expect(refererPath("http://site.test//evil.example/x", "http://site.test")).toBe("/");
    expect(refererPath("http://site.test/.//evil.example/x", "http://site.test")).toBe("/");
    expect(refererPath("not a url", "http://site.test")).toBe("/");
    expect(refererPath(null, "http://site.test")).toBe("/");
  });
});
