import { expect, test } from "@playwright/test";
import { checkBothWidths } from "./support/a11y";
import { waitForMail } from "./support/mail";
import { gotoHydrated, signIn } from "./support/page";
import { rolePractice } from "./support/seed-roles";
import { signedInContextPage } from "./support/sessions";

const toast = (page: import("@playwright/test").Page, text: string | RegExp) => page.locator("[data-sonner-toast]").filter({ hasText: text });

/**
 * Aspen Role Clinic's practice admin invites a billing member from the
 * practice's own page; the billing member sets a password from the mail, signs
 * in, reads the IVR's outcome and its insurance card but not its wound photo,
 * and finds invoices where the clinical pages are not. The last practice admin
 * cannot be made anything else.
 */
test("a practice admin invites a billing member, who cannot open a wound photo; the last practice admin stays", async ({ browser }) => {
  test.setTimeout(300_000);
  const { admin } = rolePractice.members;
  const adminPage = await (await browser.newContext()).newPage();
  await signIn(adminPage, admin.email, admin.password);
  await expect(adminPage).toHaveURL(/\/members$/);
  await adminPage.getByRole("link", { name: "People, facilities and providers" }).click();
  const people = adminPage.getByRole("region", { name: "Your practice's people" });
  await expect(people).toContainText(rolePractice.members.office.email);
  await checkBothWidths(adminPage, "roles-practice-people");

  // Nobody can take the last practice admin's role away.
  const adminRow = adminPage.locator(`tr[data-member="${admin.email}"]`);
  await adminRow.getByLabel(`Role of ${admin.email}`).selectOption("clinician");
  await adminRow.getByRole("button", { name: `Save the role of ${admin.email}` }).click();
  await expect(adminPage.getByText("A practice keeps at least one practice admin")).toBeVisible();

  // The invitation: its email and role, a mail with the link.
  await adminPage.getByLabel("Invite by email").fill(rolePractice.invitee);
  await adminPage.getByLabel(/^Invite as/).selectOption("billing");
  await adminPage.getByRole("button", { name: "Send invitation" }).click();
  await expect(toast(adminPage, `${rolePractice.invitee} invited as Billing`)).toBeVisible();
  await expect(adminPage.locator(`tr[data-member="${rolePractice.invitee}"]`).getByLabel(`Role of ${rolePractice.invitee}`)).toHaveValue("billing");
  const mail = await waitForMail(rolePractice.invitee, "/set-password?token=");
  const link = new URL(/https?:\/\/\S+\/set-password\?token=[\w-]+/.exec(mail.body)![0]);

  const billing = await (await browser.newContext()).newPage();
  await gotoHydrated(billing, link.pathname + link.search);
  await billing.getByLabel(/^New password/).fill("books password one");
  await billing.getByLabel("Confirm password").fill("books password one");
  await billing.getByRole("button", { name: "Set my password" }).click();
  await expect(billing).toHaveURL(/\/auth\?password=set$/);
  await billing.getByLabel("Email").fill(rolePractice.invitee);
  await billing.getByLabel("Password").fill("books password one");
  await billing.getByRole("button", { name: "Sign In" }).click();
  await expect(billing).toHaveURL(/\/members$/);

  // Billing's portal: the board and PAY INVOICE, no IVR FORM, no patients or stock.
  await expect(billing.getByRole("tab", { name: "PAY INVOICE" })).toBeVisible();
  await expect(billing.getByRole("tab", { name: "IVR FORM" })).toHaveCount(0);
  await expect(billing.getByRole("link", { name: "Patients" })).toHaveCount(0);
  await expect(billing.getByRole("link", { name: "New IVR" })).toHaveCount(0);

  // The IVR: its card opens, its wound photo does not (and its address answers 403).
  await billing.getByRole("link", { name: /^IVR-\d{6}$/ }).first().click();
  const attachments = billing.getByRole("region", { name: "Attachments" });
  await expect(attachments.getByText("Not opened by your role")).toHaveCount(1);
  const card = attachments.getByRole("link", { name: /card-front\.png/ });
  expect((await billing.request.get((await card.getAttribute("href"))!)).status()).toBe(200);
  await expect(billing.getByRole("button", { name: "Cancel IVR" })).toHaveCount(0);
  const ivrPath = new URL(billing.url()).pathname;
  await checkBothWidths(billing, "roles-billing-ivr");
  // The photo's address, as the practice admin's page links it.
  await gotoHydrated(adminPage, ivrPath);
  const photo = adminPage.getByRole("region", { name: "Attachments" }).getByRole("link", { name: /wound\.png/ });
  const photoHref = (await photo.getAttribute("href"))!;
  expect((await adminPage.request.get(photoHref)).status()).toBe(200);
  expect((await billing.request.get(photoHref)).status()).toBe(403);

  // A page outside the role says what the role allows.
  // (An error page: it answers 403 and is not hydrated.)
  expect((await billing.goto("/members/patients"))?.status()).toBe(403);
  await expect(billing.getByRole("heading", { name: "Not part of your role" })).toBeVisible();
  await expect(billing.getByText("You are Billing in your practice")).toBeVisible();
  await checkBothWidths(billing, "roles-refused");

  // The practice admin removes the billing member: their next request finds no session.
  await gotoHydrated(adminPage, "/members/practice");
  const row = adminPage.locator(`tr[data-member="${rolePractice.invitee}"]`);
  await row.getByText("Remove…").click();
  await row.getByRole("button", { name: `Remove ${rolePractice.invitee}` }).click();
  await expect(toast(adminPage, "Member removed")).toBeVisible();
  await expect(adminPage.locator(`tr[data-member="${rolePractice.invitee}"]`)).toHaveCount(0);
  await billing.goto("/members/invoices");
  await expect(billing).toHaveURL(/\/auth/);
});

test("an order above the practice's approval amount waits, unseen by staff, until the practice admin approves it", async ({ browser }) => {
  test.setTimeout(300_000);
  const { admin, clinician } = rolePractice.members;
  const adminPage = await (await browser.newContext()).newPage();
  await signIn(adminPage, admin.email, admin.password);
  await expect(adminPage).toHaveURL(/\/members$/);
  await gotoHydrated(adminPage, "/members/practice");
  await adminPage.getByLabel("Orders above this amount need approval ($)").fill("100");
  await adminPage.getByRole("button", { name: "Save approvals" }).click();
  await expect(toast(adminPage, "Approvals saved")).toBeVisible();

  // The clinician orders from the covered IVR: reckoned above $100, it waits.
  const nurse = await (await browser.newContext()).newPage();
  await signIn(nurse, clinician.email, clinician.password);
  await expect(nurse).toHaveURL(/\/members$/);
  await gotoHydrated(nurse, "/members/orders");
  await nurse.getByRole("link", { name: /^Order grafts from IVR-\d{6}$/ }).click();
  await nurse.getByRole("button", { name: "Use this" }).click();
  await nurse.getByRole("button", { name: "Place order" }).click();
  await expect(nurse).toHaveURL(/\/members\/orders\/[0-9a-f-]{36}$/);
  const reference = (await nurse.getByRole("heading", { level: 2, name: /^ORD-\d{6}$/ }).textContent())!;
  await expect(toast(nurse, `${reference} waits for approval`)).toBeVisible();
  await expect(nurse.getByRole("region", { name: "Waiting for your practice's approval" })).toContainText("We do not see it until then.");
  await expect(nurse.getByRole("button", { name: `Approve ${reference}` })).toHaveCount(0);
  const orderPath = new URL(nurse.url()).pathname;
  const orderId = orderPath.split("/").pop()!;

  // Staff do not see it: not in the queue under any filter, and its page is 404.
  const staff = await signedInContextPage(browser, "staff");
  await gotoHydrated(staff, "/admin/orders?status=all");
  await expect(staff.getByRole("link", { name: reference, exact: true })).toHaveCount(0);
  expect((await staff.request.get(`/admin/orders/${orderId}`)).status()).toBe(404);

  // The practice admin is mailed, opens it and approves it; now it is the supplier's.
  const mail = await waitForMail(admin.email, `${reference} was placed in your practice`);
  expect(mail.body).toContain(orderPath);
  await gotoHydrated(adminPage, orderPath);
  await checkBothWidths(adminPage, "roles-order-awaiting-approval");
  await adminPage.getByRole("button", { name: `Approve ${reference}` }).click();
  await expect(toast(adminPage, `${reference} approved`)).toBeVisible();
  await expect(adminPage.getByRole("region", { name: "History" })).toContainText("Awaiting practice approval → Submitted");
  await gotoHydrated(staff, "/admin/orders?status=all");
  await expect(staff.getByRole("link", { name: reference, exact: true })).toBeVisible();
  await staff.context().close();
});
