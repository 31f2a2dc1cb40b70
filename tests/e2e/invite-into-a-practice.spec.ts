import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { checkBothWidths } from "./support/a11y";
import { testAccounts } from "./support/accounts";
import { gotoHydrated } from "./support/page";
import { useSession } from "./support/sessions";

const { loose } = testAccounts;

test("a member is invited into a practice, and an existing account in no practice is added from the practice's page", async ({ page }) => {
  test.slow();
  const marker = randomUUID().slice(0, 8);
  const practiceName = `Mesa Wound Care ${marker}`;
  await useSession(page, "admin", "/admin/practices");
  await page.getByLabel("Practice name").fill(practiceName);
  await page.getByRole("button", { name: "Create practice" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(practiceName);
  const practiceUrl = page.url();

  // On the users page, a member's invitation asks for the practice first (in the browser, nothing sent).
  await gotoHydrated(page, "/admin/users");
  const invitee = `nurse-${marker}@mesa.example`;
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(invitee);
  await page.getByRole("button", { name: "Send invitation" }).click();
  const practice = page.getByRole("combobox", { name: "Practice" });
  await expect(practice).toHaveAccessibleDescription("Choose the member's practice");
  await checkBothWidths(page, "users-practice-required");
  await practice.selectOption({ label: practiceName });
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${invitee} to join ${practiceName}`)).toBeVisible();
  const invited = page.getByRole("row").filter({ hasText: invitee });
  await expect(invited.getByRole("link", { name: practiceName })).toBeVisible();
  // Staff belong to no practice: the control is off for them.
  await page.getByRole("combobox", { name: "Role", exact: true }).selectOption("staff");
  await expect(practice).toBeDisabled();
  await expect(page.getByRole("row").filter({ hasText: loose.email })).toContainText("None: add from its practice’s page");

  // The account in no practice, invited again from the practice page: 409 with a link to it and the offer to add it.
  await gotoHydrated(page, practiceUrl);
  await page.getByLabel("Member's email").fill(loose.email);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByLabel("Member's email")).toHaveAccessibleDescription(`${loose.email} already has an account, in no practice yet.`);
  await expect(page.getByRole("link", { name: `See the account of ${loose.email}` })).toBeVisible();
  await checkBothWidths(page, "practice-existing-account");
  await page.getByRole("button", { name: `Add ${loose.email} to ${practiceName}` }).click();
  await expect(page.getByText(`${loose.email} is now a member of ${practiceName}.`)).toBeVisible();
  await expect(page.getByRole("region", { name: "Members of the practice" }).getByRole("row").filter({ hasText: loose.email })).toBeVisible();

  // Now in a practice: neither invited nor added elsewhere, and the users table shows where.
  await gotoHydrated(page, "/admin/users");
  await expect(page.getByRole("row").filter({ hasText: loose.email }).getByRole("link", { name: practiceName })).toBeVisible();
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(loose.email);
  await page.getByRole("combobox", { name: "Practice" }).selectOption({ label: practiceName });
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("textbox", { name: "Email", exact: true })).toHaveAccessibleDescription(
    `${loose.email} is already a member of ${practiceName}.`,
  );
  await page.getByRole("link", { name: `Its practice, ${practiceName}` }).click();
  await expect(page).toHaveURL(practiceUrl);
});
