import { expect, test, type Page } from "@playwright/test";
import { checkBothWidths } from "./support/a11y";
import { gotoHydrated } from "./support/page";
import { stockPractice } from "./support/seed-stock";
import { signedInContextPage } from "./support/sessions";

/**
 * The stock loop on Birch Stock Clinic (tests/e2e/support/seed-stock.ts): an
 * order of three Membrane Wrap 2 × 2 cm units (lot BIRCH-LOT-7) received by
 * scanning, one applied to Nora Quill with 2 cm² discarded, the shelf below
 * its par of three so a reorder is drafted and placed; staff recall the lot,
 * which finds her IVR and holds the two unused units; another practice sees
 * none of it. One journey, in order, in one worker.
 */
test.describe.configure({ mode: "serial" });

const toast = (page: Page, text: string | RegExp) => page.locator("[data-sonner-toast]").filter({ hasText: text });

test("an order received by scanning, a unit applied with 2 cm² discarded, a reorder below par placed, a recall that finds the patient and holds the rest; another practice sees none of it", async ({
  browser,
}) => {
  // One journey through four pages at two widths each, with axe: minutes on a busy machine.
  test.setTimeout(420_000);
  const nurse = await signedInContextPage(browser, "birch");

  // The shipped order: its units with lot and expiry, waiting to be received.
  await gotoHydrated(nurse, "/members/orders");
  await nurse.getByRole("link", { name: stockPractice.order, exact: true }).click();
  await expect(nurse.getByRole("heading", { level: 2, name: stockPractice.order })).toBeVisible();
  await nurse.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const orderPath = new URL(nurse.url()).pathname;
  const units = nurse.getByRole("region", { name: "Tissue identifiers" });
  await expect(units).toContainText(stockPractice.lot);
  await expect(units).toContainText("2099-06-30");

  // A scanner types each label and Enter: one line each. The list says what it found, and what is not in this order.
  const scans = nurse.getByLabel("Scanned identifiers");
  await scans.click();
  for (const id of [stockPractice.units[0], "ZZ-99-0001", stockPractice.units[1], stockPractice.units[2]]) {
    await nurse.keyboard.type(id!);
    await nurse.keyboard.press("Enter");
  }
  await expect(nurse.getByText("3 of 3 units to receive found.")).toBeVisible();
  await expect(nurse.getByText(": not in this order")).toBeVisible();
  await checkBothWidths(nurse, "stock-receipt");
  await nurse.getByRole("button", { name: "Confirm receipt" }).click();
  await expect(toast(nurse, "Receipt recorded, with differences")).toBeVisible();
  await expect(units.getByRole("cell", { name: "Yes" })).toHaveCount(3);

  // The shelf: three usable units of the lot at the clinic.
  await gotoHydrated(nurse, "/members/inventory");
  const onHand = nurse.getByRole("table", { name: "Units on hand by facility, product and size" });
  await expect(onHand.getByRole("row", { name: /Birch clinic Membrane Wrap 2 × 2 cm 3 3/ })).toBeVisible();

  // A par level of three at the clinic: three usable, nothing to reorder yet.
  await nurse.getByRole("combobox", { name: /^Facility/ }).selectOption({ label: stockPractice.facility });
  await nurse.getByRole("combobox", { name: /^Product and size/ }).selectOption({ label: "Membrane Wrap, 2 × 2 cm" });
  await nurse.getByLabel("Par (units, 0 removes it)").fill("3");
  await nurse.getByRole("button", { name: "Set par level" }).click();
  await expect(toast(nurse, "Par level set")).toBeVisible();
  await expect(nurse.getByRole("table", { name: "Par levels" }).getByRole("row", { name: /Birch clinic Membrane Wrap 2 × 2 cm 3 3 0/ })).toBeVisible();
  await expect(nurse.getByText(/reorders? waits? for you/)).toHaveCount(0);
  await checkBothWidths(nurse, "stock-shelf");

  // Applied at the visit: 2 cm² of the 4 cm² unit, 2 cm² discarded with a reason.
  await nurse.getByRole("link", { name: `Apply ${stockPractice.units[0]}` }).click();
  await expect(nurse.getByRole("heading", { name: "Record an application" })).toBeVisible();
  await nurse.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(nurse.getByLabel("Unit")).toHaveValue(stockPractice.units[0]!);
  await nurse.getByLabel("Patient's IVR").selectOption({ index: 1 });
  await nurse.getByLabel("Location").selectOption("foot");
  await nurse.getByLabel("Length (cm)").fill("2");
  await nurse.getByLabel("Width (cm)").fill("1");
  await nurse.getByLabel("cm² applied").fill("1");
  await nurse.getByLabel("cm² discarded").fill("2");
  await nurse.getByLabel("Clinician who applied it").fill(stockPractice.clinician);
  await checkBothWidths(nurse, "stock-apply");
  await nurse.getByRole("button", { name: "Record application" }).click();
  // A discard says why (checked in the browser); applied and discarded are the whole unit (the server knows the unit):
  // each message beside its field, what was typed kept.
  await expect(nurse.getByLabel("Why was product discarded?")).toHaveAccessibleDescription(/Say why product was discarded/);
  await nurse.getByLabel("Why was product discarded?").fill("Trimmed to the wound edge");
  await nurse.getByRole("button", { name: "Record application" }).click();
  await expect(nurse.getByLabel("cm² discarded")).toHaveAccessibleDescription("Applied and discarded add up to 3 cm², but this unit is 4 cm²: together they are the whole unit.");
  await expect(nurse.getByLabel("Clinician who applied it")).toHaveValue(stockPractice.clinician);
  await nurse.getByLabel("cm² applied").fill("2");
  await nurse.getByRole("button", { name: "Record application" }).click();
  await expect(nurse.getByRole("heading", { level: 2, name: /^APP-\d{6}$/ })).toBeVisible();
  await expect(toast(nurse, /APP-\d{6} recorded/)).toBeVisible();
  const claim = nurse.getByLabel("Claim lines to copy");
  await expect(claim).toContainText("15275, 1 unit");
  await expect(claim).toContainText("Q4205, 2 units");
  await expect(nurse.getByText("2 cm² discarded is not billed.")).toBeVisible();
  const applicationPath = new URL(nurse.url()).pathname;
  await checkBothWidths(nurse, "stock-application");
  const record = await nurse.request.get(`${applicationPath}/record.pdf`);
  expect(record.status()).toBe(200);
  expect(record.headers()["content-type"]).toBe("application/pdf");

  // Two usable units for a par of three: a reorder waits; placed, the company has it.
  await gotoHydrated(nurse, "/members/inventory");
  await expect(nurse.getByText("Your stock is below par: a reorder waits for you.")).toBeVisible();
  await nurse.getByRole("status").getByRole("link", { name: /^ORD-\d{6}$/ }).click();
  await expect(nurse.getByText("Your stock fell below its par level.")).toBeVisible();
  await expect(nurse.getByRole("region", { name: "Sizes ordered" })).toContainText("2 × 2 cm");
  await nurse.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await nurse.getByRole("button", { name: "Place this reorder" }).click();
  await expect(toast(nurse, /ORD-\d{6} placed/)).toBeVisible();
  await expect(nurse.getByText("Submitted").first()).toBeVisible();

  // Staff recall the lot: every unit, the applied one with its IVR and day; the two unused ones held.
  const staff = await signedInContextPage(browser, "staff");
  await gotoHydrated(staff, `/admin/recalls?by=lot&value=${stockPractice.lot}`);
  const found = staff.getByRole("table", { name: "Units found" });
  await expect(found.getByRole("row")).toHaveCount(4);
  await expect(found).toContainText(/IVR-\d{6}/);
  await expect(found).toContainText(stockPractice.name);
  await checkBothWidths(staff, "stock-recall-search");
  await staff.getByLabel("Reason").fill("Supplier notice: seal integrity");
  await staff.getByRole("button", { name: "Quarantine and notify" }).click();
  await staff.getByRole("alertdialog").getByRole("button", { name: "Quarantine and notify" }).click();
  await expect(staff.getByRole("heading", { level: 1, name: /^RCL-\d{6}/ })).toBeVisible();
  await expect(staff.getByRole("cell", { name: `${stockPractice.patient.lastName}, ${stockPractice.patient.firstName}` })).toBeVisible();
  await gotoHydrated(staff, "/admin/inventory");
  await expect(staff.getByRole("row", { name: new RegExp(stockPractice.name) })).toBeVisible();
  await checkBothWidths(staff, "stock-admin-inventory");

  // The practice sees the banner, the affected units and patient; held units cannot be applied.
  await gotoHydrated(nurse, "/members/inventory");
  await expect(nurse.getByRole("region", { name: "Recall notice" })).toContainText("2 of your units are held");
  await expect(nurse.getByText(/Held by recall RCL-\d{6}/)).toHaveCount(2);
  await nurse.getByRole("link", { name: "See the affected units and patients" }).click();
  await expect(nurse.getByText(new RegExp(stockPractice.patient.lastName)).first()).toBeVisible();
  await checkBothWidths(nurse, "stock-portal-recalls");
  await gotoHydrated(nurse, `/members/inventory/apply?unit=${stockPractice.units[1]}`);
  await nurse.getByLabel("Patient's IVR").selectOption({ index: 1 });
  await nurse.getByLabel("Location").selectOption("foot");
  await nurse.getByLabel("Length (cm)").fill("2");
  await nurse.getByLabel("Width (cm)").fill("2");
  await nurse.getByLabel("cm² applied").fill("4");
  await nurse.getByLabel("Clinician who applied it").fill(stockPractice.clinician);
  await nurse.getByRole("button", { name: "Record application" }).click();
  await expect(nurse.getByLabel("Unit")).toHaveAccessibleDescription(/held by recall RCL-\d{6}: it cannot be applied/);

  // Another practice: the order, the application and its record are not found; its stock and recalls hold nothing of Birch.
  const other = await signedInContextPage(browser, "orders");
  for (const path of [orderPath, applicationPath, `${applicationPath}/record.pdf`]) expect((await other.request.get(path)).status(), path).toBe(404);
  await gotoHydrated(other, "/members/inventory");
  await expect(other.locator("main")).not.toContainText(stockPractice.lot);
  await gotoHydrated(other, "/members/recalls");
  await expect(other.locator("main")).not.toContainText(stockPractice.lot);
  await expect(other.locator("main")).not.toContainText(stockPractice.patient.lastName);
});
