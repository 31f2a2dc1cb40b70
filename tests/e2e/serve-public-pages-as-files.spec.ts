import { expect, test } from "@playwright/test";
import { useSession } from "./support/sessions";

/**
 * Public pages for visitors without a session come from the page cache: the
 * same bytes for everyone, their inline scripts allowed by hash (no nonce),
 * revalidated with an ETag. A visitor with a session or a flash message gets a
 * page rendered for them, with a fresh nonce and never stored.
 */
test("a visitor gets the cached page: hashed scripts, no nonce, an ETag, 304 when unchanged, and it still hydrates", async ({ page, request }) => {
  const first = await request.get("/");
  expect(first.status()).toBe(200);
  const csp = first.headers()["content-security-policy"]!;
  expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  expect(csp).not.toContain("nonce");
  expect(await first.text()).not.toContain("nonce=");
  const etag = first.headers().etag!;
  expect(etag).toBeTruthy();
  const again = await request.get("/", { headers: { "if-none-match": etag } });
  expect(again.status()).toBe(304);
  expect((await request.get("/")).headers().etag).toBe(etag);

  const refused: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.goto("/");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  expect(refused).toEqual([]);
});

test("a signed-in visitor and one with a flash message get a page rendered for them", async ({ page, request }) => {
  const flashed = await request.get("/", { headers: { cookie: "flash=eyJ0aXRsZSI6IngifQ%3D%3D" } });
  expect(flashed.headers()["content-security-policy"]).toMatch(/'nonce-[^']+'/);

  await useSession(page, "member");
  const own = await page.request.get("/");
  expect(own.headers()["content-security-policy"]).toMatch(/'nonce-[^']+'/);
  expect(own.headers()["cache-control"]).toBe("no-store");
  expect(own.headers().etag).toBeUndefined();
});
