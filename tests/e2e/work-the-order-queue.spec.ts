import { expect, test, type Page } from "@playwright/test";
import { latestUsToday } from "~/lib/schemas/patient";
import { pdfText } from "../support/pdf-text";
import { checkBothWidths, expectNoA11yViolations } from "./support/a11y";
import { testAccounts } from "./support/accounts";
import { answerSecondFactor, gotoHydrated, siteOrigin } from "./support/page";
import { orderPractice, seededInvoices, seededOrders } from "./support/seed-orders";
import { signedInContextPage, useSession } from "./support/sessions";

/**
 * The console's side of orders, on the seeded orders of Lakeside (one of each
 * status from submitted to paid). Each seeded order is changed by one test
 * only: ORD-000001 is confirmed and cancelled, ORD-000002 shipped, ORD-000003
 * invoiced, ORD-000004 paid; ORD-000005 (paid) is only read.
 */
const { staff } = testAccounts;

/** A calendar day `offset` days from the orders' "today" (the latest date anywhere in the US). */
function day(offset: number) {
  const d = new Date(`${latestUsToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

/** Signs the page in with staff's kept session (support/sessions.ts) and opens `path`, by default the console's inbox. */
async function signInAsStaff(page: Page, path?: string) {
  await useSession(page, "staff", path);
}

/** The queue of all statuses. */
const QUEUE = "/admin/orders?status=all";

/** Opens an order's page from the queue (all statuses) by its reference; answers its address. */
async function openOrder(page: Page, reference: string) {
  await gotoHydrated(page, QUEUE);
  return openOrderFromQueue(page, reference);
}

/** On the queue of all statuses, opens an order's page by its reference; answers its address. */
async function openOrderFromQueue(page: Page, reference: string) {
  await page.getByRole("link", { name: reference, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: reference })).toBeVisible();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return new URL(page.url()).pathname;
}

const work = (page: Page) => page.getByRole("region", { name: "Work this order" });
const history = (page: Page) => page.getByRole("region", { name: "History" });

// The queue is read before the orders are worked, and one form is refused before its order moves on: in this order, in one worker.
test.describe("working the seeded orders", () => {
  test.describe.configure({ mode: "serial" });

  test("staff see the queue of orders waiting on them, its count in the menu, filter it, and open an order", async ({ page }) => {
    await signInAsStaff(page);
    const menu = page.getByRole("navigation", { name: "Staff console" });
    await menu.getByRole("link", { name: /^Orders/ }).click();
    await expect(page).toHaveURL(/\/admin\/orders$/);
    await expect(page).toHaveTitle("Orders | Staff console | Cardinal Biologics");

    // By default: what waits on staff (to confirm, ship, invoice), not what waits on the practice or is done.
    const queue = page.getByRole("region", { name: "Order queue" });
    for (const reference of [seededOrders.submitted, seededOrders.confirmed, seededOrders.delivered]) {
      await expect(queue.locator(`tr[data-order="${reference}"]`), reference).toBeVisible();
    }
    for (const reference of [seededOrders.invoiced, seededOrders.paid]) {
      await expect(queue.locator(`tr[data-order="${reference}"]`), reference).toHaveCount(0);
    }
    const row = queue.locator(`tr[data-order="${seededOrders.confirmed}"]`);
    await expect(row).toContainText(orderPractice.name);
    await expect(row).toContainText(orderPractice.patient.initials);
    await expect(row).not.toContainText(orderPractice.patient.lastName);
    await expect(row).toContainText("Membrane Wrap");
    await expect(row).toContainText("4 × 4 cm × 1");
    await expect(row).toContainText("2 × 2 cm × 2");
    await expect(row).toContainText("Standard");
    await expect(row).toContainText("Confirmed");
    await expect(row).toContainText(/changed just now|waiting \d+ (min|hours?|days?)/);
    await expect(row.getByRole("link", { name: /^IVR-\d{6}$/ })).toHaveAttribute("href", /^\/admin\/ivrs\/[0-9a-f-]{36}$/);

    // The menu's count is the queue's.
    // ("1,234 orders waiting on staff": thousands are grouped.)
    const waiting = Number((await page.getByRole("status").filter({ hasText: /orders? waiting on staff/ }).textContent())!.match(/\d[\d,]*/)![0].replaceAll(",", ""));
    expect(waiting).toBeGreaterThanOrEqual(3);
    await expect(menu.getByRole("link", { name: new RegExp(`^Orders\\s*, ${waiting} waiting on staff$`) })).toBeVisible();

    // The others by their status: the filter, and the counts' links.
    await page.getByRole("combobox", { name: "Status" }).selectOption("invoiced");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/status=invoiced/);
    await expect(queue.locator(`tr[data-order="${seededOrders.invoiced}"]`)).toBeVisible();
    await expect(queue.locator(`tr[data-order="${seededOrders.submitted}"]`)).toHaveCount(0);
    await page.getByRole("navigation", { name: "Orders by status" }).getByRole("link", { name: /^Paid \d+$/ }).click();
    await expect(page).toHaveURL(/status=paid/);
    await expect(queue.locator(`tr[data-order="${seededOrders.paid}"]`)).toBeVisible();

    await queue.getByRole("link", { name: seededOrders.paid, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: seededOrders.paid })).toBeVisible();
    await expect(page).toHaveTitle(`${seededOrders.paid} | Orders | Staff console | Cardinal Biologics`);
    await expect(work(page)).toContainText("Nothing to do: this order is Paid.");
    await expect(page.getByRole("link", { name: orderPractice.name })).toHaveAttribute("href", /^\/admin\/practices\//);
    await expect(page.getByRole("link", { name: /^IVR-\d{6}$/ })).toHaveAttribute("href", /^\/admin\/ivrs\//);
    const order = page.getByRole("region", { name: "Order", exact: true });
    await expect(order).toContainText(`${orderPractice.patient.initials} (initials)`);
    await expect(order).not.toContainText(orderPractice.patient.lastName);
    await expect(order).toContainText("Membrane Wrap, HCPCS Q4205");
    await expect(order).toContainText("40 Shore Road");
    await expect(order).toContainText("PO-4410");
    await expect(page.getByRole("region", { name: "Sizes", exact: true })).toContainText("24 cm²");
    await expect(page.getByRole("region", { name: "Invoice", exact: true })).toContainText("ACH 88120");
    await expect(page.getByRole("link", { name: "Packing list (PDF)" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Invoice (PDF)" })).toBeVisible();

    // The IVR's page lists the orders made from it.
    await page.getByRole("link", { name: /^IVR-\d{6}$/ }).click();
    const fromIvr = page.getByRole("region", { name: "Orders from this IVR" });
    for (const reference of Object.values(seededOrders)) await expect(fromIvr.getByRole("link", { name: reference, exact: true })).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("a shipping form missing an identifier keeps what was typed and says so beside it; a move the order's status refuses answers 409", async ({ page }) => {
      await page.goto("/auth");
      await page.getByLabel("Email").fill(staff.email);
      await page.getByLabel("Password").fill(staff.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await answerSecondFactor(page);
      await expect(page).toHaveURL(/\/admin$/);
      await page.goto("/admin/orders?status=confirmed");
      await page.getByRole("link", { name: seededOrders.confirmed, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: seededOrders.confirmed })).toBeVisible();

      await page.getByLabel("4 × 4 cm, unit 1 of 1: tissue identifier").fill("NOJS-0001");
      // Spaces pass the browser's own "required", not the form's rule.
      await page.getByLabel("2 × 2 cm, unit 1 of 2: tissue identifier").fill("   ");
      await page.getByLabel("2 × 2 cm, unit 2 of 2: tissue identifier").fill("NOJS-0003");
      for (const unit of ["4 × 4 cm, unit 1 of 1", "2 × 2 cm, unit 1 of 2", "2 × 2 cm, unit 2 of 2"]) {
        await page.getByLabel(`${unit}: lot`).fill("NJ26");
        await page.getByLabel(`${unit}: expiry date`).fill("2035-12-31");
      }
      await page.getByLabel("Carrier").selectOption("ups");
      await page.getByLabel("Tracking number").fill("1Z999AA10123456784");
      const answered = page.waitForResponse((r) => r.request().method() === "POST");
      await page.getByRole("button", { name: "Ship order" }).click();
      expect((await answered).status()).toBe(400);
      const missing = page.getByLabel("2 × 2 cm, unit 1 of 2: tissue identifier");
      await expect(missing).toHaveAttribute("aria-invalid", "true");
      await expect(missing).toHaveAccessibleDescription("Enter this unit's tissue identifier");
      await expect(page.getByLabel("4 × 4 cm, unit 1 of 1: tissue identifier")).toHaveValue("NOJS-0001");
      await expect(page.getByLabel("2 × 2 cm, unit 2 of 2: tissue identifier")).toHaveValue("NOJS-0003");
      await expect(page.getByLabel("Carrier")).toHaveValue("ups");
      await expect(page.getByLabel("Tracking number")).toHaveValue("1Z999AA10123456784");
      await expect(page.getByRole("region", { name: "Shipment", exact: true })).toContainText("Not shipped yet.");

      // A paid order cannot be confirmed: a hand-made post gets 409 and the reason.
      await page.goto("/admin/orders?status=paid");
      await page.getByRole("link", { name: seededOrders.paid, exact: true }).click();
      const refused = await page.request.post(new URL(page.url()).pathname, { form: { intent: "confirm" }, headers: siteOrigin(), maxRedirects: 0 });
      expect(refused.status()).toBe(409);
      expect(await refused.text()).toContain("An order that is Paid cannot become Confirmed.");
    });
  });

  test("staff confirm an order, then cancel it with a reason after a confirm dialog; the history shows both", async ({ page }) => {
    await signInAsStaff(page, QUEUE);
    await openOrderFromQueue(page, seededOrders.submitted);
    await expect(page.getByText("Next: Confirm it.")).toBeVisible();
    await expectNoA11yViolations(page);
    await work(page).getByRole("button", { name: "Confirm order" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Order confirmed" })).toBeVisible();
    await expect(history(page)).toContainText("Submitted → Confirmed");
    await expect(work(page).getByRole("button", { name: "Ship order" })).toBeVisible();

    await work(page).getByText("Cancel this order…").click();
    await work(page).getByLabel("Reason").fill("The practice ordered this twice");
    await work(page).getByRole("button", { name: "Cancel order" }).click();
    const dialog = page.getByRole("alertdialog", { name: `Cancel ${seededOrders.submitted}?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel order" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Order cancelled" })).toBeVisible();
    await expect(history(page)).toContainText("Confirmed → Cancelled");
    await expect(history(page)).toContainText("Reason: The practice ordered this twice");
    await expect(work(page)).toContainText("Nothing to do: this order is Cancelled.");
    await expect(page.getByRole("heading", { level: 1 }).locator("..")).toContainText("Cancelled");
  });

  test("staff ship an order with every unit's tissue identifier: a missing one is named beside it, the rest kept; the packing list carries them all", async ({ page }) => {
    await signInAsStaff(page, QUEUE);
    await openOrderFromQueue(page, seededOrders.confirmed);
    const unit = (label: string) => work(page).getByLabel(label);
    // A label's GS1 barcode as a scanner types it (the group separator before the serial): Enter fills in its lot and
    // expiry and moves to the next unit's identifier instead of sending the form.
    await unit("4 × 4 cm, unit 1 of 1: tissue identifier").fill("0109501101020917173512311" + "0AM2611\u001d21AM-2611-0001");
    await unit("4 × 4 cm, unit 1 of 1: tissue identifier").press("Enter");
    await expect(unit("4 × 4 cm, unit 1 of 1: lot")).toHaveValue("AM2611");
    await expect(unit("4 × 4 cm, unit 1 of 1: expiry date")).toHaveValue("2035-12-31");
    await expect(unit("2 × 2 cm, unit 1 of 2: tissue identifier")).toBeFocused();
    // A typed identifier: Enter moves to its lot, then its expiry date.
    await unit("2 × 2 cm, unit 2 of 2: tissue identifier").fill("AM-2611-0003");
    await unit("2 × 2 cm, unit 2 of 2: tissue identifier").press("Enter");
    await expect(unit("2 × 2 cm, unit 2 of 2: lot")).toBeFocused();
    await page.keyboard.type("AM2611");
    await unit("2 × 2 cm, unit 2 of 2: expiry date").fill("2035-12-31");
    await work(page).getByLabel("Carrier").selectOption("ups");
    await work(page).getByLabel("Tracking number").fill("1Z999AA10123456784");
    await work(page).getByRole("button", { name: "Ship order" }).click();

    const missing = unit("2 × 2 cm, unit 1 of 2: tissue identifier");
    await expect(missing).toHaveAccessibleDescription("Enter this unit's tissue identifier");
    await expect(unit("2 × 2 cm, unit 1 of 2: lot")).toHaveAccessibleDescription("Enter this unit's lot");
    await expect(missing).toBeFocused();
    await expect(unit("4 × 4 cm, unit 1 of 1: lot")).toHaveValue("AM2611");
    await expect(unit("2 × 2 cm, unit 2 of 2: tissue identifier")).toHaveValue("AM-2611-0003");
    await expect(work(page).getByLabel("Tracking number")).toHaveValue("1Z999AA10123456784");
    await expectNoA11yViolations(page);

    await missing.fill("AM-2611-0002");
    await unit("2 × 2 cm, unit 1 of 2: lot").fill("AM2611");
    await unit("2 × 2 cm, unit 1 of 2: expiry date").fill("2035-12-31");
    await work(page).getByRole("button", { name: "Ship order" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Order shipped" })).toBeVisible();
    await expect(history(page)).toContainText("Confirmed → Shipped");
    const shipment = page.getByRole("region", { name: "Shipment", exact: true });
    await expect(shipment).toContainText("UPS");
    await expect(shipment.getByRole("link", { name: /1Z999AA10123456784/ })).toHaveAttribute("href", /^https:\/\/www\.ups\.com\/track\?tracknum=1Z999AA10123456784$/);
    for (const id of ["AM-2611-0001", "AM-2611-0002", "AM-2611-0003"]) await expect(shipment).toContainText(id);
    await expect(work(page).getByRole("button", { name: "Mark delivered" })).toBeVisible();

    const href = (await page.getByRole("link", { name: "Packing list (PDF)" }).getAttribute("href"))!;
    const pdf = await page.request.get(href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    const text = await pdfText(new Uint8Array(await pdf.body()));
    for (const id of ["AM-2611-0001", "AM-2611-0002", "AM-2611-0003", seededOrders.confirmed, "1Z999AA10123456784", "Lot AM2611"]) expect(text, id).toContain(id);

    // Until it is delivered, staff correct the tracking: checked against the carrier's format, then kept.
    await work(page).getByText("Correct the tracking…").click();
    const correction = work(page).locator("details");
    await correction.getByLabel("Carrier").selectOption("fedex");
    await correction.getByLabel("Tracking number").fill("1Z999AA10123456784");
    await correction.getByRole("button", { name: "Correct tracking" }).click();
    await expect(correction.getByLabel("Tracking number")).toHaveAccessibleDescription("A FedEx tracking number is 12 or 15 digits");
    await correction.getByLabel("Tracking number").fill("7712 3456 7899");
    await correction.getByRole("button", { name: "Correct tracking" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Tracking corrected" })).toBeVisible();
    await expect(shipment.getByRole("link", { name: /771234567899/ })).toHaveAttribute("href", /^https:\/\/www\.fedex\.com\//);
    await expect(shipment).toContainText("FedEx");
  });

  test("staff invoice a delivered order: prices prefilled, totals live, the invoice numbered with its due date and in its PDF", async ({ page }) => {
    await signInAsStaff(page, QUEUE);
    await openOrderFromQueue(page, seededOrders.delivered);
    const price4 = work(page).getByLabel("4 × 4 cm (Q4205): unit price");
    const price2 = work(page).getByLabel("2 × 2 cm (Q4205): unit price");
    // The last prices invoiced for these sizes (the seed's) are filled in.
    await expect(price4).toHaveValue("450.00");
    await expect(price2).toHaveValue("125.50");
    const total = work(page).locator("output");
    await expect(total).toHaveText("$701.00");
    await price4.fill("460");
    await price2.fill("");
    await expect(total).toHaveText("Enter every price");
    await price2.fill("130.25");
    await expect(total).toHaveText("$720.50");
    await expect(work(page).getByLabel("Due on")).toHaveValue(day(30));
    await expectNoA11yViolations(page);
    await work(page).getByRole("button", { name: "Create invoice" }).click();

    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Invoice created" })).toBeVisible();
    const invoice = page.getByRole("region", { name: "Invoice", exact: true });
    await expect(invoice).toContainText(/INV-\d{6}/);
    const number = (await invoice.textContent())!.match(/INV-\d{6}/)![0];
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: `${number} is issued` })).toBeVisible();
    await expect(invoice).toContainText("$720.50");
    await expect(invoice).toContainText(day(30));
    await expect(invoice).toContainText("Open");
    await expect(history(page)).toContainText("Delivered → Invoiced");
    await expect(work(page).getByRole("button", { name: "Record payment" })).toBeVisible();

    const href = (await page.getByRole("link", { name: "Invoice (PDF)" }).getAttribute("href"))!;
    const pdf = await page.request.get(href);
    expect(pdf.status()).toBe(200);
    const text = await pdfText(new Uint8Array(await pdf.body()));
    for (const expected of [number, "Q4205", "$720.50", "$460.00", "$260.50"]) expect(text, expected).toContain(expected);
  });

  test("staff record a part payment of an invoiced order, then the rest: the balance shows in the console and on PAY INVOICE, then Paid", async ({ page, browser }) => {
    await signInAsStaff(page, QUEUE);
    await openOrderFromQueue(page, seededOrders.invoiced);
    const invoice = page.getByRole("region", { name: "Invoice", exact: true });
    await expect(work(page).getByLabel("Paid on")).toHaveValue(day(0));
    // The amount starts at the balance; a part is typed over it.
    const amount = work(page).getByLabel("Amount ($)");
    await expect(amount).toHaveValue("701.00");
    await amount.fill("200");
    await work(page).getByLabel("Reference").fill("Check 10441");
    await work(page).getByRole("button", { name: "Record payment" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Part payment recorded" })).toBeVisible();
    await expect(invoice.locator("[data-invoice-paid]")).toHaveText("$200.00");
    await expect(invoice.locator("[data-invoice-balance]")).toHaveText("$501.00");
    await expect(invoice.getByRole("table", { name: "Payments" })).toContainText("Check 10441");
    await expect(history(page)).not.toContainText("Invoiced → Paid");
    await expect(amount).toHaveValue("501.00");

    // The practice sees what is paid and what is left.
    const member = await signedInContextPage(browser, "orders");
    await gotoHydrated(member, "/members/invoices");
    const row = member.locator(`tr[data-invoice="${seededInvoices.open}"]`);
    await expect(row).toContainText("$200.00");
    await expect(row).toContainText("$501.00");
    await expect(row).toContainText("Open");
    await checkBothWidths(member, "pay-invoice-part-paid");

    // More than the balance is refused beside the amount; the rest pays it.
    await amount.fill("600");
    await work(page).getByLabel("Reference").fill("Check 10442");
    await work(page).getByRole("button", { name: "Record payment" }).click();
    // A busy machine's server may take its time to answer.
    await expect(amount).toHaveAccessibleDescription(/The balance is \$501\.00: a payment cannot be more than it/, { timeout: 45_000 });
    await amount.fill("501");
    await work(page).getByRole("button", { name: "Record payment" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Payment recorded" })).toBeVisible();
    await expect(history(page)).toContainText("Invoiced → Paid");
    await expect(invoice.locator("[data-invoice-balance]")).toHaveText("$0.00");
    await expect(invoice).toContainText(day(0));
    await expect(invoice).toContainText("Check 10442");
    await expect(work(page)).toContainText("Nothing to do: this order is Paid.");
    const text = await pdfText(new Uint8Array(await (await page.request.get((await page.getByRole("link", { name: "Invoice (PDF)" }).getAttribute("href"))!)).body()));
    expect(text).toContain("Check 10441");
    expect(text).toContain(`PAID on ${day(0)}, reference Check 10442`);
    await gotoHydrated(member, "/members/invoices");
    await expect(row).toContainText("Paid");
    await member.context().close();
  });
});

test("an admin reads staff's reads of an order in the audit log", async ({ browser }) => {
  const staffPage = await signedInContextPage(browser, "staff");
  const path = await openOrder(staffPage, seededOrders.paid);
  const id = path.split("/").pop()!;
  const adminPage = await signedInContextPage(browser, "admin");
  await adminPage.goto(`/admin/audit?action=order.view&actor=${encodeURIComponent(staff.email)}`);
  // Each row names the order by its reference and links to its page.
  await expect(adminPage.locator(`a[href="/admin/orders/${id}"]`).first()).toBeVisible();
  await staffPage.context().close();
  await adminPage.context().close();
});

test("the queue and an order's page pass axe and do not scroll sideways at 1280 and 375 px", async ({ page }) => {
  test.slow();
  await signInAsStaff(page, "/admin/orders");
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await checkBothWidths(page, "order-queue");

  await openOrder(page, seededOrders.paid);
  await checkBothWidths(page, "order-page");
});
