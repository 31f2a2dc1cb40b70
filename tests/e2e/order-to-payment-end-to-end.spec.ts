import { expect, test, type Page } from "@playwright/test";
import { waitForMail } from "./support/mail";
import { gotoHydrated, JOURNEY_TIMEOUT_MS } from "./support/page";
import { endToEndPractice } from "./support/seed-orders";
import { signedInContextPage, signedInPage } from "./support/sessions";
import { pdfText } from "../support/pdf-text";

/**
 * The Clinical Portal's second part from end to end: Cedar's IVR, sent in
 * part 1's form (seeded), is verified by staff, then carried to a paid
 * invoice. The member orders two sizes; staff confirm and ship with tracking
 * and each unit's tissue identifier; the member's open board shows Shipped
 * without a reload and the order page the tracking link and identifiers;
 * staff mark it delivered and invoice it; the member reads the invoice PDF
 * and sees it paid once staff record the payment; another practice gets 404
 * for all of it.
 */
const { member } = endToEndPractice;
const TISSUE_IDS = ["CDR-26-1101-A", "CDR-26-1102-A", "CDR-26-1102-B"];

const work = (page: Page) => page.getByRole("region", { name: "Work this order" });
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

test("one IVR from coverage to a paid invoice: ordered, confirmed, shipped with tissue identifiers, live on the board, delivered, invoiced, paid; private to the practice", async ({
  browser,
}) => {
  test.setTimeout(JOURNEY_TIMEOUT_MS);
  const nurse = await signedInPage(browser, "cedar");
  const ivrLink = nurse.getByRole("table", { name: "IVRs of your practice" }).getByRole("link", { name: /^IVR-\d{6}$/ }).first();
  const ivrPath = (await ivrLink.getAttribute("href"))!;
  const ivrId = ivrPath.split("/").pop()!;

  // Part 1's last step, by staff: the IVR is reviewed and covered, four applications authorised.
  const clerk = await signedInContextPage(browser, "staff");
  await gotoHydrated(clerk, `/admin/ivrs/${ivrId}`);
  await clerk.getByRole("button", { name: "Start review" }).click();
  await expect(clerk.getByText("Submitted → In review")).toBeVisible();
  await clerk.getByLabel("Outcome").selectOption("covered");
  await clerk.getByLabel("Authorised applications").fill("4");
  await clerk.getByRole("button", { name: "Record verification" }).click();
  await expect(clerk.getByText("In review → Covered")).toBeVisible();

  // The member orders two sizes from the IVR's own page.
  await gotoHydrated(nurse, ivrPath);
  await nurse.getByRole("link", { name: "Order grafts" }).click();
  await expect(nurse).toHaveURL(new RegExp(`/members/orders/new\\?ivr=${ivrId}$`));
  await nurse.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(nurse.getByText(`${endToEndPractice.patient.firstName} ${endToEndPractice.patient.lastName}`)).toBeVisible();
  await nurse.getByLabel("4 × 4 cm (16 cm²)", { exact: true }).fill("1");
  await nurse.getByLabel("2 × 2 cm (4 cm²)", { exact: true }).fill("2");
  // 24 cm² for a 12.25 cm² wound: the warning asks why, and the reason goes with the order.
  await nurse.getByLabel("Why more than the wound?").fill("Second application planned next week");
  await nurse.getByLabel("PO number (optional)").fill("CDR-PO-88");
  await nurse.getByRole("button", { name: "Place order" }).click();
  await expect(nurse).toHaveURL(/\/members\/orders\/[0-9a-f-]{36}$/);
  const orderPath = new URL(nurse.url()).pathname;
  const orderId = orderPath.split("/").pop()!;
  const reference = (await nurse.getByRole("heading", { level: 2, name: /^ORD-\d{6}$/ }).textContent())!;
  await expect(toast(nurse, `${reference} placed`)).toBeVisible();

  // Staff confirm it and ship it with a tracking number and every unit's tissue identifier.
  await gotoHydrated(clerk, `/admin/orders/${orderId}`);
  await work(clerk).getByRole("button", { name: "Confirm order" }).click();
  await expect(work(clerk).getByRole("button", { name: "Ship order" })).toBeVisible();

  // Meanwhile the member watches the board: a reload would lose this mark.
  await gotoHydrated(nurse, "/members");
  const boardRow = nurse.locator(`tr[data-order="${reference}"]`);
  await expect(boardRow).toContainText("Confirmed");
  await nurse.evaluate(() => ((window as unknown as { boardMark: number }).boardMark = 1));

  await work(clerk).getByLabel("Carrier").selectOption("ups");
  await work(clerk).getByLabel("Tracking number").fill("1Z999AA10123456784");
  await work(clerk).getByLabel("4 × 4 cm, unit 1 of 1: tissue identifier").fill(TISSUE_IDS[0]!);
  await work(clerk).getByLabel("2 × 2 cm, unit 1 of 2: tissue identifier").fill(TISSUE_IDS[1]!);
  await work(clerk).getByLabel("2 × 2 cm, unit 2 of 2: tissue identifier").fill(TISSUE_IDS[2]!);
  for (const unit of ["4 × 4 cm, unit 1 of 1", "2 × 2 cm, unit 1 of 2", "2 × 2 cm, unit 2 of 2"]) {
    await work(clerk).getByLabel(`${unit}: lot`).fill("AM2611");
    await work(clerk).getByLabel(`${unit}: expiry date`).fill("2035-12-31");
  }
  await work(clerk).getByRole("button", { name: "Ship order" }).click();
  await expect(work(clerk).getByRole("button", { name: "Mark delivered" })).toBeVisible();

  await expect(boardRow).toContainText("Shipped");
  expect(await nurse.evaluate(() => (window as unknown as { boardMark?: number }).boardMark)).toBe(1);
  const shipped = await waitForMail(member.email, `${reference} is now Shipped`);
  expect(shipped.subject).toBe(`${reference}: shipped`);
  expect(shipped.body).toContain("Carrier: UPS");
  expect(shipped.body).toContain("Tracking number: 1Z999AA10123456784");
  expect(shipped.body).not.toContain(endToEndPractice.patient.lastName);

  // The order page shows the carrier's tracking link and each unit's identifier.
  await gotoHydrated(nurse, orderPath);
  await expect(nurse.getByRole("link", { name: /1Z999AA10123456784/ })).toHaveAttribute("href", "https://www.ups.com/track?tracknum=1Z999AA10123456784");
  const identifiers = nurse.getByRole("table", { name: "Tissue identifiers" });
  for (const id of TISSUE_IDS) await expect(identifiers).toContainText(id);
  const packingHref = (await nurse.getByRole("link", { name: /Download the order with tissue identifiers/ }).getAttribute("href"))!;
  const packing = await nurse.request.get(packingHref);
  expect(packing.status()).toBe(200);
  const packingText = await pdfText(new Uint8Array(await packing.body()));
  for (const id of TISSUE_IDS) expect(packingText).toContain(id);

  // Staff mark it delivered and invoice it.
  await work(clerk).getByRole("button", { name: "Mark delivered" }).click();
  await expect(work(clerk).getByRole("button", { name: "Create invoice" })).toBeVisible();
  await work(clerk).getByLabel("4 × 4 cm (Q4205): unit price").fill("450");
  await work(clerk).getByLabel("2 × 2 cm (Q4205): unit price").fill("125.50");
  await work(clerk).getByRole("button", { name: "Create invoice" }).click();
  const invoicePanel = clerk.getByRole("region", { name: "Invoice", exact: true });
  await expect(invoicePanel).toContainText(/INV-\d{6}/);
  const invoiceNumber = (await invoicePanel.textContent())!.match(/INV-\d{6}/)![0];

  // The member downloads the invoice and reads it.
  await gotoHydrated(nurse, "/members/invoices");
  const invoiceRow = nurse.getByRole("row").filter({ hasText: invoiceNumber });
  await expect(invoiceRow).toContainText("Open");
  await expect(invoiceRow).toContainText("$701.00");
  const invoiceHref = (await invoiceRow.getByRole("link", { name: /PDF/ }).getAttribute("href"))!;
  const invoice = await nurse.request.get(invoiceHref);
  expect(invoice.status()).toBe(200);
  expect(invoice.headers()["content-type"]).toBe("application/pdf");
  const invoiceText = await pdfText(new Uint8Array(await invoice.body()));
  for (const expected of [invoiceNumber, "Q4205", "$701.00", reference]) expect(invoiceText, expected).toContain(expected);

  // Staff record the payment; the member sees it paid.
  await work(clerk).getByLabel("Reference").fill("ACH 55120");
  await work(clerk).getByRole("button", { name: "Record payment" }).click();
  await expect(work(clerk)).toContainText("Nothing to do: this order is Paid.");
  await gotoHydrated(nurse, "/members/invoices");
  await expect(nurse.getByRole("row").filter({ hasText: invoiceNumber })).toContainText("Paid");
  await gotoHydrated(nurse, orderPath);
  await expect(nurse.getByRole("heading", { level: 2, name: reference }).locator("..")).toContainText("Paid");

  // Another practice's member gets 404 for the order, its data, its PDF and its invoice.
  const stranger = await signedInContextPage(browser, "outsider");
  for (const path of [orderPath, `${orderPath}.data`, packingHref, invoiceHref, `${invoiceHref}.data`]) {
    const answer = await stranger.request.get(path);
    expect(answer.status(), path).toBe(404);
  }
  for (const page of [nurse, clerk, stranger]) await page.context().close();
});
