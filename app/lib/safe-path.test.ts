import { describe, expect, it } from "vitest";
import { refererPath, safeRedirectPath } from "./safe-path";

describe("redirect targets from a request", () => {
  it("keeps a path of this site with its query and fragment", () => {
    expect(safeRedirectPath("/admin/submissions/42?tab=files#notes")).toBe("/admin/submissions/42?tab=files#notes");
    expect(safeRedirectPath("/members")).toBe("/members");
  });

  it("refuses anything a browser would follow to another site", () => {
    for (const target of ["//evil.example", "/\\evil.example", "\\\\evil.example", "https://evil.example/", "javascript:alert(1)", "evil.example", "/\t/evil.example", "/\n/evil.example", "", null, undefined]) {
      expect(safeRedirectPath(target as string, "/fallback"), String(target)).toBe("/fallback");
    }
  });

  it("takes a Referer's path only when it names this site, and never a protocol-relative one", () => {
    expect(refererPath("http://site.test/press?category=News", "http://site.test")).toBe("/press?category=News");
    expect(refererPath("http://evil.example/members", "http://site.test")).toBe("/");
    expect(refererPath("http://site.test//evil.example/x", "http://site.test")).toBe("/");
    expect(refererPath("not a url", "http://site.test")).toBe("/");
    expect(refererPath(null, "http://site.test")).toBe("/");
  });
});
