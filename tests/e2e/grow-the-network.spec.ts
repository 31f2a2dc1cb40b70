import { randomUUID } from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectToast } from "./support/forms";
import { day } from "./support/ivr-form";
import { waitForMail } from "./support/mail";
import { gotoHydrated, JOURNEY_TIMEOUT_MS, signIn } from "./support/page";
import { partnerSeed } from "./support/seed-partners";
import { signedInPage } from "./support/sessions";

/**
 * The network grows, from end to end on one server: a sales representative
 * asks for a callback and staff make them a partner; the partner signs in
 * and copies their referral link; a practice manager opens it and requests
 * portal access, which carries the partner's code; staff approve it, which
 * makes the practice, links it to the partner and invites its admin; the
 * admin sets a password and sends an IVR; the partner sees the practice and
 * the IVR's status, and none of the patient's data; another partner gets 404.
 * (A percentage plan's statement of paid invoices: work-as-a-sales-partner.spec.ts.)
 */

const COMPANY_INBOX = "info@cardinalbiologics.example";
const PORT = Number(process.env.E2E_PORT ?? 4173);
const ORIGIN = `http://127.0.0.1:${PORT}`;

/** The set-password link of an invitation, followed; then a sign-in with the new password. */
async function acceptInvitation(browser: Browser, email: string, password: string): Promise<Page> {
  const mail = await waitForMail(email, "/set-password?token=");
  const link = new URL(/https?:\/\/\S+\/set-password\?token=[\w-]+/.exec(mail.body)![0]);
  const page = await (await browser.newContext({ baseURL: ORIGIN })).newPage();
  await gotoHydrated(page, link.pathname + link.search);
  await page.getByLabel(/^New password/).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Set my password" }).click();
  await expect(page).toHaveURL(/\/auth\?password=set$/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  return page;
}

test("a callback becomes a partner, whose referral brings a practice that staff approve; the partner follows it without patient data", async ({ browser, page }) => {
  test.setTimeout(JOURNEY_TIMEOUT_MS);
  const marker = randomUUID().slice(0, 8);
  const rep = { email: `rep-${marker}@partners.example`, password: "network partner password" };
  const practiceName = `Sagebrush Foot & Wound ${marker}`;
  const manager = { email: `manager-${marker}@sagebrush.example`, password: "sagebrush password 1" };
  const patient = { first: "Octavia", last: `Brightwater${marker}`, born: "1944-02-29", memberId: "1EG4-TE5-MK73" };

  // A representative asks for a callback about the partner program.
  await gotoHydrated(page, "/partner-callback");
  await page.getByLabel("First Name").fill("Reza");
  await page.getByLabel("Last Name").fill(`Navarro ${marker}`);
  await page.getByLabel("Email").fill(rep.email);
  await page.getByLabel("Phone").fill("602 555 0177");
  await page.getByLabel("Territory").fill(`Yuma ${marker}`);
  await page.getByRole("button", { name: "Request Callback" }).click();
  await expectToast(page, "Request Submitted Successfully", "Our team will contact you within 24 hours to discuss this exciting opportunity.");
  await waitForMail(COMPANY_INBOX, `Yuma ${marker}`);

  // Staff find it in the inbox and make a partner of it.
  const staff = await signedInPage(browser, "staff");
  await gotoHydrated(staff, `/admin?q=${encodeURIComponent(rep.email)}`);
  await staff.getByRole("link", { name: new RegExp(`Navarro ${marker}`) }).first().click();
  await staff.getByRole("button", { name: "Make partner" }).click();
  await expect(staff).toHaveURL(/\/admin\/partners\/[0-9a-f-]{36}$/);
  await expect(staff.getByText(`Reza Navarro ${marker} is now a partner. An invitation was sent to ${rep.email}.`)).toBeVisible();
  const code = (await staff.getByText(/^Code /).locator("span").textContent())!.trim();

  // The partner sets a password from the invitation, signs in and copies the referral link.
  const partner = await acceptInvitation(browser, rep.email, rep.password);
  await expect(partner).toHaveURL(`${ORIGIN}/partners`);
  await partner.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: ORIGIN });
  await partner.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await partner.getByRole("button", { name: "Copy link" }).click();
  await expect(partner.getByText("Link copied")).toBeVisible();
  const referral = await partner.evaluate(() => navigator.clipboard.readText());
  expect(referral).toBe(`${ORIGIN}/r/${code}`);

  // A practice manager opens the link and asks for the portal: the code comes with them.
  const visitor = await (await browser.newContext({ baseURL: ORIGIN })).newPage();
  await visitor.goto(referral);
  await expect(visitor.getByRole("heading", { level: 1 })).toContainText(`Reza Navarro ${marker}`);
  await visitor.getByRole("link", { name: "Request portal access" }).click();
  await expect(visitor).toHaveURL(/\/request-access$/);
  await visitor.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(visitor.getByLabel("Referral code")).toHaveValue(code);
  await visitor.getByLabel("Practice name").fill(practiceName);
  await visitor.getByLabel("Group NPI").fill("1234567893");
  await visitor.getByLabel("Street address").fill("1 Desert Rose Way");
  await visitor.getByLabel("City").fill("Yuma");
  await visitor.getByLabel("State").selectOption("AZ");
  await visitor.getByLabel("ZIP").fill("85364");
  await visitor.getByLabel("Practice phone").fill("(928) 555-0150");
  await visitor.getByLabel("Number of providers").fill("2");
  await visitor.getByLabel("Podiatry").check();
  await visitor.getByLabel("First name").fill("Mara");
  await visitor.getByLabel("Last name").fill("Solis");
  await visitor.getByLabel("Email").fill(manager.email);
  await visitor.getByLabel(/^Phone/).fill("928 555 0151");
  await visitor.getByRole("button", { name: "Request Portal Access" }).click();
  await expectToast(visitor, "Request Submitted Successfully", "We'll review your practice's details and email you within one business day.");
  const reference = /PAR-\d{6}/.exec((await waitForMail(COMPANY_INBOX, practiceName)).subject)![0];

  // Staff see whose referral it is and approve it: the practice, linked to the partner, and its admin invited.
  await gotoHydrated(staff, "/admin/access-requests");
  await staff.getByRole("row").filter({ hasText: practiceName }).getByRole("link", { name: new RegExp(reference) }).click();
  await expect(staff.getByText(`Reza Navarro ${marker} (${code})`)).toBeVisible();
  await staff.getByRole("button", { name: "Approve and invite" }).click();
  await expectToast(staff, `${reference} approved`, `${practiceName} was created. Invitation sent to ${manager.email} to join ${practiceName}.`);

  // The practice's admin sets a password, adds a provider and a patient, and sends an IVR.
  const admin = await acceptInvitation(browser, manager.email, manager.password);
  await expect(admin).toHaveURL(/\/members$/);
  await gotoHydrated(admin, "/members/practice");
  const provider = admin.locator("#provider-form");
  await provider.getByLabel("First name").fill("Ilse");
  await provider.getByLabel("Last name").fill("Varga");
  await provider.getByLabel("Individual NPI").fill("1234567893");
  await provider.getByRole("button", { name: "Add provider" }).click();
  await expect(admin.getByRole("row").filter({ hasText: "Varga" })).toBeVisible();
  await gotoHydrated(admin, "/members/patients");
  await admin.getByLabel("First name").fill(patient.first);
  await admin.getByLabel("Last name").fill(patient.last);
  await admin.locator('input[name="birthDate"]').fill(patient.born);
  await admin.getByLabel("Sex").selectOption("female");
  await admin.getByLabel("Street address").fill("8 Mesquite Court");
  await admin.getByLabel("City").fill("Yuma");
  await admin.getByLabel("State").selectOption("AZ");
  await admin.getByLabel("ZIP").fill("85364");
  await admin.locator('input[name="payerName"]').fill("Medicare Part B");
  await admin.locator('select[name="payerType"]').selectOption("medicare");
  await admin.locator('input[name="memberId"]').fill(patient.memberId);
  await admin.getByRole("button", { name: "Add patient" }).click();
  await expect(admin.getByRole("row").filter({ hasText: `${patient.last}, ${patient.first}` })).toBeVisible();
  await gotoHydrated(admin, "/members/ivrs/new");
  await admin.getByRole("combobox", { name: "Type of request" }).selectOption("new-wound");
  await admin.getByRole("combobox", { name: "Patient", exact: true }).selectOption({ label: `${patient.last}, ${patient.first} (born ${patient.born})` });
  await admin.getByRole("combobox", { name: "Provider", exact: true }).selectOption({ index: 1 });
  await admin.getByRole("combobox", { name: "Facility", exact: true }).selectOption({ index: 1 });
  await admin.getByRole("combobox", { name: "Place of service" }).selectOption("11");
  await admin.getByLabel("Expected date of service").fill(day(5));
  await admin.getByRole("combobox", { name: "Wound type" }).selectOption("diabetic-foot-ulcer");
  await admin.getByRole("combobox", { name: "Location", exact: true }).selectOption("foot");
  await admin.getByRole("combobox", { name: "Side", exact: true }).selectOption("left");
  await admin.getByLabel("Length (cm)").fill("3");
  await admin.getByLabel("Width (cm)").fill("2");
  await admin.getByLabel("Open for (weeks)").fill("6");
  await admin.getByLabel("Standard of care started on").fill(day(-35));
  await admin.getByLabel("Offloading").check();
  await admin.getByLabel("Primary ICD-10 code").fill("E11.621");
  await admin.getByRole("combobox", { name: "Product requested" }).selectOption({ index: 1 });
  await admin.getByLabel("Planned applications").fill("4");
  await admin.getByLabel("Signer's name").fill("Ilse Varga");
  await admin.getByLabel("I attest to the statement above").check();
  await admin.getByRole("button", { name: "Send IVR" }).click();
  await expect(admin).toHaveURL(/\/members\/ivrs\/[0-9a-f-]{36}$/);
  const ivr = (await admin.getByRole("heading", { level: 2, name: /^IVR-\d{6}$/ }).textContent())!;

  // The partner: the practice that came through them, its IVR by reference and status, and no patient data.
  await gotoHydrated(partner, "/partners/practices");
  await partner.getByRole("link", { name: practiceName }).click();
  await expect(partner).toHaveURL(/\/partners\/practices\/[0-9a-f-]{36}$/);
  const practicePath = new URL(partner.url()).pathname;
  await expect(partner.getByRole("list", { name: "IVRs by status" })).toContainText("Submitted");
  await expect(partner.getByRole("region", { name: "IVR list" }).getByRole("row").filter({ hasText: ivr })).toContainText("Submitted");
  for (const path of [practicePath, `${practicePath}.data`, "/partners/practices", "/partners/practices.data"]) {
    const answer = await partner.context().request.get(path);
    expect(answer.status(), path).toBe(200);
    const text = await answer.text();
    for (const value of [patient.first, patient.last, patient.born, "1944", patient.memberId, "1EG4TE5MK73", "Mesquite", "E11.621", "diabetic"]) {
      expect(text.toLowerCase(), `${path} carries ${value}`).not.toContain(value.toLowerCase());
    }
  }

  // Another partner: the practice is not theirs to find.
  const other = await (await browser.newContext({ baseURL: ORIGIN })).newPage();
  await signIn(other, partnerSeed.other.email, partnerSeed.other.password);
  await expect(other).toHaveURL(`${ORIGIN}/partners`);
  expect((await other.goto(practicePath))?.status()).toBe(404);
  expect((await other.context().request.get(`${practicePath}.data`)).status()).toBe(404);
});
