import { expect, test } from "@playwright/test";
import { siteOrigin } from "./support/page";

test("a body refused before it is read leaves its kept-alive connection usable for the next request", async ({ baseURL }) => {
  const http = await import("node:http");
  // One connection, kept alive: the second request travels on the socket of the first.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const post = (type: string, body: string) =>
    new Promise<number | string>((resolve) => {
      const url = new URL("/contact", baseURL);
      const req = http.request(
        url,
        { method: "POST", agent, headers: { "Content-Type": type, "Content-Length": Buffer.byteLength(body), "X-Resend": "1", ...siteOrigin() } },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
      req.end(body);
    });
  const padding = `padding=${"x".repeat(200 * 1024)}`;
  expect(await post("application/json", padding)).toBe(415);
  expect(await post("application/x-www-form-urlencoded", "firstName=")).toBe(400);
  expect(await post("application/x-www-form-urlencoded", padding)).toBe(413);
  expect(await post("application/x-www-form-urlencoded", "firstName=")).toBe(400);
  agent.destroy();
});

test("oversized, unlengthed and wrongly typed bodies are refused and the server stays up", async ({ request, baseURL }) => {
  const { request: rawRequest } = await import("node:http");
  // A body that says it is 50 MB: refused on its length, before it is read (the test sends only its first
  // 64 KB and waits for the answer, as a client that reads answers early would).
  const big = await new Promise<number>((resolve, reject) => {
    const url = new URL("/contact", baseURL);
    const req = rawRequest(url, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(50 * 1024 * 1024), ...siteOrigin() } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on("error", (error) => (req.destroyed ? undefined : reject(error)));
    req.write(Buffer.alloc(64 * 1024, 0x61));
  });
  expect(big).toBe(413);

  const json = await request.post("/intake", { data: { firstName: "x" }, failOnStatusCode: false, headers: { "X-Resend": "1", ...siteOrigin() } });
  expect(json.status()).toBe(415);

  // A chunked body without a length.
  const status = await new Promise<number>((resolve, reject) => {
    const url = new URL("/contact", baseURL);
    const req = rawRequest(url, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked", ...siteOrigin() } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.write("firstName=a");
    req.end();
  });
  expect(status).toBe(411);

  const health = await request.get("/healthz");
  expect(health.status()).toBe(200);
  expect((await request.get("/readyz")).status()).toBe(200);
});

test("every answer carries the security headers, and a rendered page's inline scripts run only with the response's nonce", async ({ page, request }) => {
  // A public page comes from the page cache (its scripts allowed by hash: see
  // serve-public-pages-as-files); it carries the same headers.
  const cached = (await request.get("/")).headers();
  for (const name of ["x-content-type-options", "referrer-policy", "permissions-policy"]) {
    expect(cached[name]).toBeTruthy();
  }
  // The test servers' PUBLIC_URL is plain http: no HSTS, as their session cookie cannot be Secure.
  expect(cached["strict-transport-security"]).toBeUndefined();
  expect(cached["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(cached["x-powered-by"]).toBeUndefined();

  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  // A page rendered for each request (not cached) gets a fresh nonce.
  const response = await page.goto("/forgot-password");
  const headers = response!.headers();
  const csp = headers["content-security-policy"]!;
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("frame-src 'none'");
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toContain("camera=(self)");
  expect(headers["strict-transport-security"]).toBeUndefined();
  expect(headers["x-powered-by"]).toBeUndefined();
  const inline = await page.locator("script:not([src])").evaluateAll((ss) => ss.map((s) => (s as HTMLScriptElement).nonce));
  expect(inline.length).toBeGreaterThan(0);
  expect(inline.every((n) => n === nonce)).toBe(true);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  expect(violations).toEqual([]);
  // A second answer gets a different nonce.
  const again = (await request.get("/forgot-password")).headers()["content-security-policy"];
  expect(again).not.toContain(`'nonce-${nonce}'`);
  const asset = await request.get("/favicon.svg");
  expect(asset.headers()["x-content-type-options"]).toBe("nosniff");
});

test("a post from another site, or with no origin at all, is refused", async ({ request }) => {
  const form = { firstName: "Eve", lastName: "Forge", email: "eve@forged.example", message: "hello" };
  const forged = await request.post("/contact", { form, headers: { Origin: "https://evil.example", "X-Resend": "1" } });
  expect(forged.status()).toBe(403);
  const bare = await request.post("/contact", { form, headers: { "X-Resend": "1" } });
  expect(bare.status()).toBe(403);
  const referer = await request.post("/contact", { form, headers: { Referer: "https://evil.example/page", "X-Resend": "1" } });
  expect(referer.status()).toBe(403);
  const signIn = await request.post("/auth", { form: { email: "a@b.example", password: "x" }, headers: { Origin: "null" } });
  expect(signIn.status()).toBe(403);
});
