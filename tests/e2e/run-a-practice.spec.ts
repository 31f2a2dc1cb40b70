import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { checkBothWidths, shoot } from "./support/a11y";
import { testAccounts } from "./support/accounts";
import { gotoHydrated, JOURNEY_TIMEOUT_MS } from "./support/page";
import { seededPractice } from "./support/seed-ivrs";
import { MAIL_OFF_ORIGIN as MAIL_OFF, signedInContextPage, signedInPage, useSession } from "./support/sessions";

const { staff } = testAccounts;
// MAIL_OFF: the second server has mail delivery off, so an invitation shows its link to the admin.

test("an admin creates a practice and invites a member, who sets a password and adds a facility and a provider", async ({ browser }) => {
  test.setTimeout(JOURNEY_TIMEOUT_MS);
  const marker = randomUUID().slice(0, 8);
  const practiceName = `Bayside Wound Care ${marker}`;
  const invitee = `nurse-${marker}@bayside.example`;

  const page = await signedInPage(browser, "adminMailOff");
  const adminContext = page.context();
  await page.getByRole("navigation", { name: "Staff console" }).getByRole("link", { name: "Practices" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Practices");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("Practice name").fill(practiceName);
  await page.getByLabel("Tax id").fill("123456789");
  await page.getByRole("button", { name: "Create practice" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(practiceName);
  await expect(page.getByText("Tax id 12-3456789")).toBeVisible();
  const practiceUrl = page.url();

  // The same name again is refused beside the field, with the name kept.
  await gotoHydrated(page, `${MAIL_OFF}/admin/practices`);
  await page.getByLabel("Practice name").fill(practiceName.toUpperCase());
  await page.getByRole("button", { name: "Create practice" }).click();
  await expect(page.getByText(`A practice named ${practiceName.toUpperCase()} already exists`)).toBeVisible();
  await expect(page.getByLabel("Practice name")).toHaveValue(practiceName.toUpperCase());
  await expect(page.getByRole("row").filter({ hasText: practiceName })).toBeVisible();
  await checkBothWidths(page);
  await shoot(page, "practices");

  await gotoHydrated(page, practiceUrl);
  await page.getByLabel("Member's email").fill(invitee);
  await page.getByRole("button", { name: "Send invitation" }).click();
  const panel = page.getByRole("status").filter({ hasText: "Invitation created: mail delivery is off" });
  await expect(panel).toContainText(`to join ${practiceName}`);
  const link = await panel.getByLabel("Set-password link").inputValue();
  await expect(page.getByRole("row").filter({ hasText: invitee })).toBeVisible();
  await checkBothWidths(page);

  // The member sets a password and lands in the portal; their practice page is theirs.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await gotoHydrated(member, link);
  await member.getByLabel(/^New password/).fill("a brand new password 1");
  await member.getByLabel("Confirm password").fill("a brand new password 1");
  await member.getByRole("button", { name: "Set my password" }).click();
  await expect(member).toHaveURL(/\/auth\?password=set$/);
  await member.getByLabel("Email").fill(invitee);
  await member.getByLabel("Password").fill("a brand new password 1");
  await member.getByRole("button", { name: "Sign In" }).click();
  await expect(member).toHaveURL(/\/members$/);

  await gotoHydrated(member, `${MAIL_OFF}/members/practice`);
  await expect(member.getByRole("heading", { name: practiceName })).toBeVisible();
  await checkBothWidths(member);
  const facilityForm = member.locator("#facility-form");
  await facilityForm.getByLabel("Facility name").fill(`Bayside clinic ${marker}`);
  await facilityForm.getByLabel("Usual place of service").selectOption("11");
  await facilityForm.getByLabel("Street address").fill("12 Harbor Road");
  await facilityForm.getByLabel("City").fill("Tampa");
  await facilityForm.getByLabel("State").selectOption("FL");
  await facilityForm.getByLabel("ZIP").fill("33602");
  await facilityForm.getByLabel("Phone").fill("813 555 0142");
  await facilityForm.getByRole("button", { name: "Add facility" }).click();
  await expect(member.getByRole("row").filter({ hasText: `Bayside clinic ${marker}` })).toBeVisible();

  const providerForm = member.locator("#provider-form");
  await providerForm.getByLabel("First name").fill("Lena");
  await providerForm.getByLabel("Last name").fill(`Ortiz${marker}`);
  await providerForm.getByLabel("Individual NPI").fill("1234567890");
  await providerForm.getByRole("button", { name: "Add provider" }).click();
  await expect(providerForm.getByText("NPI 1234567890 is not a valid NPI: its check digit does not match")).toBeVisible();
  await expect(providerForm.getByLabel("Individual NPI")).toBeFocused();
  await checkBothWidths(member);
  await providerForm.getByLabel("Individual NPI").fill("1234567893");
  await providerForm.getByRole("button", { name: "Add provider" }).click();
  await expect(member.getByRole("row").filter({ hasText: `Ortiz${marker}` })).toContainText("1234567893");
  await shoot(member, "member-practice");

  // Editing keeps to the member's practice: an id that is not theirs is not found.
  await member.getByRole("link", { name: `Edit Bayside clinic ${marker}` }).click();
  await expect(member.getByRole("heading", { name: `Edit Bayside clinic ${marker}` })).toBeVisible();
  await member.locator("#facility-form").getByLabel("Facility name").fill(`Bayside north ${marker}`);
  await member.locator("#facility-form").getByRole("button", { name: "Save facility" }).click();
  await expect(member.getByRole("row").filter({ hasText: `Bayside north ${marker}` })).toBeVisible();
  const stranger = await member.goto(`${MAIL_OFF}/members/practice?facility=00000000-0000-4000-8000-000000000000`);
  expect(stranger?.status()).toBe(404);

  // The member's patients: added once, a second entry of the same patient refused.
  await gotoHydrated(member, `${MAIL_OFF}/members/patients`);
  const addPatient = async () => {
    await member.getByLabel("First name").fill("Rosa");
    await member.getByLabel("Last name").fill(`Delgado${marker}`);
    await member.locator('input[name="birthDate"]').fill("1950-04-12");
    await member.getByLabel("Sex").selectOption("female");
    await member.getByLabel("Street address").fill("8 Palm Avenue");
    await member.getByLabel("City").fill("Tampa");
    await member.getByLabel("State").selectOption("FL");
    await member.getByLabel("ZIP").fill("33602");
    await member.locator('input[name="payerName"]').fill("Medicare Part B");
    await member.locator('select[name="payerType"]').selectOption("medicare");
    await member.locator('input[name="memberId"]').fill("1EG4-TE5-MK73");
    await member.getByRole("button", { name: "Add patient" }).click();
  };
  await addPatient();
  await expect(member.getByRole("row").filter({ hasText: `Delgado${marker}, Rosa` })).toBeVisible();
  await addPatient();
  await expect(member.getByText("A patient with this last name and date of birth is already in your practice")).toBeVisible();
  await checkBothWidths(member, "member-patients");
  await memberContext.close();

  // The console shows what the member added.
  await gotoHydrated(page, practiceUrl);
  await expect(page.getByRole("region", { name: "Facilities of the practice" })).toContainText(`Bayside north ${marker}`);
  await expect(page.getByRole("region", { name: "Providers of the practice" })).toContainText("1234567893");
  await adminContext.close();
});

test("staff work the seeded IVRs: review, ask for information, record coverage; each read is audited", async ({ page, browser }) => {
  test.setTimeout(JOURNEY_TIMEOUT_MS);
  await useSession(page, "staff");
  await page.getByRole("navigation", { name: "Staff console" }).getByRole("link", { name: /^IVRs/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("IVRs");
  const queue = page.getByRole("region", { name: "IVR queue" });
  const hale = queue.getByRole("row").filter({ hasText: "M.H." });
  const ames = queue.getByRole("row").filter({ hasText: "W.A." });
  await expect(hale).toContainText("Seeded Wound Care");
  await expect(hale).toContainText("Submitted");
  await checkBothWidths(page, "ivr-queue");

  // Margaret Hale's IVR: review, then ask the practice for more.
  await hale.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/admin\/ivrs\/[0-9a-f-]{36}$/);
  const haleUrl = page.url();
  const haleId = haleUrl.split("/").pop()!;
  // The address changes before the IVR's page has rendered: its heading is read once it is the IVR's.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^IVR-\d{6}/);
  const haleReference = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByText("Margaret Hale", { exact: true })).toBeVisible();
  await expect(page.getByText("15271 + 2 × 15272")).toBeVisible();
  await expect(page.getByText("Ana Ruiz").first()).toBeVisible();
  await checkBothWidths(page, "ivr-page");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: /download/i }).first().click();
  expect((await download).suggestedFilename()).toBe("wound.png");

  await page.getByRole("button", { name: "Start review" }).click();
  await expect(page.getByText("Submitted → In review")).toBeVisible();
  await page.getByLabel("Message to the practice").fill("Please attach the last two visit notes.");
  await page.getByRole("button", { name: "Ask for information" }).click();
  await expect(page.getByText("In review → Needs information")).toBeVisible();
  await expect(page.getByText("Waiting for the practice to answer.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Record verification" })).toHaveCount(0);

  // Walter Ames's IVR: review, then covered until the default date.
  await page.goto("/admin/ivrs");
  await ames.getByRole("link").first().click();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("button", { name: "Start review" }).click();
  await expect(page.getByText("Submitted → In review")).toBeVisible();
  const validUntil = page.getByLabel("Valid until");
  const expected = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
  await expect(validUntil).toHaveValue(expected);
  // Only the outcomes allowed from In review are offered.
  const outcomes = await page.getByLabel("Outcome").locator("option:not([disabled])").allTextContents();
  expect(outcomes).toEqual(["Covered", "Prior auth required", "Not covered"]);
  await page.getByLabel("Outcome").selectOption("covered");
  await page.getByLabel("Network status").selectOption("in-network");
  await page.getByLabel("Copay", { exact: true }).fill("abc");
  await page.getByRole("button", { name: "Record verification" }).click();
  await expect(page.getByText("Copay is an amount in dollars (1500 or 1500.00)")).toBeVisible();
  await page.getByLabel("Copay", { exact: true }).fill("25");
  await page.getByLabel("Call reference").fill("CALL-778");
  await page.getByRole("button", { name: "Record verification" }).click();
  await expect(page.getByText("In review → Covered")).toBeVisible();
  await expect(page.getByText(`Valid until ${expected}`)).toBeVisible();
  await expect(page.getByRole("region", { name: "Verifications" })).toContainText("CALL-778");
  await checkBothWidths(page);

  // A move the lifecycle refuses answers 409 with its message.
  const refused = await page.request.post(`${haleUrl}`, {
    form: { intent: "review" },
    headers: { Origin: new URL(haleUrl).origin },
  });
  expect(refused.status()).toBe(409);

  // Every staff read of an IVR left an audit row naming it by its reference, linked to it, which an admin reads in the audit log.
  const adminPage = await signedInContextPage(browser, "admin");
  const adminContext = adminPage.context();
  await adminPage.goto(`/admin/audit?action=ivr.view&actor=${encodeURIComponent(staff.email)}`);
  await expect(adminPage.getByRole("link", { name: haleReference }).first()).toHaveAttribute("href", `/admin/ivrs/${haleId}`);
  await adminPage.goto(`/admin/audit?action=ivr.file&actor=${encodeURIComponent(staff.email)}`);
  await expect(adminPage.getByRole("link", { name: haleReference }).first()).toHaveAttribute("href", `/admin/ivrs/${haleId}`);
  await adminContext.close();
});

test("staff see a practice's page without the invitation form; members and visitors are kept out of the console's new pages", async ({ page, browser }) => {
  await useSession(page, "staff", "/admin/practices");
  await page.getByRole("link", { name: "Seeded Wound Care", exact: true }).click();
  await expect(page.getByText("Only an admin can invite members.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send invitation" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Members of the practice" })).toContainText("nurse@seeded.example");

  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  for (const path of ["/admin/ivrs", "/admin/practices", "/members/practice", "/members/patients"]) {
    await anonymous.goto(path);
    await expect(anonymous, path).toHaveURL(/\/auth\?redirectTo=/);
  }
  await visitor.close();
});

test("without JavaScript, a member's provider form answers beside the field, keeps what was typed, and saves", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const marker = randomUUID().slice(0, 8);
  await page.goto("/auth");
  await page.getByLabel("Email").fill(seededPractice.member.email);
  await page.getByLabel("Password").fill(seededPractice.member.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/members$/);
  await page.goto("/members/practice");
  const form = page.locator("#provider-form");
  await form.getByLabel("First name").fill("Noor");
  await form.getByLabel("Last name").fill(`Haddad${marker}`);
  await form.getByLabel("Individual NPI").fill("1234567890");
  await form.getByRole("button", { name: "Add provider" }).click();
  await expect(page.locator("#provider-form").getByText("NPI 1234567890 is not a valid NPI: its check digit does not match")).toBeVisible();
  await expect(page.locator("#provider-form").getByLabel("Last name")).toHaveValue(`Haddad${marker}`);
  await page.locator("#provider-form").getByLabel("Individual NPI").fill("1234567893");
  await page.locator("#provider-form").getByRole("button", { name: "Add provider" }).click();
  await expect(page).toHaveURL(/\/members\/practice$/);
  await expect(page.getByRole("row").filter({ hasText: `Haddad${marker}` })).toBeVisible();
  await context.close();
});
