import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { portalAccounts } from "./support/accounts";
import { checkBothWidths } from "./support/a11y";
import { CORE_MEMBER_IDS } from "./support/core-eligibility";
import { fillIvr } from "./support/ivr-form";
import { JOURNEY_TIMEOUT_MS } from "./support/page";
import { MAIL_OFF_ORIGIN, signedInContextPage } from "./support/sessions";

/**
 * Real-time eligibility on the production build, on the server with mail
 * delivery off, which alone asks a CAQH CORE endpoint on this machine
 * (playwright.config.ts; tests/e2e/support/core-serve.ts). A practice sends an
 * IVR and sees the payer's "coverage found" line; staff read the summary, the
 * other coverage and the verification prefilled from it; a member id the payer
 * does not recognise tells the practice what to correct; a payer that does not
 * answer leaves the IVR sent and its check retrying.
 */
const BASE = MAIL_OFF_ORIGIN;
/** A member of a seeded practice (provider and facility on file) that no other test uses on this server. */
const nurse = portalAccounts.watcher;

async function open(page: Page, path: string) {
  await page.goto(`${BASE}${path}`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** Adds a patient with one coverage through the patients page; answers the IVR form's label of them. */
async function addPatient(page: Page, { lastName, payerName, payerType, memberId }: { lastName: string; payerName: string; payerType: string; memberId: string }) {
  await open(page, "/members/patients");
  await page.getByLabel("First name").fill("Rosa");
  await page.getByLabel("Last name").fill(lastName);
  await page.locator('input[name="birthDate"]').fill("1949-04-21");
  await page.getByLabel("Sex").selectOption("female");
  await page.getByLabel("Street address").fill("8 Mesa Road");
  await page.getByLabel("City").fill("Austin");
  await page.getByLabel("State").selectOption("TX");
  await page.getByLabel("ZIP").fill("78701");
  await page.locator('input[name="payerName"]').fill(payerName);
  await page.locator('select[name="payerType"]').selectOption(payerType);
  await page.locator('input[name="memberId"]').fill(memberId);
  await page.getByRole("button", { name: "Add patient" }).click();
  await expect(page.getByRole("row").filter({ hasText: `${lastName}, Rosa` })).toBeVisible();
  return `${lastName}, Rosa (born 1949-04-21)`;
}

/**
 * Waits for the payer's line on the practice's IVR page. The page reloads its
 * data on the practice's status events, but an answer that comes while the
 * page loads (before its event stream opens, as the stand-in's quick answers
 * can) raises no event the page hears: then a reload shows it, as it would a person.
 */
/** The payer's answer shows on the open page by itself (the live stream, and one reload as it opens: no reload by the test). */
async function expectEligibilityLine(page: Page, text: string) {
  await expect(page.getByRole("status").filter({ hasText: "Eligibility:" })).toHaveText(text, { timeout: 20_000 });
}

/** Sends an IVR for the patient; answers its path. */
async function sendIvrFor(page: Page, patient: string) {
  await open(page, "/members/ivrs/new");
  await fillIvr(page, { patient });
  await page.getByRole("button", { name: "Send IVR" }).click();
  await expect(page).toHaveURL(/\/members\/ivrs\/[0-9a-f-]{36}$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return new URL(page.url()).pathname;
}

test("a practice's IVR is checked with the payer: coverage found for the practice, the summary and a prefilled verification for staff, a wrong member id to correct, a silent payer retried", async ({ browser }) => {
  // A journey, and a payer that never answers waited for: more than the usual journey's limit.
  test.setTimeout(JOURNEY_TIMEOUT_MS + 120_000);
  const marker = randomUUID().slice(0, 8).replace(/\d/g, (d) => "abcdefghij"[Number(d)]!);

  // The member signs in through the form on this server.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await open(member, "/auth");
  await member.getByLabel("Email").fill(nurse.email);
  await member.getByLabel("Password").fill(nurse.password);
  await member.getByRole("button", { name: "Sign In" }).click();
  await expect(member).toHaveURL(/\/members$/);

  // An IVR for a Medicare patient the payer knows: the page shows the payer's answer once the check has run.
  const active = await addPatient(member, { lastName: `Medina${marker}`, payerName: "Medicare Part B", payerType: "medicare", memberId: CORE_MEMBER_IDS.active });
  const activePath = await sendIvrFor(member, active);
  await expectEligibilityLine(member, "Eligibility: Coverage found: active, Medicare Part A and Part B. Also Medicare Advantage: SUNWEST HEALTH PLAN");
  await expect(member.getByText("Submitted").first()).toBeVisible();
  await checkBothWidths(member, "eligibility-portal-ivr");

  // Staff read the payer's answer on the IVR's console page.
  const staff = await signedInContextPage(browser, "staffMailOff");
  const activeId = activePath.split("/").pop()!;
  await open(staff, `/admin/ivrs/${activeId}`);
  const panel = staff.locator("#eligibility");
  await expect(staff.getByTestId("eligibility-staff-line")).toHaveText("Active · Medicare Part A and Part B · deductible $257, $0 remaining · coinsurance 20 %");
  await expect(panel.getByRole("listitem").filter({ hasText: "Medicare Advantage:" })).toContainText("SUNWEST HEALTH PLAN");
  await expect(panel.getByRole("table", { name: "Eligibility checks of the IVR" })).toContainText("Answered: another payer found");
  // Starting the review opens the verification form, prefilled with the payer's figures for staff to confirm.
  await staff.getByRole("button", { name: "Start review" }).click();
  await expect(staff.getByText("Submitted → In review")).toBeVisible();
  await expect(staff.getByText(/^Prefilled from the payer's eligibility answer of .+: Deductible, Deductible met, Coinsurance\./)).toBeVisible();
  const verify = staff.getByRole("region", { name: "Record the verification" });
  await expect(verify.getByLabel("Deductible", { exact: true })).toHaveValue("257");
  await expect(verify.getByLabel("Deductible met", { exact: true })).toHaveValue("257");
  await expect(verify.getByLabel("Coinsurance %")).toHaveValue("20");
  await checkBothWidths(staff, "eligibility-console-ivr");

  // A member id the payer does not recognise: the practice is told what to correct.
  const unknown = await addPatient(member, { lastName: `Prescott${marker}`, payerName: "Aetna", payerType: "commercial", memberId: CORE_MEMBER_IDS.notRecognised });
  await sendIvrFor(member, unknown);
  // The member id it quotes shows masked, as everywhere on the practice's pages.
  await expectEligibilityLine(member, `Eligibility: The payer does not recognise member id •••• ${CORE_MEMBER_IDS.notRecognised.slice(-4)}: check the card.`);
  await checkBothWidths(member, "eligibility-portal-ivr-rejected");

  // A payer that does not answer: the IVR stays sent, and staff see the check failed and when it is tried again.
  const silent = await addPatient(member, { lastName: `Slowe${marker}`, payerName: "Aetna", payerType: "commercial", memberId: CORE_MEMBER_IDS.hang });
  const silentPath = await sendIvrFor(member, silent);
  await open(staff, `/admin/ivrs/${silentPath.split("/").pop()}`);
  // The payer's 2 seconds, then the worker's turn: under the whole suite on two cores that has taken over 45 s, so the page is asked again for up to 2 minutes.
  await expect(async () => {
    await staff.reload();
    await expect(staff.locator("#eligibility").getByRole("status")).toHaveText(/^Eligibility check failed: .*did not answer within 2 seconds, retrying at .+\.$/, { timeout: 2_000 });
  }).toPass({ timeout: 120_000 });
  await expect(staff.getByText("Start review")).toBeVisible();
  await open(member, silentPath);
  await expect(member.getByText("Submitted").first()).toBeVisible();
  await expect(member.getByRole("status").filter({ hasText: "Eligibility:" })).toHaveCount(0);

  await memberContext.close();
  await staff.context().close();
});
