import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { expectNoA11yViolations, expectNoHorizontalScroll, shoot } from "./support/a11y";
import { testAccounts } from "./support/accounts";
import { useSession } from "./support/sessions";

const { staff } = testAccounts;
const MAIL_OFF = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4173) + 1}`;

async function expectConsoleFrame(page: Page) {
  await expect(page.getByRole("navigation", { name: "Staff console" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
  // Not the public site's header and footer.
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
}

test("the console has its own frame, and its 403 and 404 keep it and lead back to the inbox @phone", async ({ page }) => {
  test.slow();
  await useSession(page, "staff");
  await expectConsoleFrame(page);
  await expect(page.getByText(`${staff.email} (staff)`)).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shoot(page, "console-inbox");

  const denied = await page.goto("/admin/users");
  expect(denied?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1, name: "Access denied" })).toBeVisible();
  await expect(page).toHaveTitle("Access denied | Staff console | Cardinal Biologics");
  await expectConsoleFrame(page);
  await expectNoA11yViolations(page);
  await page.getByRole("link", { name: "Back to the inbox" }).click();
  await expect(page).toHaveURL(/\/admin$/);

  const missing = await page.goto("/admin/no-such-page");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
  await expectConsoleFrame(page);
  await expectNoA11yViolations(page);
  await expect(page.getByRole("link", { name: "Back to the inbox" })).toHaveAttribute("href", "/admin");
});

test("with mail delivery off, the console says so on every page, and an invitation shows its link once to copy", async ({ page, context }) => {
  test.slow();
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: MAIL_OFF });
  await useSession(page, "adminMailOff");
  for (const path of ["/admin", "/admin/outbox", "/admin/users", "/admin/audit"]) {
    await page.goto(`${MAIL_OFF}${path}`);
    await expect(page.getByText("Mail delivery is off: set SMTP_URL."), path).toBeVisible();
  }

  const email = `new-${randomUUID().slice(0, 8)}@clinic.example`;
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.goto(`${MAIL_OFF}/admin/users`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("Email").fill(email);
  await page.getByRole("combobox", { name: "Practice" }).selectOption({ label: "Sunrise Wound Care" });
  await page.getByRole("button", { name: "Send invitation" }).click();
  const panel = page.getByRole("status").filter({ hasText: "Invitation created: mail delivery is off" });
  await expect(panel).toContainText(`Give ${email} this link yourself`);
  const link = await panel.getByLabel("Set-password link").inputValue();
  expect(link).toMatch(new RegExp(`^${MAIL_OFF}/set-password\\?token=[\\w-]{20,}$`));
  await panel.getByRole("button", { name: "Copy link" }).click();
  await expect(panel.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expectNoA11yViolations(page);

  // The link works for the invited person, and is not shown again.
  const visitor = await (await page.context().browser()!.newContext()).newPage();
  await visitor.goto(link);
  await visitor.getByLabel(/^New password/).fill("a brand new password 1");
  await visitor.getByLabel("Confirm password").fill("a brand new password 1");
  await visitor.getByRole("button", { name: "Set my password" }).click();
  await expect(visitor).toHaveURL(/\/auth\?password=set$/);
  await page.reload();
  await expect(page.getByLabel("Set-password link")).toHaveCount(0);
});
