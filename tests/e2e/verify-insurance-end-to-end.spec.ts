import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { checkBothWidths } from "./support/a11y";
import { JOURNEY_TIMEOUT_MS } from "./support/page";
import { MAIL_OFF_ORIGIN, signedInContextPage } from "./support/sessions";

/**
 * The Clinical Portal's first part from end to end, on one server (the one
 * with mail delivery off, so an invitation shows its link to the admin):
 * a practice is created and a member invited; the member adds a facility, a
 * provider and a patient and sends an IVR with a photo; staff ask for
 * information, the member answers, staff record coverage; the member's open
 * board shows it without a reload; another practice sees none of it.
 */
const BASE = MAIL_OFF_ORIGIN;
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function open(page: Page, path: string) {
  await page.goto(`${BASE}${path}`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

test("a practice verifies a patient's insurance: invited, set up, sent, questioned, answered, covered, live on the board, private to the practice", async ({ browser }) => {
  test.setTimeout(JOURNEY_TIMEOUT_MS);
  const marker = randomUUID().slice(0, 8);
  const practiceName = `Harbor Wound Care ${marker}`;
  const nurse = { email: `nurse-${marker}@harbor.example`, password: "harbor password 1" };

  // An admin creates the practice and invites a member into it.
  const adminPage = await signedInContextPage(browser, "adminMailOff");
  await open(adminPage, "/admin/practices");
  await adminPage.getByLabel("Practice name").fill(practiceName);
  await adminPage.getByRole("button", { name: "Create practice" }).click();
  await expect(adminPage.getByRole("heading", { level: 1 })).toHaveText(practiceName);
  await adminPage.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await adminPage.getByLabel("Member's email").fill(nurse.email);
  await adminPage.getByRole("button", { name: "Send invitation" }).click();
  const link = await adminPage.getByLabel("Set-password link").inputValue();

  // The member sets a password and signs in to the portal of that practice.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await member.goto(link);
  await member.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await member.getByLabel(/^New password/).fill(nurse.password);
  await member.getByLabel("Confirm password").fill(nurse.password);
  await member.getByRole("button", { name: "Set my password" }).click();
  await expect(member).toHaveURL(/\/auth\?password=set$/);
  await member.getByLabel("Email").fill(nurse.email);
  await member.getByLabel("Password").fill(nurse.password);
  await member.getByRole("button", { name: "Sign In" }).click();
  await expect(member).toHaveURL(/\/members$/);

  // A facility and a provider; a wrong NPI is refused with a message naming it.
  await open(member, "/members/practice");
  const facility = member.locator("#facility-form");
  await facility.getByLabel("Facility name").fill("Harbor clinic");
  await facility.getByLabel("Usual place of service").selectOption("11");
  await facility.getByLabel("Street address").fill("3 Dock Street");
  await facility.getByLabel("City").fill("Mobile");
  await facility.getByLabel("State").selectOption("AL");
  await facility.getByLabel("ZIP").fill("36602");
  await facility.getByLabel("Phone").fill("251 555 0100");
  await facility.getByRole("button", { name: "Add facility" }).click();
  await expect(member.getByRole("row").filter({ hasText: "Harbor clinic" })).toBeVisible();
  const provider = member.locator("#provider-form");
  await provider.getByLabel("First name").fill("Noor");
  await provider.getByLabel("Last name").fill("Haddad");
  await provider.getByLabel("Individual NPI").fill("1234567890");
  await provider.getByRole("button", { name: "Add provider" }).click();
  await expect(provider.getByText("NPI 1234567890 is not a valid NPI: its check digit does not match")).toBeVisible();
  await provider.getByLabel("Individual NPI").fill("1234567893");
  await provider.getByRole("button", { name: "Add provider" }).click();
  await expect(member.getByRole("row").filter({ hasText: "Haddad" })).toBeVisible();

  // A patient.
  await open(member, "/members/patients");
  await member.getByLabel("First name").fill("Ines");
  await member.getByLabel("Last name").fill(`Okafor${marker}`);
  await member.locator('input[name="birthDate"]').fill("1952-06-30");
  await member.getByLabel("Sex").selectOption("female");
  await member.getByLabel("Street address").fill("14 Bay Lane");
  await member.getByLabel("City").fill("Mobile");
  await member.getByLabel("State").selectOption("AL");
  await member.getByLabel("ZIP").fill("36602");
  await member.locator('input[name="payerName"]').fill("Medicare Part B");
  await member.locator('select[name="payerType"]').selectOption("medicare");
  await member.locator('input[name="memberId"]').fill("1EG4-TE5-MK73");
  await member.getByRole("button", { name: "Add patient" }).click();
  await expect(member.getByRole("row").filter({ hasText: `Okafor${marker}, Ines` })).toBeVisible();

  // The IVR, with a wound photo.
  await open(member, "/members/ivrs/new");
  await member.getByRole("combobox", { name: "Type of request" }).selectOption("new-wound");
  await member.getByRole("combobox", { name: "Patient", exact: true }).selectOption({ label: `Okafor${marker}, Ines (born 1952-06-30)` });
  await member.getByRole("combobox", { name: "Provider", exact: true }).selectOption({ index: 1 });
  await member.getByRole("combobox", { name: "Facility", exact: true }).selectOption({ index: 1 });
  await member.getByRole("combobox", { name: "Place of service" }).selectOption("11");
  await member.getByLabel("Expected date of service").fill(day(5));
  await member.getByRole("combobox", { name: "Wound type" }).selectOption("venous-leg-ulcer");
  await member.getByRole("combobox", { name: "Location", exact: true }).selectOption("leg");
  await member.getByRole("combobox", { name: "Side", exact: true }).selectOption("right");
  await member.getByLabel("Length (cm)").fill("5.3");
  await member.getByLabel("Width (cm)").fill("10");
  await member.getByLabel("Open for (weeks)").fill("9");
  await member.getByLabel("Standard of care started on").fill(day(-45));
  await member.getByLabel("Compression").check();
  await member.getByLabel("Primary ICD-10 code").fill("I83.012");
  await member.getByRole("combobox", { name: "Product requested" }).selectOption({ index: 1 });
  await member.getByLabel("Planned applications").fill("4");
  await member.getByLabel("Wound photo").setInputFiles({ name: "ulcer.png", mimeType: "image/png", buffer: PNG });
  await member.getByLabel("Signer's name").fill("Noor Haddad");
  await member.getByLabel("I attest to the statement above").check();
  await expect(member.getByText("15271 + 2 × 15272").first()).toBeVisible();
  await member.getByRole("button", { name: "Send IVR" }).click();
  await expect(member).toHaveURL(/\/members\/ivrs\/[0-9a-f-]{36}$/);
  const ivrPath = new URL(member.url()).pathname;
  const ivrId = ivrPath.split("/").pop()!;
  const reference = (await member.getByRole("heading", { level: 2, name: /^IVR-\d{6}$/ }).textContent())!;
  const fileHref = await member.getByRole("link", { name: /download/i }).first().getAttribute("href");
  expect(fileHref).toMatch(new RegExp(`^/members/ivrs/${ivrId}/files/[0-9a-f-]{36}$`));

  // Staff review it and ask for information.
  const staffPage = await signedInContextPage(browser, "staffMailOff");
  await open(staffPage, `/admin/ivrs/${ivrId}`);
  await expect(staffPage.getByText(`Okafor${marker}`).first()).toBeVisible();
  await staffPage.getByRole("button", { name: "Start review" }).click();
  await expect(staffPage.getByText("Submitted → In review")).toBeVisible();
  await staffPage.getByLabel("Message to the practice").fill("Please add the vascular assessment.");
  await staffPage.getByRole("button", { name: "Ask for information" }).click();
  await expect(staffPage.getByText("In review → Needs information")).toBeVisible();

  // The member reads the question, a message of the IVR's thread, answers it under it and sends the IVR again.
  await open(member, ivrPath);
  const question = member.getByRole("list", { name: `Messages on ${reference}` }).getByRole("listitem").filter({ hasText: "Please add the vascular assessment." });
  await expect(question.getByRole("region", { name: "We need more information" })).toBeVisible();
  // Not again in a panel of its own.
  await expect(member.getByRole("region", { name: "We need more information" })).toHaveCount(1);
  await checkBothWidths(member, "ivr-needs-information");
  await member.getByLabel("Your answer").fill("ABI 0.9 on the right, done last week.");
  await member.getByRole("button", { name: "Answer and send again" }).click();
  await expect(member.getByRole("region", { name: "We need more information" })).toHaveCount(0);
  await expect(member.getByText("Submitted", { exact: true }).first()).toBeVisible();

  // The member watches the board while staff record coverage.
  await open(member, "/members");
  const row = member.getByRole("row").filter({ hasText: reference });
  await expect(row).toContainText("Submitted");
  // Marks this document: a reload would lose the mark.
  await member.evaluate(() => ((window as unknown as { boardMark: number }).boardMark = 1));
  await open(staffPage, `/admin/ivrs/${ivrId}`);
  await staffPage.getByRole("button", { name: "Start review" }).click();
  await expect(staffPage.getByText("Submitted → In review").last()).toBeVisible();
  await staffPage.getByLabel("Outcome").selectOption("covered");
  await staffPage.getByRole("button", { name: "Record verification" }).click();
  await expect(staffPage.getByText("In review → Covered")).toBeVisible();
  // No reload: the open board hears of it through its event stream. (How fast is a figure for a quiet
  // machine, not for a shared test run: the wait is the usual one, the mark proves the page stayed.)
  await expect(row).toContainText("Covered");
  expect(await member.evaluate(() => (window as unknown as { boardMark?: number }).boardMark)).toBe(1);

  // A member of another practice gets 404 for the IVR, its data and its photo.
  const outsiderPage = await signedInContextPage(browser, "outsiderMailOff");
  for (const path of [ivrPath, `${ivrPath}.data`, fileHref!]) {
    const answer = await outsiderPage.request.get(`${BASE}${path}`);
    expect(answer.status(), path).toBe(404);
  }
  await memberContext.close();
});
