import { expect, test } from "@playwright/test";
import { gotoPlain } from "./support/page";

test("the FAQ accordion keeps one item open at a time and can close it", async ({ page }) => {
  await gotoPlain(page, "/support");
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
  await gotoPlain(page, "/support");
  for (const count of ["12", "18", "15", "8"]) await expect(page.getByText(new RegExp(`\\b${count} articles\\b`))).toBeVisible();
  // The four guides of the Forms Library, each with its file's size (use-the-forms-library.spec.ts downloads them).
  for (const name of ["Product Catalog", "Insurance Guide", "Quick Start Guide", "Compliance Checklist"])
    await expect(page.getByRole("link", { name: new RegExp(`^Download the ${name} \\(PDF, [\\d.]+ KB\\)$`) })).toBeVisible();
  await expect(page.locator('a[href^="tel:"]').first()).toBeVisible();
  await expect(page.locator('a[href^="mailto:"]').first()).toBeVisible();
});

test("the terms page switches between its two documents, terms first @phone", async ({ page }) => {
  await gotoPlain(page, "/terms-of-service");
  // Links (the page runs no script to answer arrow keys), the current one marked.
  const tabs = page.getByRole("navigation", { name: "Legal documents" });
  const terms = tabs.getByRole("link", { name: "Terms of Service" });
  const privacy = tabs.getByRole("link", { name: "Privacy Policy" });
  const main = page.getByRole("main");
  await expect(terms).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("Last updated January 1, 2024").first()).toBeVisible();
  await expect(main.getByRole("heading", { level: 2 })).toHaveCount(12);
  await expect(main).toContainText("Arizona");
  await expect(main).toContainText(/arbitration/i);
  await expect(main).toContainText("30 days");
  await privacy.click();
  await expect(privacy).toHaveAttribute("aria-current", "page");
  await expect(terms).not.toHaveAttribute("aria-current");
  await expect(main.getByRole("heading", { level: 2 })).toHaveCount(11);
  await expect(main).toContainText("72 hours");
  await expect(main).toContainText("AES-256");
  await terms.click();
  await expect(terms).toHaveAttribute("aria-current", "page");
});

test("the footer's privacy link opens the privacy policy", async ({ page }) => {
  await gotoPlain(page, "/terms-of-service?tab=privacy");
  await expect(page.getByRole("navigation", { name: "Legal documents" }).getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("aria-current", "page");
});
