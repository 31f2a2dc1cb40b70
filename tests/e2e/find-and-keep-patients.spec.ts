import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { checkBothWidths, expectNoA11yViolations } from "./support/a11y";
import { orderPractice } from "./support/seed-orders";
import { gotoHydrated, JOURNEY_TIMEOUT_MS } from "./support/page";
import { portalAccounts } from "./support/accounts";
import { sessionFile, signedInContextPage, useSession } from "./support/sessions";

/** A run's own surname, letters only (a digit would make the search read it as a member id). */
function surname() {
  const letters = randomUUID()
    .replace(/-/g, "")
    .slice(0, 6)
    .replace(/\d/g, (d) => "ghijklmnop"[Number(d)]!);
  return `Quill${letters}`;
}

async function fillPatient(page: Page, lastName: string, zip: string) {
  await page.getByLabel("First name").fill("Lena");
  await page.getByLabel("Last name").fill(lastName);
  await page.locator('input[name="birthDate"]').fill("1947-11-23");
  await page.getByLabel("Sex").selectOption("female");
  await page.getByLabel("Street address").fill("40 Saguaro Drive");
  await page.getByLabel("City").fill("Phoenix");
  await page.getByLabel("State").selectOption({ label: "Arizona" });
  await page.getByLabel("ZIP").fill(zip);
  await page.locator('input[name="payerName"]').fill("Blue Cross Arizona");
  await page.locator('select[name="payerType"]').selectOption("commercial");
  await page.locator('input[name="memberId"]').fill("ZX-4410-2291");
}

test("@phone a State is chosen from the states and territories, and a ZIP of other than 5 or 9 digits is refused beside it", async ({ page }) => {
  await useSession(page, "watcher", "/members/patients");
  const state = page.getByLabel("State");
  // Every state, DC and the five inhabited territories; a name, never two letters typed.
  await expect(state.locator("option:not([disabled])")).toHaveCount(56);
  await state.selectOption({ label: "Arizona" });
  await expect(state).toHaveValue("AZ");
  const zip = page.getByLabel("ZIP");
  await zip.fill("8500");
  await page.getByRole("button", { name: "Add patient" }).click();
  await expect(zip).toHaveAccessibleDescription(/Enter the ZIP code as 5 or 9 digits \(12345 or 12345-6789\)/);
  await expect(zip).toHaveValue("8500");
  await expect(state).toHaveValue("AZ");
  await expectNoA11yViolations(page);
});

test("a member adds a patient, finds them by part of the name, edits them, replaces their coverage and reveals a member id, which the admin's page of the patient lists", async ({
  browser,
  page,
}) => {
  test.setTimeout(JOURNEY_TIMEOUT_MS);
  const lastName = surname();
  await useSession(page, "watcher", "/members/patients");
  await fillPatient(page, lastName, "850041234");
  await page.getByRole("button", { name: "Add patient" }).click();
  await expect(page.getByText("Patient added").first()).toBeVisible();

  // Found by the first letters of the last name, as a nurse types it.
  const find = page.getByRole("searchbox", { name: "Find a patient" });
  await find.fill(lastName.slice(0, 7).toLowerCase());
  await find.press("Enter");
  await expect(page).toHaveURL(new RegExp(`\\?q=${lastName.slice(0, 7).toLowerCase()}$`));
  await expect(page.getByRole("status").filter({ hasText: "1 patient matches" })).toBeVisible();
  const row = page.getByRole("region", { name: "Patients found" }).getByRole("row").filter({ hasText: `${lastName}, Lena` });
  await expect(row).toContainText("1947-11-23");
  await expect(row).toContainText(/PAT-\d{6}/);
  await checkBothWidths(page, "patients-found");

  // A second entry of the same patient is refused, with a link to the one there.
  await fillPatient(page, lastName.toUpperCase(), "85004");
  await page.getByRole("button", { name: "Add patient" }).click();
  await expect(page.getByLabel("Last name")).toHaveAccessibleDescription(/already in your practice/);
  const existing = page.getByRole("link", { name: /^Open PAT-\d{6}$/ });
  await expect(existing).toBeVisible();
  await existing.click();
  await expect(page).toHaveURL(/\/members\/patients\/[0-9a-f-]{36}$/);
  const patientUrl = page.url();
  const patientId = patientUrl.split("/").pop()!;
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

  await expect(page.getByRole("heading", { name: `${lastName}, Lena` })).toBeVisible();
  await expect(page.getByText("40 Saguaro Drive, Phoenix, Arizona 85004-1234")).toBeVisible();
  const current = page.getByRole("region", { name: "Current coverages" });
  await expect(current).toContainText("•••• 2291");
  await expect(current).not.toContainText("ZX-4410-2291");

  // Edit: the city changes.
  await page.getByText("Edit details").click();
  await page.getByLabel("City").fill("Tempe");
  await page.getByLabel("ZIP").fill("85281");
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByText("Details saved").first()).toBeVisible();
  await expect(page.getByText("40 Saguaro Drive, Tempe, Arizona 85281")).toBeVisible();

  // The primary coverage replaced: the old one stays in the history.
  await page.getByText("Replace the primary coverage or add a secondary one").click();
  const coverageForm = page.locator("form").filter({ has: page.getByRole("button", { name: "Save coverage" }) });
  await coverageForm.getByRole("combobox", { name: "Coverage", exact: true }).selectOption("primary");
  await coverageForm.locator('input[name="payerName"]').fill("Aetna");
  await coverageForm.locator('select[name="payerType"]').selectOption("commercial");
  await coverageForm.locator('input[name="memberId"]').fill("W99887766");
  await coverageForm.getByRole("button", { name: "Save coverage" }).click();
  await expect(page.getByText("Primary coverage replaced").first()).toBeVisible();
  await expect(current).toContainText("Aetna");
  await expect(current).toContainText("•••• 7766");
  const history = page.getByRole("region", { name: "Coverages replaced" });
  await expect(history).toContainText("Blue Cross Arizona");
  await expect(history).toContainText("•••• 2291");
  await expect(history).toContainText(portalAccounts.watcher.email);

  // The member id shown on request.
  await current.getByRole("button", { name: /^Reveal/ }).click();
  await expect(current.getByText("W99887766")).toBeVisible();
  await expect(current.getByText("Shown at your request: recorded in the audit log.")).toBeVisible();
  await checkBothWidths(page, "patient-page");

  // The admin's page of the patient names the reveal, by whom; the patient by reference and initials only.
  const admin = await signedInContextPage(browser, "admin");
  await gotoHydrated(admin, `/admin/patients/${patientId}`);
  await expect(admin.getByRole("heading", { level: 1 })).toContainText("(L.Q.)");
  const reads = admin.getByRole("region", { name: "Reads and changes of the patient's data" });
  const reveal = reads.getByRole("row").filter({ hasText: "Revealed a member id" });
  await expect(reveal).toContainText(portalAccounts.watcher.email);
  await expect(reveal).toContainText("Practice member");
  await expect(reads.getByRole("row").filter({ hasText: "Opened the patient" })).toHaveCount(1);
  await expect(reads.getByRole("row").filter({ hasText: "Replaced a coverage" })).toBeVisible();
  await expect(admin.getByText(lastName)).toHaveCount(0);
  await checkBothWidths(admin, "admin-patient");

  // The audit log names the patient by reference, and leads to that page.
  await gotoHydrated(admin, "/admin/audit?action=patient.member-id");
  const entry = admin.getByRole("row").filter({ hasText: portalAccounts.watcher.email }).first();
  await entry.getByRole("link", { name: /^PAT-\d{6}$/ }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/patients/${patientId}$`));
  await admin.context().close();
});

test("@phone the board's Find finds a patient's IVRs by part of the name, with JavaScript", async ({ page }) => {
  await useSession(page, "orders", "/members");
  const find = page.getByRole("searchbox", { name: "Reference or patient" });
  await find.fill(orderPractice.patient.lastName.toLowerCase());
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page).toHaveURL(/\/members\?q=orr$/);
  const ivrs = page.getByRole("region", { name: "IVRs of your practice" });
  await expect(ivrs.getByRole("row").filter({ hasText: orderPractice.patient.initials }).first()).toBeVisible();
  await expect(ivrs.getByRole("row").filter({ hasText: "No IVR matches this filter." })).toHaveCount(0);
  await find.fill("nobodyzz");
  await page.getByRole("button", { name: "Find" }).click();
  await expect(ivrs.getByText("No IVR matches this filter.")).toBeVisible();
  await checkBothWidths(page, "board-find");
});

test("without JavaScript, the board's Find and the patients page find a patient by name", async ({ browser }) => {
  const context = await browser.newContext({ storageState: sessionFile("orders"), javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/members");
  await page.getByRole("searchbox", { name: "Reference or patient" }).fill(orderPractice.patient.firstName);
  await page.getByRole("searchbox", { name: "Reference or patient" }).press("Enter");
  await expect(page).toHaveURL(/\/members\?q=Ruth$/);
  await expect(page.getByRole("region", { name: "IVRs of your practice" }).getByRole("row").filter({ hasText: orderPractice.patient.initials }).first()).toBeVisible();

  await page.goto("/members/patients");
  await page.getByRole("searchbox", { name: "Find a patient" }).fill(`${orderPractice.patient.firstName.slice(0, 3)} ${orderPractice.patient.lastName}`);
  await page.getByRole("button", { name: "Find" }).click();
  const row = page.getByRole("region", { name: "Patients found" }).getByRole("row").filter({ hasText: `${orderPractice.patient.lastName}, ${orderPractice.patient.firstName}` });
  await expect(row).toContainText(orderPractice.patient.birthDate);
  await context.close();
});
