import { expect, test as setup } from "@playwright/test";
import { testAccounts } from "./support/accounts";
import { answerSecondFactor } from "./support/page";
import { sessionFile, sessions } from "./support/sessions";

// Each account signs in once, through the sign-in form as a person would, and
// its signed-in state is kept for the tests that only need to be signed in
// (support/sessions.ts). Run by the setup project before the others.
for (const [name, { account, origin, landing }] of Object.entries(sessions)) {
  setup(`${account.email} signs in through the form at ${origin === sessions.member.origin ? "the site" : "the server with mail delivery off"}`, async ({ page }) => {
    await page.goto(`${origin}/auth`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    // Staff and admins: the code of their test app.
    if (account.email === testAccounts.staff.email || account.email === testAccounts.admin.email) await answerSecondFactor(page);
    await expect(page).toHaveURL(landing);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const cookies = await page.context().cookies();
    expect(cookies.map((c) => c.name)).toContain("portal.session_token");
    await page.context().storageState({ path: sessionFile(name as keyof typeof sessions) });
  });
}
