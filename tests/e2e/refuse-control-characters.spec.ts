import { expect, test, type Page } from "@playwright/test";
import { gotoHydrated } from "./support/page";

// A control character is bad input, not an outage: the visitor is told which
// field to correct, and the browser keeps nothing to send again later.

test("a query parameter with a control character gets 400; the site's own queries still work", async ({ request }) => {
  for (const path of ["/press?category=%00", "/apply?position=%01", "/admin?q=a%0Ab"]) {
    const answer = await request.get(path, { failOnStatusCode: false, maxRedirects: 0 });
    expect(answer.status(), path).toBe(400);
    expect(await answer.text()).toContain("contains a control character");
  }
  for (const path of ["/press?category=regulatory", "/apply?position=administrative-executive", "/terms-of-service?tab=privacy", "/press.data?category=regulatory"]) {
    expect((await request.get(path, { failOnStatusCode: false })).status(), path).toBe(200);
  }
});

const pending = (page: Page) => page.evaluate(() => localStorage.getItem("pending-submissions"));

async function sendContactWithNul(page: Page) {
  const form = page.locator("#contact form");
  await form.getByLabel("First Name").fill("Ada");
  await form.getByLabel("Last Name").fill("Lee");
  await form.getByLabel("Email").fill("ada@clinic.example");
  await form.getByLabel("Message").fill("Please call\u0000 about grafts.");
  await form.getByRole("button", { name: "Send Message" }).click();
  return form;
}

test("a NUL in a message is shown beside the field and nothing is kept for re-sending", async ({ page }) => {
  await gotoHydrated(page, "/#contact");
  const form = await sendContactWithNul(page);
  await expect(form.getByText("Message cannot contain control characters")).toBeVisible();
  await expect(page.getByText("Message Received!")).toHaveCount(0);
  expect(await pending(page)).toBeNull();
});

test("without the browser's own check, the server's 400 is shown beside the field and nothing is kept", async ({ page }) => {
  // The form schemas (and zod) load on the first check; when they cannot load the form is sent as it is.
  await page.route(/\/assets\/common-[\w-]+\.js$/, (route) => route.abort());
  await gotoHydrated(page, "/#contact");
  const answered = page.waitForResponse((r) => r.url().includes("/contact") && r.request().method() === "POST");
  const form = await sendContactWithNul(page);
  expect((await answered).status()).toBe(400);
  await expect(form.getByText("This text cannot contain control characters")).toBeVisible();
  await expect(page.getByText("Message Received!")).toHaveCount(0);
  expect(await pending(page)).toBeNull();
});
