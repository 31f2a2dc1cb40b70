import { expect, test } from "@playwright/test";
import { testAccounts } from "./support/accounts";
import { expectToast, fillContact } from "./support/forms";
import { gotoHydrated, signIn } from "./support/page";

// A hydrated page is painted before its scripts are fetched: the server sends
// the app's modules inert, and a small inline script starts them after the
// first frame (app/.server/http/scripts-after-paint.ts).

const HYDRATED = ["/", "/intake", "/apply", "/partner-callback", "/auth"];

test("hydrated pages send their modules inert: no module preload, no module script in the HTML", async ({ request }) => {
  for (const path of HYDRATED) {
    const html = await (await request.get(path)).text();
    expect(html, path).not.toContain('rel="modulepreload"');
    expect(html, path).not.toContain('type="module"');
    expect(html, path).toMatch(/<link data-modulepreload="" href="\/assets\/[^"]+\.js"/);
    expect(html, path).toMatch(/<script type="text\/plain" data-after-paint="">[^<]*import/);
  }
});

test("the first script is fetched after the first frame is drawn, and the page then hydrates and works", async ({ page }) => {
  // The moment of the first frame: a frame is drawn only once the stylesheet is in, so this is the first paint.
  await page.addInitScript(() => {
    requestAnimationFrame((time) => ((window as unknown as { firstFrame: number }).firstFrame = time));
  });
  for (const path of ["/", "/intake"]) {
    await gotoHydrated(page, path);
    const { frame, scripts } = await page.evaluate(() => ({
      frame: (window as unknown as { firstFrame?: number }).firstFrame ?? null,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => /\/assets\/.+\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    }));
    expect(frame, `${path}: a first frame`).not.toBeNull();
    expect(scripts.length, `${path}: the app's modules were fetched`).toBeGreaterThan(0);
    expect(Math.min(...scripts), `${path}: the first module is fetched after the first frame`).toBeGreaterThanOrEqual(frame!);
  }
  // Hydrated: the form checks in the browser and answers with a toast.
  await gotoHydrated(page, "/");
  const form = await fillContact(page, `paint-${Date.now()}`, `paint-${Date.now()}@clinic.example`);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expectToast(page, "Message Sent Successfully!", "We'll get back to you within 24 hours");
});

test("a page with its own nonce (a signed-in member) starts its modules under that nonce", async ({ page }) => {
  const refused: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await signIn(page, testAccounts.member.email, testAccounts.member.password);
  await page.waitForURL(/\/members/);
  await gotoHydrated(page, "/members");
  expect(refused).toEqual([]);
});
