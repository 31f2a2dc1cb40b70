import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { checkBothWidths, expectNoA11yViolations } from "./support/a11y";
import { testAccounts } from "./support/accounts";
import { waitForMail } from "./support/mail";
import { gotoHydrated, signIn, siteOrigin } from "./support/page";
import { useSession } from "./support/sessions";

const { staff, disabled } = testAccounts;
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

// Runs once, at 1280 px; the inbox and the submission's page are checked at 375 px too.
test("staff see a contact message sent a moment ago, change its status and note it", async ({ page }) => {
  test.slow();
  const marker = randomUUID().slice(0, 8);
  const email = `zoe-${marker}@clinic.example`;
  const sent = await page.request.post("/contact", {
    form: { firstName: "Zoe", lastName: `Quinn${marker}`, email, message: `Need pricing ${marker}` },
    headers: { "X-Resend": "1", ...siteOrigin() },
  });
  expect(sent.status()).toBe(200);

  await useSession(page, "staff");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Inbox");
  await expect(page.getByRole("row").filter({ hasText: email })).toBeVisible();
  await checkBothWidths(page);

  await page.getByRole("row").filter({ hasText: email }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/admin\/submissions\//);
  // The message's preview is in the inbox row too: the page is the submission's once its own form is there.
  await expect(page.getByRole("button", { name: "Update status" })).toBeVisible();
  await expect(page.getByText(`Need pricing ${marker}`)).toBeVisible();
  await page.getByLabel("Status", { exact: true }).selectOption("in_progress");
  await page.getByRole("button", { name: "Update status" }).click();
  await expect(page.getByText(/in progress/i).first()).toBeVisible();
  await page.getByLabel(/note/i).fill(`Called back ${marker}`);
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByText(`Called back ${marker}`)).toBeVisible();
  await expect(page.getByText(staff.email).first()).toBeVisible();
  await checkBothWidths(page);

  await gotoHydrated(page, "/admin?status=in_progress");
  await expect(page.getByRole("row").filter({ hasText: email })).toBeVisible();
  await gotoHydrated(page, "/admin?status=new&kind=contact");
  await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);
});

test("staff download an applicant's resume and export CSV", async ({ page }) => {
  const marker = randomUUID().slice(0, 8);
  const email = `rae-${marker}@candidate.example`;
  const sent = await page.request.post("/apply", {
    multipart: {
      firstName: "Rae",
      lastName: `Stone${marker}`,
      email,
      phone: "602 555 0101",
      resume: { name: "Rae CV.pdf", mimeType: "application/pdf", buffer: PDF },
    },
    headers: { "X-Resend": "1", ...siteOrigin() },
  });
  expect(sent.status()).toBe(200);

  await useSession(page, "staff");
  await page.getByRole("row").filter({ hasText: email }).getByRole("link").first().click();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: /download/i }).first().click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("Rae CV.pdf");
  expect(readFileSync(await file.path()).equals(PDF)).toBe(true);

  await gotoHydrated(page, "/admin");
  const csv = page.waitForEvent("download");
  await page.locator('a[href="/admin/export/application.csv"]').click();
  const exported = await csv;
  expect(exported.suggestedFilename()).toMatch(/^application-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync(await exported.path(), "utf8");
  expect(text.split("\n")[0]).toMatch(/email/i);
  expect(text).toContain(email);

  // Staff are not admins.
  expect((await page.request.get("/admin/users", { maxRedirects: 0 })).status()).toBe(403);
  expect((await page.request.get("/admin/audit", { maxRedirects: 0 })).status()).toBe(403);
});

test("an admin invites a user, whose link sets a password once and signs them in", async ({ browser }) => {
  test.slow();
  const marker = randomUUID().slice(0, 8);
  const invitee = `new-${marker}@clinic.example`;
  const adminContext = await browser.newContext();
  const page = await adminContext.newPage();
  await useSession(page, "admin", "/admin/users");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Users");
  await page.getByRole("textbox", { name: /email/i }).first().fill(invitee);
  await page.getByRole("combobox", { name: /role/i }).first().selectOption("member");
  await page.getByRole("combobox", { name: "Practice" }).selectOption({ label: "Sunrise Wound Care" });
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${invitee} to join Sunrise Wound Care`)).toBeVisible();
  await expectNoA11yViolations(page);
  const mail = await waitForMail(invitee, "/set-password?token=");
  const link = /https?:\/\/\S+\/set-password\?token=[\w-]+/.exec(mail.body)![0];
  await adminContext.close();

  const context = await browser.newContext();
  const visitor = await context.newPage();
  await gotoHydrated(visitor, new URL(link).pathname + new URL(link).search);
  await visitor.getByLabel(/^New password/).fill("a brand new password");
  await visitor.getByLabel("Confirm password").fill("a brand new password");
  await visitor.getByRole("button", { name: "Set my password" }).click();
  await expect(visitor).toHaveURL(/\/auth\?password=set$/);
  await visitor.getByLabel("Email").fill(invitee);
  await visitor.getByLabel("Password").fill("a brand new password");
  await visitor.getByRole("button", { name: "Sign In" }).click();
  await expect(visitor).toHaveURL(/\/members$/);
  // The link worked once.
  await visitor.goto(new URL(link).pathname + new URL(link).search);
  await expect(visitor.getByText("This link is no longer valid")).toBeVisible();
  await context.close();
});

test("disabling a user ends their open session at once", async ({ browser }) => {
  test.slow();
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signIn(memberPage, disabled.email, disabled.password);
  await expect(memberPage).toHaveURL(/\/members$/);

  const adminContext = await browser.newContext();
  const page = await adminContext.newPage();
  await useSession(page, "admin", "/admin/users");
  const row = page.getByRole("row").filter({ hasText: disabled.email });
  // Disabling asks first; Escape (or Cancel) leaves the account as it is.
  await row.getByRole("button", { name: /^disable/i }).click();
  const dialog = page.getByRole("alertdialog", { name: `Disable ${disabled.email}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectNoA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(row.getByRole("button", { name: /^disable/i })).toBeFocused();
  await expect(page.getByRole("row").filter({ hasText: disabled.email })).not.toContainText(/disabled/i);
  // By keyboard: the button opens the dialog, Tab reaches its confirm button, Enter disables.
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Disable account" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("row").filter({ hasText: disabled.email })).toContainText(/disabled/i);

  await memberPage.reload();
  await expect(memberPage).toHaveURL(/\/auth$/);
  await signIn(memberPage, disabled.email, disabled.password);
  await expect(memberPage.locator("[data-sonner-toast]").filter({ hasText: "Invalid credentials" })).toBeVisible();

  await gotoHydrated(page, "/admin/audit");
  await expect(page.getByRole("row").filter({ hasText: "user.disable" }).first()).toContainText(disabled.email);
  await memberContext.close();
  await adminContext.close();
});
