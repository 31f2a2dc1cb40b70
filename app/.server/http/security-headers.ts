import { randomBytes } from "node:crypto";

/** A fresh value for each response: only scripts that carry it may run inline. */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * Origins of the configured embedded views: the only frames the site may show.
 * Only the ordering page's demo is still a frame; the portal's tabs are native
 * and link to the previous views (PORTAL_STATUS/IVR/ORDER_URL) and to the
 * payment processor (PORTAL_INVOICE_URL) instead of framing them.
 */
export function frameOrigins(addresses: readonly (string | null)[]): string[] {
  const origins = new Set<string>();
  for (const address of addresses) {
    if (!address) continue;
    const url = new URL(address);
    if (url.protocol === "https:" || url.protocol === "http:") origins.add(url.origin);
  }
  return [...origins].sort();
}

/**
 * The policy of an answer. `scripts` are the script sources: for a rendered
 * page 'self' and its nonce, for a cached page 'self' and the hashes of its
 * inline scripts, for a page with no script at all 'none'.
 */
export function contentSecurityPolicy(scripts: string | readonly string[], frames: readonly string[]): string {
  // Rendered pages may read a label with the camera, whose barcode reader is WebAssembly (compiled, never eval).
  const sources = typeof scripts === "string" ? ["'self'", `'nonce-${scripts}'`, "'wasm-unsafe-eval'"] : scripts;
  return [
    "default-src 'self'",
    `script-src ${sources.join(" ")}`,
    // Radix and the toaster position elements with inline styles.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${frames.length ? frames.join(" ") : "'none'"}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
}

/**
 * Headers for every answer; HSTS when `hsts`, that is exactly when the site is
 * served over https (PUBLIC_URL, `siteIsHttps()`), as its cookies are Secure
 * then. Inline scripts run by the answer's `nonce`, or, for a cached page, by
 * `scriptSources` (their hashes).
 */
export function securityHeaders({
  nonce,
  scriptSources,
  frames,
  hsts,
}: { frames: readonly string[]; hsts: boolean } & ({ nonce: string; scriptSources?: undefined } | { nonce?: undefined; scriptSources: readonly string[] })) {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(scriptSources ?? nonce!, frames),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(self), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    "X-Frame-Options": "DENY",
  };
  if (hsts) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}
