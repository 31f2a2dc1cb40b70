import { expect, test, type Page } from "@playwright/test";
import { checkBothWidths } from "./support/a11y";
import { gotoHydrated, siteOrigin } from "./support/page";
import { orderPractice, SEEDED_INVOICE_TOTAL, seededInvoices, seededOrders } from "./support/seed-orders";
import { signedInPage, useSession } from "./support/sessions";

/**
 * A practice orders grafts from its verified IVRs (Lakeside, seeded with a
 * covered Membrane Wrap IVR whose wound is 3.5 × 3.5 cm = 12.25 cm², a covered
 * Amchoplast IVR, and orders ORD-000001..5 from submitted to paid). Tests that
 * change data place their own order as the second member, the buyer; the
 * seeded orders are only read.
 */
const { buyer } = orderPractice;


/** The ORDER FORM tab's row of the seeded IVR of a product. */
const ivrRow = (page: Page, product: string) => page.getByRole("region", { name: "IVRs you can order from" }).getByRole("row").filter({ hasText: product });

/** The quantity control of one size, by its label ("4 × 4 cm (16 cm²)"). */
const quantity = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** The address of a seeded order's page, from its link on the board. */
async function orderPath(page: Page, reference: string) {
  await gotoHydrated(page, "/members");
  return (await page.locator(`tr[data-order="${reference}"]`).getByRole("link", { name: reference }).getAttribute("href"))!;
}

test("the buyer orders two sizes from a covered IVR with the live summary, finds it on the board, and cancels it", async ({ page, context }) => {
  test.slow();
  await useSession(page, "buyer", "/members/orders");
  await expect(page.getByRole("tab", { name: "ORDER FORM" })).toHaveAttribute("aria-selected", "true");
  const row = ivrRow(page, "Membrane Wrap");
  await expect(row).toContainText(orderPractice.patient.initials);
  await expect(row).toContainText("Q4205");
  await expect(row).toContainText(/\d+ ordered/);
  await row.getByRole("link", { name: /^Order grafts from IVR-\d{6}$/ }).click();
  await expect(page).toHaveURL(/\/members\/orders\/new\?ivr=[0-9a-f-]{36}$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByRole("tab", { name: "ORDER FORM" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText(`${orderPractice.patient.firstName} ${orderPractice.patient.lastName}`)).toBeVisible();
  await expect(page.getByText("Membrane Wrap (Q4205)")).toBeVisible();

  // The wound is 12.25 cm²: 3 × 3 + 2 × 2 = 13 cm² is the least that covers it.
  const summary = page.locator("[data-order-summary]");
  const ordered = page.locator("[data-ordered]");
  await expect(ordered).toHaveText("0 cm²");
  await expect(page.locator("[data-wound]")).toHaveText("12.25 cm²");
  await expect(page.locator("[data-suggestion]")).toHaveText("3 × 3 cm × 1, 2 × 2 cm × 1");
  await quantity(page, "4 × 4 cm (16 cm²)").fill("1");
  await expect(ordered).toHaveText("16 cm²");
  await expect(summary).toContainText("Covers the wound, 3.75 cm² over.");
  await expect(page.locator("[data-over-order]")).toHaveCount(0);
  await quantity(page, "2 × 2 cm (4 cm²)").fill("2");
  await expect(ordered).toHaveText("24 cm²");
  await expect(page.locator("[data-over-order]")).toContainText("This order is 24 cm², 11.75 cm² more than the wound's 12.25 cm²");
  // The warning asks why, beside it.
  await expect(page.getByLabel("Why more than the wound?")).toBeVisible();
  // A smaller wound today changes the suggestion: 10 cm² is 3 × 3 + 1 × 1.
  await page.getByLabel("Wound area today (cm²)").fill("10");
  await expect(page.locator("[data-suggestion]")).toHaveText("3 × 3 cm × 1, 1 × 1 cm × 1");
  await page.getByLabel("Wound area today (cm²)").fill("12.25");
  await page.getByRole("button", { name: "Use this" }).click();
  await expect(quantity(page, "3 × 3 cm (9 cm²)")).toHaveValue("1");
  await expect(quantity(page, "2 × 2 cm (4 cm²)")).toHaveValue("1");
  await expect(quantity(page, "4 × 4 cm (16 cm²)")).toHaveValue("");
  await expect(ordered).toHaveText("13 cm²");
  await expect(page.getByText("Your order is this set.")).toBeVisible();
  await expect(page.locator("[data-over-order]")).toHaveCount(0);
  await expect(page.getByLabel("Why more than the wound?")).toHaveCount(0);

  // A date of service after the IVR's valid-until is refused beside the date, the rest kept.
  const validUntil = (await page.locator("dt", { hasText: "Valid until" }).locator("xpath=following-sibling::dd[1]").textContent())!;
  const after = new Date(`${validUntil}T00:00:00Z`);
  after.setUTCDate(after.getUTCDate() + 1);
  const dateOfService = page.getByLabel("Date of service");
  await dateOfService.fill(after.toISOString().slice(0, 10));
  await page.getByLabel("PO number (optional)").fill("PO-7781");
  await page.getByRole("radio", { name: /^Expedited/ }).check();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(dateOfService).toHaveAttribute("aria-invalid", "true");
  const described = (await dateOfService.getAttribute("aria-describedby"))!.split(" ");
  await expect(page.locator(`[id="${described.at(-1)}"]`)).toContainText(`is valid until ${validUntil}: choose a date of service on or before it`);
  await expect(page.getByLabel("PO number (optional)")).toHaveValue("PO-7781");
  await expect(quantity(page, "3 × 3 cm (9 cm²)")).toHaveValue("1");

  await dateOfService.fill(validUntil);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/members\/orders\/[0-9a-f-]{36}$/);
  const heading = page.getByRole("heading", { level: 2, name: /^ORD-\d{6}$/ });
  const reference = (await heading.textContent())!;
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: `${reference} placed` })).toBeVisible();
  await expect(page.getByText("Submitted", { exact: true }).first()).toBeVisible();
  const sizes = page.getByRole("region", { name: "Sizes ordered" });
  await expect(sizes.getByRole("row").filter({ hasText: "3 × 3 cm" })).toContainText("9 cm²");
  await expect(sizes.getByRole("row").filter({ hasText: "2 × 2 cm" })).toContainText("4 cm²");
  await expect(sizes.getByRole("row").filter({ hasText: "Total" })).toContainText("13 cm²");
  await expect(page.getByText("Expedited (next business day)")).toBeVisible();
  await expect(page.getByText("PO-7781")).toBeVisible();
  await expect(page.getByRole("link", { name: "Download the order (PDF)" })).toBeVisible();
  const orderUrl = page.url();

  // The board lists it, initials only; an open board shows the cancellation without a reload.
  const board = await context.newPage();
  await gotoHydrated(board, "/members");
  const boardRow = board.locator(`tr[data-order="${reference}"]`);
  await expect(boardRow).toContainText("Submitted");
  await expect(boardRow).toContainText("3 × 3 cm × 1, 2 × 2 cm × 1");
  await expect(boardRow).toContainText(orderPractice.patient.initials);
  await expect(boardRow).not.toContainText(orderPractice.patient.lastName);
  await board.evaluate(() => ((window as unknown as { boardMark: number }).boardMark = 1));
  await expect(board.getByText("The board updates by itself.")).toBeAttached();

  await gotoHydrated(page, new URL(orderUrl).pathname);
  await page.getByRole("button", { name: "Cancel order" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Cancel the order" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: `${reference} cancelled` })).toBeVisible();
  await expect(page.getByText("Cancelled", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "History" })).toContainText("Submitted → Cancelled");
  await expect(boardRow).toContainText("Cancelled");
  expect(await board.evaluate(() => (window as unknown as { boardMark?: number }).boardMark)).toBe(1);
  await board.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an order without a size comes back with the message and every typed value; Use this and a good post place it", async ({ page }) => {
    test.slow();
    await page.goto("/auth");
    await page.getByLabel("Email").fill(buyer.email);
    await page.getByLabel("Password").fill(buyer.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/members$/);
    await page.getByRole("tab", { name: "ORDER FORM" }).click();
    await ivrRow(page, "Membrane Wrap").getByRole("link", { name: /^Order grafts/ }).click();
    await expect(page).toHaveURL(/\/members\/orders\/new\?ivr=[0-9a-f-]{36}$/);
    // Drawn on the server from the first values: the wound's area and the set that covers it.
    await expect(page.locator("[data-wound]")).toHaveText("12.25 cm²");
    await expect(page.locator("[data-suggestion]")).toHaveText("3 × 3 cm × 1, 2 × 2 cm × 1");

    await page.getByLabel("Wound area today (cm²)").fill("10");
    await page.getByRole("radio", { name: /^Same day/ }).check();
    await page.getByLabel("PO number (optional)").fill("PO-NOJS-1");
    await page.getByLabel("Notes (optional)").fill("Leave at the front desk.\nAsk for Dana.");
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page).toHaveURL(/\/members\/orders\/new\?ivr=[0-9a-f-]{36}$/);
    await expect(page.getByText("Enter how many grafts of at least one size")).toBeVisible();
    await expect(page.getByLabel("Wound area today (cm²)")).toHaveValue("10");
    await expect(page.getByRole("radio", { name: /^Same day/ })).toBeChecked();
    await expect(page.getByLabel("PO number (optional)")).toHaveValue("PO-NOJS-1");
    await expect(page.getByLabel("Notes (optional)")).toHaveValue("Leave at the front desk.\nAsk for Dana.");
    // The summary follows the typed area: 10 cm² is covered by 3 × 3 + 1 × 1.
    await expect(page.locator("[data-suggestion]")).toHaveText("3 × 3 cm × 1, 1 × 1 cm × 1");

    // "Use this" posts the form and gets it back with the quantities filled, the rest as typed.
    await page.getByRole("button", { name: "Use this" }).click();
    await expect(quantity(page, "3 × 3 cm (9 cm²)")).toHaveValue("1");
    await expect(quantity(page, "1 × 1 cm (1 cm²)")).toHaveValue("1");
    await expect(page.getByLabel("PO number (optional)")).toHaveValue("PO-NOJS-1");
    await expect(page.getByText("Enter how many grafts of at least one size")).toHaveCount(0);
    await expect(page.getByText("Your order is this set.")).toBeVisible();

    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page).toHaveURL(/\/members\/orders\/[0-9a-f-]{36}$/);
    const reference = (await page.getByRole("heading", { level: 2, name: /^ORD-\d{6}$/ }).textContent())!;
    await expect(page.getByRole("status").filter({ hasText: `${reference} placed` })).toBeVisible();
    await expect(page.getByText("Same day (select metro areas)")).toBeVisible();
    await expect(page.getByText("Ask for Dana.")).toBeVisible();
    await expect(page.getByRole("region", { name: "Sizes ordered" }).getByRole("row").filter({ hasText: "Total" })).toContainText("10 cm²");

    // Cancel without JavaScript: a confirm step first.
    await page.getByRole("button", { name: "Cancel order" }).click();
    await page.getByRole("button", { name: "Cancel the order" }).click();
    await expect(page.getByText("Cancelled", { exact: true }).first()).toBeVisible();
  });
});

test("an IVR ordered by request shows no form, and an IVR that is not the practice's is 404", async ({ page, browser }) => {
  await useSession(page, "orders", "/members/orders");
  const amchoplast = ivrRow(page, "Amchoplast");
  await expect(amchoplast).toContainText("Amchoplast is ordered by request");
  await expect(amchoplast.getByRole("link", { name: /^Order grafts/ })).toHaveCount(0);
  const amchoplastIvr = (await amchoplast.getByRole("link", { name: /^IVR-\d{6}$/ }).getAttribute("href"))!.split("/").at(-1)!;
  const membraneIvr = (await ivrRow(page, "Membrane Wrap").getByRole("link", { name: /^IVR-\d{6}$/ }).getAttribute("href"))!.split("/").at(-1)!;

  await gotoHydrated(page, `/members/orders/new?ivr=${amchoplastIvr}`);
  await expect(page.getByRole("alert")).toContainText("Amchoplast is ordered by request");
  await expect(page.getByRole("button", { name: "Place order" })).toHaveCount(0);
  // The IVR's own page says so too.
  await gotoHydrated(page, `/members/ivrs/${amchoplastIvr}`);
  await expect(page.getByRole("region", { name: "Orders", exact: true })).toContainText("Amchoplast is ordered by request");
  await gotoHydrated(page, `/members/ivrs/${membraneIvr}`);
  const orders = page.getByRole("region", { name: "Orders", exact: true });
  await expect(orders.getByRole("link", { name: "Order grafts" })).toHaveAttribute("href", `/members/orders/new?ivr=${membraneIvr}`);
  await expect(orders.locator(`tr[data-order="${seededOrders.paid}"]`)).toContainText("Paid");

  // Without ?ivr the form sends the member to the list to choose from.
  const bare = await page.request.get("/members/orders/new", { maxRedirects: 0 });
  expect(bare.status()).toBe(302);
  expect(bare.headers().location).toBe("/members/orders");
  for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id"]) {
    expect((await page.request.get(`/members/orders/new?ivr=${id}`, { maxRedirects: 0 })).status(), id).toBe(404);
  }
  const other = await signedInPage(browser, "outsider");
  expect((await other.request.get(`/members/orders/new?ivr=${membraneIvr}`, { maxRedirects: 0 })).status()).toBe(404);
  await other.context().close();
});

test("the seeded member follows orders on the board, their tracking, tissue identifiers, packing list and invoices; another practice gets 404", async ({ page, browser }) => {
  test.slow();
  await useSession(page, "orders");
  const orders = page.getByRole("region", { name: "Orders of your practice" });
  const expected: [string, string][] = [
    [seededOrders.confirmed, "Confirmed"],
    [seededOrders.delivered, "Delivered"],
    [seededOrders.invoiced, "Invoiced"],
    [seededOrders.paid, "Paid"],
  ];
  for (const [reference, status] of expected) await expect(orders.locator(`tr[data-order="${reference}"]`)).toContainText(status);
  const delivered = orders.locator(`tr[data-order="${seededOrders.delivered}"]`);
  await expect(delivered.getByRole("link", { name: /FedEx/ })).toHaveAttribute("href", /^https:\/\/www\.fedex\.com\//);
  await expect(orders.locator(`tr[data-order="${seededOrders.confirmed}"]`).getByRole("link", { name: /FedEx/ })).toHaveCount(0);

  await delivered.getByRole("link", { name: seededOrders.delivered }).click();
  await expect(page).toHaveURL(/\/members\/orders\/[0-9a-f-]{36}$/);
  const orderPathname = new URL(page.url()).pathname;
  await expect(page).toHaveTitle(new RegExp(`^Order ${seededOrders.delivered} \\| Clinical Portal`));
  await expect(page.getByRole("tab", { name: "ORDER FORM" })).toHaveAttribute("aria-selected", "true");
  const tracking = page.getByRole("region", { name: "Shipment" }).getByRole("link", { name: /FedEx/ });
  await expect(tracking).toHaveAttribute("href", /^https:\/\/www\.fedex\.com\//);
  await expect(tracking).toHaveAttribute("target", "_blank");
  await expect(tracking).toContainText("opens in a new tab");
  const identifiers = page.getByRole("region", { name: "Tissue identifiers" });
  for (const id of ["LK-3-0001", "LK-3-0002", "LK-3-0003"]) await expect(identifiers).toContainText(id);
  await expect(identifiers.getByRole("row").filter({ hasText: "LK-3-0003" })).toContainText("2 of 2");
  const packing = page.getByRole("link", { name: "Download the order with tissue identifiers (PDF)" });
  const packingHref = (await packing.getAttribute("href"))!;
  const pdf = await page.request.get(packingHref);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");

  await page.getByRole("tab", { name: "PAY INVOICE" }).click();
  await expect(page).toHaveURL(/\/members\/invoices$/);
  await expect(page).toHaveTitle(/^Invoices \| Clinical Portal/);
  const open = page.locator(`tr[data-invoice="${seededInvoices.open}"]`);
  const paid = page.locator(`tr[data-invoice="${seededInvoices.paid}"]`);
  await expect(open).toContainText("Open");
  await expect(open).toContainText(SEEDED_INVOICE_TOTAL);
  await expect(open.getByRole("link", { name: seededOrders.invoiced })).toBeVisible();
  await expect(paid).toContainText("Paid");
  await expect(paid).toContainText(SEEDED_INVOICE_TOTAL);
  await expect(page.locator("[data-invoice-summary]")).toContainText(`${SEEDED_INVOICE_TOTAL} to pay in 1 invoice`);
  // No payment processor configured in the tests: how to pay instead of "Pay online".
  await expect(page.getByRole("link", { name: /Pay online/ })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "How to pay" })).toContainText("By check");
  const invoiceHref = (await open.getByRole("link", { name: /Download PDF/ }).getAttribute("href"))!;
  const invoice = await page.request.get(invoiceHref);
  expect(invoice.status()).toBe(200);
  expect(invoice.headers()["content-type"]).toBe("application/pdf");

  // Another practice's member: not its page, its data, its packing list, its invoice, nor a cancel.
  const other = await signedInPage(browser, "outsider");
  for (const path of [orderPathname, `${orderPathname}.data`, packingHref, invoiceHref]) {
    expect((await other.request.get(path, { maxRedirects: 0 })).status(), path).toBe(404);
  }
  const submittedPath = await orderPath(page, seededOrders.submitted);
  const cancel = await other.request.post(submittedPath, { form: { intent: "cancel", confirmed: "1" }, headers: siteOrigin(), maxRedirects: 0 });
  expect(cancel.status()).toBe(404);
  await gotoHydrated(other, "/members/invoices");
  await expect(other.getByText("No invoices yet")).toBeVisible();
  await other.context().close();
});

test("the order pages have no axe violations and no sideways scroll at 1280 and 375 px: ORDER FORM tab, order form, board", async ({ page }) => {
  test.slow();
  await useSession(page, "orders", "/members/orders");
  await checkBothWidths(page, "orders-tab");

  await ivrRow(page, "Membrane Wrap").getByRole("link", { name: /^Order grafts/ }).click();
  await expect(page).toHaveURL(/\/members\/orders\/new\?ivr=/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page).toHaveTitle(/^Order form \| Clinical Portal/);
  await quantity(page, "4 × 4 cm (16 cm²)").fill("2");
  await expect(page.locator("[data-over-order]")).toBeVisible();
  await checkBothWidths(page, "order-form");

  await gotoHydrated(page, "/members");
  await expect(page.getByRole("heading", { name: "Orders", exact: true })).toBeVisible();
  await checkBothWidths(page, "board");
});

test("the order pages have no axe violations and no sideways scroll at 1280 and 375 px: an order, PAY INVOICE", async ({ page }) => {
  test.slow();
  await useSession(page, "orders");
  // The invoiced order: shipment, identifiers and an open invoice on one page.
  await gotoHydrated(page, await orderPath(page, seededOrders.invoiced));
  await expect(page.getByRole("region", { name: "Invoice" })).toContainText(seededInvoices.open);
  await checkBothWidths(page, "order");

  await gotoHydrated(page, "/members/invoices");
  await checkBothWidths(page, "invoices", async (width) => {
    if (width !== 375) return;
    // PAY INVOICE never sits alone on a line: on a phone the four tabs are two rows of two.
    const tabs = page.getByRole("tablist", { name: "Portal views" });
    const top = async (name: string) => (await tabs.getByRole("tab", { name }).boundingBox())!.y;
    expect(await top("PAY INVOICE")).toBe(await top("ORDER FORM"));
  });
});
