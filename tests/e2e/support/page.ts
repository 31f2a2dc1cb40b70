import type { Page } from "@playwright/test";

/** Opens a page and waits until React has hydrated it, so clicks go through the app, not a plain form post. */
export async function gotoHydrated(page: Page, path: string) {
  await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** Signs in through the sign-in page as a person would. */
export async function signIn(page: Page, email: string, password: string) {
  await gotoHydrated(page, "/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** The Origin header a page of the site would send with a form post. */
export function siteOrigin(): Record<string, string> {
  return { Origin: `http://127.0.0.1:${process.env.E2E_PORT ?? 4173}` };
}
