import { expect, type Page } from "@playwright/test";

/** Fills the landing page's contact form (#contact) with a message carrying the marker. */
export async function fillContact(page: Page, marker: string, email: string) {
  const form = page.locator("#contact form");
  await form.getByLabel("First Name").fill("Ada");
  await form.getByLabel("Last Name").fill("Lee");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Company").fill("Lee Podiatry");
  await form.getByLabel("Message").fill(`Please call about grafts. ${marker}`);
  return form;
}

/** A toast with this title is shown, and says this. */
export async function expectToast(page: Page, title: string, description: string) {
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: title });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(description);
}
