import { expect, test } from "@playwright/test";
import { checkBothWidths } from "./support/a11y";
import { publicPages } from "./support/routes";

// Each page is loaded once and checked at 1280 and 375 px.
for (const { path, heading } of publicPages) {
  test(`${path} renders its heading, title and description, with no axe violations at 1280 and 375 px`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page).toHaveTitle(/.+\|.+/);
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description?.length ?? 0).toBeGreaterThan(30);
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText(`© ${new Date().getFullYear()}`);
    await expect(page.getByRole("contentinfo")).toContainText("All rights reserved.");
    await checkBothWidths(page);
  });
}

test("every page has a title of its own", async ({ request }) => {
  // The title the server writes (the public pages are files; no script changes their title).
  const titles = new Set<string>();
  for (const { path } of publicPages) {
    const html = await (await request.get(path)).text();
    titles.add(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");
  }
  expect([...titles].filter(Boolean)).toHaveLength(publicPages.length);
});

test("an unknown path answers 404 with the not-found page @phone", async ({ page }) => {
  const response = await page.goto("/no-such-page/at-all");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page not found");
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/limb salvage/i);
});

test("the not-found page has no axe violations at 1280 and 375 px", async ({ page }) => {
  await page.goto("/missing");
  await checkBothWidths(page);
});

test("signed-in pages send a visitor without a session to sign-in", async ({ page }) => {
  for (const path of ["/members", "/forms-library", "/education"]) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    // The portal's home needs no return address; other pages are named so sign-in comes back to them.
    const signInAt = path === "/members" ? "/auth" : `/auth?redirectTo=${encodeURIComponent(path)}`;
    expect(response.headers().location, path).toBe(signInAt);
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${signInAt.replace(/[?]/g, "\\?")}$`));
  }
});

test("robots.txt and sitemap.xml are served", async ({ request }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain("Sitemap: ");
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()["content-type"]).toContain("xml");
  const xml = await sitemap.text();
  for (const path of ["/products", "/press", "/article/1", "/article/2", "/careers"]) expect(xml).toContain(`${path}</loc>`);
  expect(xml).not.toContain("/members");
});

test("health check answers and fingerprinted assets are cached for a year", async ({ request }) => {
  const health = await request.get("/healthz");
  expect(health.status()).toBe(200);
  // Read the server's HTML: after hydration the client may drop the preload links.
  const html = await (await request.get("/")).text();
  const asset = /<link data-modulepreload="" href="([^"]+)"/.exec(html)?.[1];
  expect(asset).toMatch(/^\/assets\//);
  const res = await request.get(asset!);
  expect(res.headers()["cache-control"]).toContain("max-age=31536000");
  expect(res.headers()["cache-control"]).toContain("immutable");
  const home = await request.get("/", { headers: { "Accept-Encoding": "gzip" } });
  expect(home.headers()["content-encoding"]).toBe("gzip");
  expect(home.headers()["x-powered-by"]).toBeUndefined();
});
