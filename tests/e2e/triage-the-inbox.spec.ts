import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { checkBothWidths } from "./support/a11y";
import { testAccounts } from "./support/accounts";
import { answerSecondFactor, gotoHydrated, siteOrigin } from "./support/page";
import { useSession } from "./support/sessions";

const { staff } = testAccounts;

// Staff read times in their own zone, with the zone named.
test.use({ timezoneId: "America/Phoenix" });

// Runs once, at 1280 px; the inbox with its search results is checked at 375 px too.
test("staff triage the inbox from its rows: search by message, sort, change several statuses at once", async ({ page }) => {
  test.slow();
  const marker = randomUUID().slice(0, 8);
  const word = `zq${marker.replace(/\d/g, "")}x`;
  const sent = await page.request.post("/contact", {
    form: { firstName: "Tess", lastName: `Ortega${marker}`, email: `tess-${marker}@clinic.example`, company: `Mesa Foot Care ${marker}`, message: `Two ${word} ulcers need grafts this week.\nPlease call.` },
    headers: { "X-Resend": "1", ...siteOrigin() },
  });
  expect(sent.status()).toBe(200);
  const second = await page.request.post("/intake", {
    form: {
      firstName: "Ugo",
      lastName: `Park${marker}`,
      email: `ugo-${marker}@clinic.example`,
      phone: "(480) 555-0199",
      organization: `Valley Wound Center ${marker}`,
      role: "physician",
      query: `Pricing for ${word} membranes`,
    },
    headers: { "X-Resend": "1", ...siteOrigin() },
  });
  expect(second.status()).toBe(200);

  await useSession(page, "staff");
  // Full-text search finds both by a word of their message or query.
  await page.getByLabel("Search").fill(word);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${word}`));
  const rows = page.getByRole("region", { name: "Submission list" }).locator("tbody tr");
  await expect(rows).toHaveCount(2);
  const tess = rows.filter({ hasText: `Ortega${marker}` });
  await expect(tess).toContainText(`Mesa Foot Care ${marker}`);
  await expect(tess).toContainText(`Two ${word} ulcers need grafts this week. Please call.`);
  await expect(tess).toContainText(/just now|\d+ min ago/);
  await expect(tess.locator("time")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M MST$/);
  await expect(rows.filter({ hasText: `Park${marker}` })).toContainText(`Valley Wound Center ${marker}`);
  await checkBothWidths(page, "inbox");

  // By phone digits too.
  await gotoHydrated(page, "/admin?q=480555");
  await expect(rows.filter({ hasText: `Park${marker}` })).toHaveCount(1);

  // Oldest first.
  await gotoHydrated(page, `/admin?q=${word}`);
  await page.getByLabel("Order").selectOption("oldest");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/sort=oldest/);
  await expect(rows.first()).toContainText(`Ortega${marker}`);

  // Tick both and close them in one go.
  await page.getByRole("checkbox", { name: `Select Tess Ortega${marker}` }).check();
  await page.getByRole("checkbox", { name: `Select Ugo Park${marker}` }).check();
  await page.getByLabel("Set status of the ticked rows to").selectOption("closed");
  await page.getByRole("button", { name: "Apply to ticked rows" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "2 submissions are now closed." })).toBeVisible();
  await expect(page).toHaveURL(/sort=oldest/);
  await expect(rows.filter({ hasText: "Closed" })).toHaveCount(2);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("several statuses change at once", async ({ page }) => {
    const marker = randomUUID().slice(0, 8);
    const sent = await page.request.post("/contact", {
      form: { firstName: "Vi", lastName: `Nash${marker}`, email: `vi-${marker}@clinic.example`, message: `Plain ${marker}` },
      headers: { "X-Resend": "1", ...siteOrigin() },
    });
    expect(sent.status()).toBe(200);
    await page.goto("/auth");
    await page.getByLabel("Email").fill(staff.email);
    await page.getByLabel("Password").fill(staff.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await answerSecondFactor(page);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto(`/admin?q=Nash${marker}`);
    await page.getByRole("checkbox", { name: `Select Vi Nash${marker}` }).check();
    await page.getByLabel("Set status of the ticked rows to").selectOption("in_progress");
    await page.getByRole("button", { name: "Apply to ticked rows" }).click();
    await expect(page).toHaveURL(new RegExp(`q=Nash${marker}`));
    await expect(page.getByRole("region", { name: "Submission list" }).locator("tbody tr")).toContainText("In progress");
  });
});
