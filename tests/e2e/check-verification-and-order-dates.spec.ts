import { expect, test, type Page } from "@playwright/test";
import { latestUsToday } from "~/lib/schemas/patient";
import { pdfText } from "../support/pdf-text";
import { checkBothWidths } from "./support/a11y";
import { waitForMail } from "./support/mail";
import { gotoHydrated, siteOrigin } from "./support/page";
import { annexOrder, orderPractice } from "./support/seed-orders";
import { signedInContextPage, useSession } from "./support/sessions";

/**
 * Dates and what an order keeps, on Lakeside's seeded records: the AmnioAmp-MP
 * IVR waiting on the payer's prior authorization (its first verification said
 * prior auth required, with the payer's benefits), and ORD-000006, shipped to
 * the annex. Staff approve the authorization (the form starts from the last
 * verification; a past valid-until and a half window are refused beside their
 * fields), then the buyer orders from it and a date before the window is
 * refused beside the date. The annex's address changes, and the shipped
 * order's pages and packing list keep the one it was placed with.
 */

/** A calendar day `offset` days from the orders' "today" (the latest date anywhere in the US). */
function day(offset: number) {
  const d = new Date(`${latestUsToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

const WINDOW = { from: day(20), to: day(80) };

/** The address of the seeded AmnioAmp-MP IVR, from the practice's board. */
async function priorAuthIvr(page: Page) {
  await useSession(page, "orders");
  const row = page.getByRole("table", { name: "IVRs of your practice" }).getByRole("row").filter({ hasText: "AmnioAmp-MP" });
  const link = row.getByRole("link", { name: /^IVR-\d{6}$/ });
  return { id: (await link.getAttribute("href"))!.split("/").pop()!, reference: (await link.textContent())! };
}

test.describe("a prior authorization's dates", () => {
  test.describe.configure({ mode: "serial" });

  test("staff approve a prior authorization from the last verification's benefits; a past valid-until and a half window are refused beside their fields", async ({
    page,
    browser,
  }) => {
    test.slow();
    const { id, reference } = await priorAuthIvr(page);
    const staff = await signedInContextPage(browser, "staff");
    await gotoHydrated(staff, `/admin/ivrs/${id}`);
    await expect(staff.getByRole("heading", { level: 1, name: reference })).toBeVisible();

    // The first verification reads as money, and the approval starts from it.
    const verifications = staff.getByRole("region", { name: "Verifications" });
    await expect(verifications).toContainText("$257 of $1,500 met");
    await expect(verifications).toContainText("In network");
    await expect(verifications).toContainText("$0");
    const form = staff.getByRole("region", { name: "Record the verification" });
    await expect(form.getByLabel("Deductible", { exact: true })).toHaveValue("1500");
    await expect(form.getByLabel("Deductible met")).toHaveValue("257");
    await expect(form.getByLabel("Copay")).toHaveValue("0");
    await expect(form.getByLabel("Coinsurance %")).toHaveValue("20");
    await expect(form.getByLabel("Network status")).toHaveValue("in-network");

    await form.getByLabel("Outcome").selectOption("prior_auth_approved");
    await form.getByLabel("Prior auth number").fill("PA-77120");
    await form.getByLabel("Prior auth valid from").fill(WINDOW.from);
    await form.getByLabel("Authorised applications").fill("0");
    const validUntil = form.getByLabel("Valid until");
    await validUntil.fill(day(-1));
    await form.getByRole("button", { name: "Record verification" }).click();
    await expect(validUntil).toHaveAttribute("aria-invalid", "true");
    await expect(validUntil).toHaveAccessibleDescription(/Valid until is after today \(.+\), the day of this verification/);
    await expect(form.getByLabel("Prior auth valid to")).toHaveAccessibleDescription(/Enter the day the authorization ends/);
    await expect(form.getByLabel("Authorised applications")).toHaveAccessibleDescription(/whole number from 1 to 40/);
    // Everything typed is still there.
    await expect(form.getByLabel("Prior auth number")).toHaveValue("PA-77120");
    await expect(form.getByLabel("Deductible", { exact: true })).toHaveValue("1500");
    await expect(staff.getByRole("region", { name: "History" })).not.toContainText("Prior auth approved");
    await checkBothWidths(staff, "verification-refused");

    // The server holds the same rule when a post skips the browser's check.
    const posted = await staff.request.post(`/admin/ivrs/${id}`, {
      form: { intent: "verify", outcome: "prior_auth_approved", priorAuthNumber: "PA-77120", priorAuthFrom: WINDOW.from, priorAuthTo: WINDOW.to, validUntil: day(400) },
      headers: siteOrigin(),
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(400);
    expect(await posted.text()).toContain("A verification holds for a year at most");

    await form.getByLabel("Prior auth valid to").fill(WINDOW.to);
    await form.getByLabel("Authorised applications").fill("2");
    await validUntil.fill(day(90));
    await form.getByRole("button", { name: "Record verification" }).click();
    await expect(staff.getByText("Prior auth submitted → Prior auth approved")).toBeVisible();
    await expect(verifications).toContainText(`${WINDOW.from} to ${WINDOW.to}`);

    // The practice hears of it by reference and status in words.
    const mail = await waitForMail(orderPractice.member.email, `${reference} is now Prior auth approved`);
    expect(mail.subject).toBe(`${reference}: prior auth approved`);
    expect(mail.body).not.toContain(orderPractice.patient.lastName);
    await staff.context().close();
  });

  test("the buyer's order dated the day before the authorization begins is refused beside the date, the rest kept; inside it, it is placed", async ({ page }) => {
    test.slow();
    await useSession(page, "buyer", "/members/orders");
    const row = page.getByRole("region", { name: "IVRs you can order from" }).getByRole("row").filter({ hasText: "AmnioAmp-MP" });
    await row.getByRole("link", { name: /^Order grafts from IVR-\d{6}$/ }).click();
    await expect(page).toHaveURL(/\/members\/orders\/new\?ivr=[0-9a-f-]{36}$/);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(page.getByText(`${WINDOW.from} to ${WINDOW.to}`, { exact: true })).toBeVisible();
    const dateOfService = page.getByLabel("Date of service");
    // The form starts on the authorization's first day.
    await expect(dateOfService).toHaveValue(WINDOW.from);

    await page.getByRole("button", { name: "Use this" }).click();
    await page.getByLabel("PO number (optional)").fill("PO-PA-1");
    await dateOfService.fill(day(19));
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(dateOfService).toHaveAttribute("aria-invalid", "true");
    // The approval made the IVR's authorisation a record of its own: its rule words the refusal.
    await expect(dateOfService).toHaveAccessibleDescription(new RegExp(`The authorisation is valid from ${WINDOW.from} to ${WINDOW.to}\\.`));
    await expect(page.getByLabel("PO number (optional)")).toHaveValue("PO-PA-1");
    await expect(page.locator("[data-ordered]")).toHaveText("14 cm²");
    await checkBothWidths(page, "order-before-window");

    await dateOfService.fill(WINDOW.from);
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page).toHaveURL(/\/members\/orders\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("region", { name: "Order", exact: true })).toContainText(WINDOW.from);
  });
});

test("editing a facility leaves a shipped order's pages and packing list as it was placed", async ({ page, browser }) => {
  test.slow();
  await useSession(page, "orders", "/members");
  const orderPath = (await page.locator(`tr[data-order="${annexOrder}"]`).getByRole("link", { name: annexOrder }).getAttribute("href"))!;
  const packingHref = `${orderPath}/packing-list.pdf`;
  const before = await pdfText(new Uint8Array(await (await page.request.get(packingHref)).body()));
  expect(before).toContain(orderPractice.annex.addressLine1);

  // The practice moves its annex.
  await gotoHydrated(page, "/members/practice");
  await page.getByRole("link", { name: `Edit ${orderPractice.annex.name}` }).click();
  const street = page.getByLabel("Street address");
  await expect(street).toHaveValue(orderPractice.annex.addressLine1);
  await street.fill("77 New Street");
  await page.getByLabel("Phone").fill("608 555 0199");
  await page.getByRole("button", { name: "Save facility" }).click();
  await expect(page.getByRole("table", { name: "Your facilities" })).toContainText("77 New Street");

  // The shipped order still goes where it went.
  await gotoHydrated(page, orderPath);
  const order = page.getByRole("region", { name: "Order", exact: true });
  await expect(order).toContainText(orderPractice.annex.addressLine1);
  await expect(order).not.toContainText("77 New Street");
  const after = await pdfText(new Uint8Array(await (await page.request.get(packingHref)).body()));
  expect(after).toBe(before);
  expect(after).not.toContain("77 New Street");
  expect(after).not.toContain("608 555 0199");

  const staff = await signedInContextPage(browser, "staff");
  await gotoHydrated(staff, `/admin${orderPath.replace(/^\/members/, "")}`);
  const staffOrder = staff.getByRole("region", { name: "Order", exact: true });
  await expect(staffOrder).toContainText(orderPractice.annex.addressLine1);
  await expect(staffOrder).not.toContainText("77 New Street");
  const staffPdf = await pdfText(new Uint8Array(await (await staff.request.get(`/admin${packingHref.replace(/^\/members/, "")}`)).body()));
  expect(staffPdf).toContain(orderPractice.annex.addressLine1);
  await staff.context().close();
});
