import { randomBytes } from "node:crypto";

/** A fresh value for each response: only scripts that carry it may run inline. */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/** Origins of the configured embedded views: the only frames the site may show. */
export function frameOrigins(env: Record<string, string | undefined>): string[] {
  const names = Object.keys(env).filter((k) => /^PORTAL_(DEMO|STATUS|IVR|ORDER|INVOICE)_URL$/.test(k));
  const origins = new Set<string>();
  for (const name of names) {
    try {
      const url = new URL(env[name] ?? "");
      if (url.protocol === "https:" || url.protocol === "http:") origins.add(url.origin);
    } catch {
      // unset or not a URL: no frame
    }
  }
  return [...origins].sort();
}

export function contentSecurityPolicy(nonce: string, frames: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
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

/** Headers for every answer; HSTS only in production, where the site is served over https. */
export function securityHeaders({ nonce, frames, production }: { nonce: string; frames: readonly string[]; production: boolean }) {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(nonce, frames),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    "X-Frame-Options": "DENY",
  };
  if (production) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}
