import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { testAccounts } from "./support/accounts";
import { answerSecondFactor, gotoHydrated, siteOrigin } from "./support/page";
import { signedInContextPage } from "./support/sessions";

const { staff, member } = testAccounts;

async function signInHere(page: import("@playwright/test").Page, email: string, password: string) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

test("a console link opened while signed out comes back to that page after sign-in", async ({ page, browser }) => {
  test.slow();
  const marker = randomUUID().slice(0, 8);
  const sent = await page.request.post("/contact", {
    form: { firstName: "Wes", lastName: `Lane${marker}`, email: `wes-${marker}@clinic.example`, message: `Deep link ${marker}` },
    headers: { "X-Resend": "1", ...siteOrigin() },
  });
  expect(sent.status()).toBe(200);
  // Find the submission's address as staff, in another browser.
  const staffPage = await signedInContextPage(browser, "staff");
  await gotoHydrated(staffPage, `/admin?q=Lane${marker}`);
  const href = await staffPage.getByRole("link", { name: `Wes Lane${marker}` }).getAttribute("href");
  await staffPage.context().close();
  expect(href).toMatch(/^\/admin\/submissions\/[0-9a-f-]{36}$/);

  await page.goto(href!);
  await expect(page).toHaveURL(new RegExp(`/auth\\?redirectTo=${encodeURIComponent(href!).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  await signInHere(page, staff.email, staff.password);
  await answerSecondFactor(page);
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByText(`Deep link ${marker}`)).toBeVisible();
});

test("a portal page opened while signed out comes back to it; a link elsewhere lands at home", async ({ page }) => {
  test.slow();
  await page.goto("/forms-library");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fforms-library$/);
  await signInHere(page, member.email, member.password);
  await expect(page).toHaveURL(/\/forms-library$/);
  await page.context().clearCookies();

  for (const target of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "/admin/users"]) {
    await page.goto(`/auth?redirectTo=${encodeURIComponent(target)}`);
    await signInHere(page, member.email, member.password);
    await expect(page, target).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/members$/);
    await page.context().clearCookies();
  }
});
