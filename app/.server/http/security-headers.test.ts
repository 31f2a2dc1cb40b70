import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, frameOrigins, securityHeaders } from "./security-headers";

describe("security headers", () => {
  it("allows frames only from the configured embed hosts", () => {
    expect(frameOrigins([])).toEqual([]);
    expect(contentSecurityPolicy("n", [])).toContain("frame-src 'none'");
    const frames = frameOrigins(["https://docs.example.com/demo?x=1", null, "https://docs.example.com/other"]);
    expect(frames).toEqual(["https://docs.example.com"]);
    expect(contentSecurityPolicy("n", frames)).toContain("frame-src https://docs.example.com;");
  });

  it("lets only scripts with the nonce run inline and forbids being framed", () => {
    const csp = contentSecurityPolicy("abc123", []);
    expect(csp).toContain("script-src 'self' 'nonce-abc123' 'wasm-unsafe-eval'");
    expect(csp).not.toContain("unsafe-inline' 'nonce");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it("sends HSTS only when asked to (the site is served over https)", () => {
    expect(securityHeaders({ nonce: "n", frames: [], hsts: true })["Strict-Transport-Security"]).toMatch(/max-age=\d+/);
    expect(securityHeaders({ nonce: "n", frames: [], hsts: false })["Strict-Transport-Security"]).toBeUndefined();
  });
});
