import { expect, type Page } from "@playwright/test";
import { appCode } from "../../support/test-app";
import { testAccounts } from "./accounts";

/** Opens a page and waits until React has hydrated it, so clicks go through the app, not a plain form post. */
export async function gotoHydrated(page: Page, path: string) {
  await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * Opens a page that is sent without JavaScript (its route's handle says
 * `hydrate: false`): it is ready once loaded and is never hydrated, so there is
 * nothing to wait for. Fails if the page has a script, which would mean it is
 * one to open with gotoHydrated.
 */
export async function gotoPlain(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator("script")).toHaveCount(0);
  return response;
}

/** Signs in through the sign-in page as a person would (staff and admins with their test app's code). */
export async function signIn(page: Page, email: string, password: string) {
  await gotoHydrated(page, "/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  if (email === testAccounts.staff.email || email === testAccounts.admin.email) await answerSecondFactor(page);
}

/**
 * Answers the sign-in's second step (staff and admins) with the code the
 * test app shows now, as a person types it from their phone.
 */
export async function answerSecondFactor(page: Page) {
  await expect(page).toHaveURL(/\/sign-in\/two-factor$/);
  await page.getByLabel(/^Authentication code/).fill(appCode());
  await page.getByRole("button", { name: "Verify" }).click();
}

/** The Origin header a page of the site would send with a form post. */
export function siteOrigin(): Record<string, string> {
  return { Origin: `http://127.0.0.1:${process.env.E2E_PORT ?? 4173}` };
}

/**
 * The time limit of a journey that crosses several accounts and a dozen
 * screens (an IVR from invitation to coverage, an order to payment). A limit
 * guards against a hang, not a speed goal (speed is measured by `npm run
 * bench`): on a loaded two-core machine such a journey has taken 90 s.
 */
export const JOURNEY_TIMEOUT_MS = 240_000;
