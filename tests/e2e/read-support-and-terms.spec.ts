import { expect, test } from "@playwright/test";
import { gotoHydrated } from "./support/page";

test("the FAQ accordion keeps one item open at a time and can close it", async ({ page }) => {
  await gotoHydrated(page, "/support");
  const faq = page.getByRole("region", { name: /frequently asked/i });
  const items = faq.locator("details");
  await expect(items).toHaveCount(8);
  const first = items.nth(0);
  const second = items.nth(1);
  await expect(first).not.toHaveAttribute("open");
  await first.locator("summary").click();
  await expect(first).toHaveAttribute("open");
  await expect(first.locator("p")).toBeVisible();
  await second.locator("summary").click();
  await expect(second).toHaveAttribute("open");
  await expect(first).not.toHaveAttribute("open");
  await expect(faq.locator("details[open]")).toHaveCount(1);
  await second.locator("summary").click();
  await expect(second).not.toHaveAttribute("open");
  await expect(faq.locator("details[open]")).toHaveCount(0);
});

test("support lists its channels, topic counts and downloads", async ({ page }) => {
  await gotoHydrated(page, "/support");
  for (const count of ["12", "18", "15", "8"]) await expect(page.getByText(new RegExp(`\\b${count} articles\\b`))).toBeVisible();
  for (const size of ["2.4 MB", "1.8 MB", "850 KB", "1.2 MB"]) await expect(page.getByText(size)).toBeVisible();
  await expect(page.locator('a[href^="tel:"]').first()).toBeVisible();
  await expect(page.locator('a[href^="mailto:"]').first()).toBeVisible();
});

test("the terms page switches between its two tabs, terms first @phone", async ({ page }) => {
  await gotoHydrated(page, "/terms-of-service");
  const terms = page.getByRole("tab", { name: "Terms of Service" });
  const privacy = page.getByRole("tab", { name: "Privacy Policy" });
  await expect(terms).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("Last updated January 1, 2024").first()).toBeVisible();
  const termsPanel = page.getByRole("tabpanel");
  await expect(termsPanel.getByRole("heading", { level: 2 })).toHaveCount(12);
  await expect(termsPanel).toContainText("Arizona");
  await expect(termsPanel).toContainText(/arbitration/i);
  await expect(termsPanel).toContainText("30 days");
  await privacy.click();
  await expect(privacy).toHaveAttribute("aria-selected", "true");
  await expect(terms).toHaveAttribute("aria-selected", "false");
  const privacyPanel = page.getByRole("tabpanel");
  await expect(privacyPanel.getByRole("heading", { level: 2 })).toHaveCount(11);
  await expect(privacyPanel).toContainText("72 hours");
  await expect(privacyPanel).toContainText("AES-256");
  await terms.click();
  await expect(terms).toHaveAttribute("aria-selected", "true");
});

test("the footer's privacy link opens the privacy tab", async ({ page }) => {
  await gotoHydrated(page, "/terms-of-service?tab=privacy");
  await expect(page.getByRole("tab", { name: "Privacy Policy" })).toHaveAttribute("aria-selected", "true");
});
