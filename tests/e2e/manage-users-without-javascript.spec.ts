import { expect, test } from "@playwright/test";
import { answerSecondFactor } from "./support/page";
import { testAccounts } from "./support/accounts";

const { admin, promoted } = testAccounts;

test.use({ javaScriptEnabled: false });

test("without JavaScript, changing a role takes a confirm step, and Cancel changes nothing", async ({ page }) => {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await answerSecondFactor(page);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/users");

  const row = () => page.getByRole("row").filter({ hasText: promoted.email });
  await row().getByLabel(`Role of ${promoted.email}`).selectOption("staff");
  await row().getByRole("button", { name: /^Save role/ }).click();
  const step = row().getByRole("alert");
  await expect(step).toContainText(`Change the role of ${promoted.email}?`);
  await expect(step).toContainText(`${promoted.email} becomes staff from their next page`);
  await step.getByRole("link", { name: "Cancel" }).click();
  await expect(row()).toContainText("member");
  await expect(row()).not.toContainText("staff");

  await row().getByLabel(`Role of ${promoted.email}`).selectOption("staff");
  await row().getByRole("button", { name: /^Save role/ }).click();
  await row().getByRole("button", { name: "Change role" }).click();
  await expect(row()).toContainText(`${promoted.email} is now staff (was member).`);
});
