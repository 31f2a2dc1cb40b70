import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { checkBothWidths } from "./support/a11y";
import { expectToast } from "./support/forms";
import { waitForMail } from "./support/mail";
import { gotoHydrated, gotoPlain, JOURNEY_TIMEOUT_MS, siteOrigin } from "./support/page";
import { signedInPage } from "./support/sessions";

const COMPANY_INBOX = "info@cardinalbiologics.example";
const unique = () => randomUUID().slice(0, 8);

/** Fills the request as a practice manager types it. */
async function fillRequest(page: Page, { practiceName, email }: { practiceName: string; email: string }) {
  await page.getByLabel("Practice name").fill(practiceName);
  await page.getByLabel("Group NPI").fill("1234567893");
  await page.getByLabel("Street address").fill("200 W Camelback Rd");
  await page.getByLabel("City").fill("Phoenix");
  await page.getByLabel("State").selectOption("AZ");
  await page.getByLabel("ZIP").fill("85013");
  await page.getByLabel("Practice phone").fill("(602) 555-0140");
  await page.getByLabel("Number of providers").fill("3");
  await page.getByLabel("Podiatry").check();
  await page.getByLabel("Wound care").check();
  await page.getByLabel("First name").fill("Rosa");
  await page.getByLabel("Last name").fill("Vidal");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel(/^Phone/).fill("602 555 0141");
}

/** A request sent as the form's browser sends it, for a journey that starts in the console. */
async function sendRequest(page: Page, { practiceName, email }: { practiceName: string; email: string }) {
  const form = new URLSearchParams({
    practiceName,
    groupNpi: "1234567893",
    addressLine1: "9 Harbor Way",
    city: "Tampa",
    state: "FL",
    zip: "33602",
    phone: "813 555 0100",
    contactFirstName: "Lee",
    contactLastName: "Marsh",
    contactEmail: email,
    contactPhone: "813 555 0101",
    providerCount: "2",
    specialties: "wound-care",
  });
  const sent = await page.request.post("/request-access", { data: form.toString(), headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Resend": "1", ...siteOrigin() } });
  expect(sent.status()).toBe(200);
}

test("a practice requests portal access from /ordering, staff approve it, and its admin signs in to the portal", async ({ page, browser }) => {
  test.setTimeout(JOURNEY_TIMEOUT_MS);
  const marker = unique();
  const practiceName = `Desert Bloom Podiatry ${marker}`;
  const email = `rosa-${marker}@desertbloom.example`;

  // /ordering stays plain HTML; its button leads to the request form.
  await gotoPlain(page, "/ordering");
  await page.getByRole("link", { name: "Request Portal Access" }).first().click();
  await expect(page).toHaveURL(/\/request-access$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await checkBothWidths(page, "request-access");

  // Bad input is said beside its field, and nothing typed is lost.
  await fillRequest(page, { practiceName, email });
  await page.getByLabel("Group NPI").fill("1234567890");
  await page.getByRole("button", { name: "Request Portal Access" }).click();
  await expect(page.getByText("NPI 1234567890 is not a valid NPI: its check digit does not match")).toBeVisible();
  await expect(page.getByLabel("Practice name")).toHaveValue(practiceName);
  await page.getByLabel("Group NPI").fill("1234567893");
  await page.getByRole("button", { name: "Request Portal Access" }).click();
  await expectToast(page, "Request Submitted Successfully", "We'll review your practice's details and email you within one business day.");

  const notification = await waitForMail(COMPANY_INBOX, practiceName);
  const reference = /PAR-\d{6}/.exec(notification.subject)![0];
  const confirmation = await waitForMail(email, reference);
  expect(confirmation.subject).toBe(`Your portal access request ${reference}`);

  // Staff find it in the queue the menu counts, open it and approve it.
  const staff = await signedInPage(browser, "staff");
  await expect(staff.getByRole("link", { name: /^Access requests\s*, \d+ waiting on staff$/ })).toBeVisible();
  await staff.getByRole("link", { name: /^Access requests/ }).click();
  await expect(staff).toHaveURL(/\/admin\/access-requests$/);
  const row = staff.getByRole("row").filter({ hasText: practiceName });
  await expect(row).toContainText("Pending");
  await checkBothWidths(staff, "access-requests");
  await row.getByRole("link", { name: new RegExp(reference) }).click();
  await expect(staff.getByRole("heading", { level: 1 })).toContainText(reference);
  await expect(staff.getByText("Wound care, Podiatry")).toBeVisible();
  await checkBothWidths(staff, "access-request-detail");
  await staff.getByRole("button", { name: "Approve and invite" }).click();
  await expectToast(staff, `${reference} approved`, `${practiceName} was created. Invitation sent to ${email} to join ${practiceName}.`);
  await expect(staff.getByText("Approved", { exact: true })).toBeVisible();
  await expect(staff.getByRole("button", { name: "Approve and invite" })).toHaveCount(0);
  await staff.getByRole("link", { name: practiceName }).click();
  await expect(staff.getByRole("row").filter({ hasText: "200 W Camelback Rd" })).toBeVisible();
  await expect(staff.getByRole("row").filter({ hasText: email })).toBeVisible();

  // The one mail of the approval: the invitation to choose a password.
  const invitation = await waitForMail(email, "/set-password?token=");
  const link = new URL(/https?:\/\/\S+\/set-password\?token=[\w-]+/.exec(invitation.body)![0]);
  const admin = await (await browser.newContext()).newPage();
  await gotoHydrated(admin, link.pathname + link.search);
  await admin.getByLabel(/^New password/).fill("desert bloom password");
  await admin.getByLabel("Confirm password").fill("desert bloom password");
  await admin.getByRole("button", { name: "Set my password" }).click();
  await expect(admin).toHaveURL(/\/auth\?password=set$/);
  await admin.getByLabel("Email").fill(email);
  await admin.getByLabel("Password").fill("desert bloom password");
  await admin.getByRole("button", { name: "Sign In" }).click();
  await expect(admin).toHaveURL(/\/members$/);
  await expect(admin.getByText(practiceName).first()).toBeVisible();
});

test("staff decline a request with a reason, which is mailed to the requester", async ({ page, browser }) => {
  const marker = unique();
  const practiceName = `Harbor Foot Clinic ${marker}`;
  const email = `lee-${marker}@harbor.example`;
  await sendRequest(page, { practiceName, email });

  const staff = await signedInPage(browser, "staff");
  await gotoHydrated(staff, `/admin/access-requests?q=${encodeURIComponent(marker)}`);
  await staff.getByRole("row").filter({ hasText: practiceName }).getByRole("link").click();
  await staff.getByRole("button", { name: "Decline" }).click();
  await expect(staff.getByText("Enter the reason the requester will read")).toBeVisible();
  await staff.getByLabel("Reason").fill(`We could not verify group NPI 1234567893 with the practice. ${marker}`);
  await staff.getByRole("button", { name: "Decline" }).click();
  await expectToast(staff, "declined", "The requester was mailed the reason.");
  await expect(staff.getByText("Declined", { exact: true })).toBeVisible();
  await expect(staff.getByText(`We could not verify group NPI 1234567893 with the practice. ${marker}`)).toBeVisible();

  const mail = await waitForMail(email, marker);
  expect(mail.subject).toMatch(/^Your portal access request PAR-\d{6}$/);
  expect(mail.body).toContain("We cannot approve it.");
});

test("without JavaScript, a refused request comes back with its messages beside the fields and what was typed", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const marker = unique();
  await page.goto("/request-access");
  await fillRequest(page, { practiceName: `Plain Form Practice ${marker}`, email: `plain-${marker}@example.com` });
  await page.getByLabel("Group NPI").fill("1234567890");
  await page.getByRole("button", { name: "Request Portal Access" }).click();
  await expect(page.getByText("NPI 1234567890 is not a valid NPI: its check digit does not match")).toBeVisible();
  await expect(page.getByLabel("Practice name")).toHaveValue(`Plain Form Practice ${marker}`);
  await expect(page.getByLabel("Podiatry")).toBeChecked();
  await expect(page.getByLabel("Number of providers")).toHaveValue("3");
  await page.getByLabel("Group NPI").fill("1234567893");
  await page.getByRole("button", { name: "Request Portal Access" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Request Submitted Successfully" })).toContainText("We'll review your practice's details");
  await context.close();
});
