import { expect, test, type Page } from "@playwright/test";
import { testAccounts } from "./support/accounts";
import { checkBothWidths } from "./support/a11y";
import { gotoHydrated, signIn } from "./support/page";
import { talkPractice } from "./support/seed-talk";

/** A 1×1 PNG: a real image. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

const toast = (page: Page, text: string | RegExp) => page.locator("[data-sonner-toast]").filter({ hasText: text });
const thread = (page: Page) => page.getByRole("region", { name: "Messages" });
/** The thread's messages (its live region says some of the same words). */
const said = (page: Page, text: string) => thread(page).getByRole("list").getByText(text);
const announced = (page: Page) => page.getByTestId("thread-announcement");
/** A list's row of this reference, and its "New message" mark. */
const rowOf = (page: Page, reference: string) => page.getByRole("row").filter({ has: page.getByRole("link", { name: reference, exact: true }) });
const unreadMark = (page: Page, reference: string) => rowOf(page, reference).getByText("New message", { exact: true });

/**
 * Staff ask Birch Talk Clinic for the back of the insurance card on an IVR;
 * the member sees the unread count on the STATUS tab, opens the IVR and uploads
 * the card in the request's slot; staff's page shows it without a reload and
 * its live region says so. Staff's reply reaches the member's open page the
 * same way. The other side's lists mark a row with a new message ("New
 * message", live) until its page is opened. The IVR and order pages of both
 * sides pass axe at 1280 and 375 px.
 */
test("staff ask for the back of the insurance card; the member uploads it in the slot; each side sees the other live", async ({ browser }) => {
  test.setTimeout(240_000);
  const member = await (await browser.newContext()).newPage();
  await signIn(member, talkPractice.member.email, talkPractice.member.password);
  await expect(member).toHaveURL(/\/members$/);
  // The IVR in review: the board's row of its status.
  const ivrLink = member.getByRole("row").filter({ hasText: "In review" }).getByRole("link", { name: /^IVR-\d{6}$/ });
  const ivrPath = (await ivrLink.getAttribute("href"))!;
  const reference = (await ivrLink.textContent())!.trim();
  const ivrId = ivrPath.split("/").pop()!;

  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, testAccounts.staff.email, testAccounts.staff.password);
  await expect(staff).toHaveURL(/\/admin/);
  await gotoHydrated(staff, `/admin/ivrs/${ivrId}`);
  const staffThread = thread(staff);
  await expect(staffThread.getByText("No messages yet.")).toBeVisible();

  // Staff ask, by keyboard: the message, the document, Send.
  await staffThread.getByLabel("New message").fill("Please upload the back of the patient's insurance card.");
  await staffThread.getByLabel("Ask for a document").selectOption({ label: "Insurance card, back" });
  await staffThread.getByLabel("Ask for a document").press("Tab");
  await expect(staffThread.getByRole("button", { name: "Send" })).toBeFocused();
  await staff.keyboard.press("Enter");
  await expect(toast(staff, "Message sent")).toBeVisible();
  await expect(staffThread.getByText("Asked for: Insurance card, back (not uploaded yet)")).toBeVisible();
  await expect(staffThread.getByLabel("New message")).toHaveValue("");
  await checkBothWidths(staff, "talk-staff-ivr");

  // The member's board follows live: the STATUS tab counts the unread thread, and the IVR's row is marked.
  await expect(member.getByRole("tab", { name: /STATUS.*1 with an unread message/ })).toBeVisible();
  await expect(unreadMark(member, reference)).toBeVisible();
  await checkBothWidths(member, "talk-member-board-unread");
  await member.getByRole("link", { name: reference }).click();
  await expect(member).toHaveURL(new RegExp(`${ivrPath}$`));
  await expect(member.getByRole("tab", { name: /unread/ })).toHaveCount(0);
  const memberThread = thread(member);
  await expect(said(member, "Please upload the back of the patient's insurance card.")).toBeVisible();

  // A file that is not a PDF, JPEG or PNG is refused beside the slot.
  const slot = memberThread.getByRole("form", { name: "Upload: Insurance card, back" });
  await slot.getByLabel("File for Insurance card, back").setInputFiles({ name: "card-back.pdf", mimeType: "application/pdf", buffer: Buffer.from("<html>not a pdf</html>") });
  await slot.getByRole("button", { name: "Upload" }).click();
  await expect(slot.getByText("Attach a PDF, JPEG or PNG file")).toBeVisible();
  await checkBothWidths(member, "talk-member-ivr-request");

  await slot.getByLabel("File for Insurance card, back").setInputFiles({ name: "card-back.png", mimeType: "image/png", buffer: PNG });
  await slot.getByRole("button", { name: "Upload" }).click();
  await expect(toast(member, "Insurance card, back uploaded")).toBeVisible();
  await expect(memberThread.getByText("card-back.png")).toBeVisible();

  // Staff's page shows the file without a reload, and says so to a screen reader.
  await expect(staffThread.getByText("card-back.png")).toBeVisible();
  await expect(announced(staff)).toHaveText("Insurance card, back uploaded.");
  const download = staffThread.getByRole("link", { name: "Download Insurance card, back" });
  expect((await staff.request.get((await download.getAttribute("href"))!)).status()).toBe(200);

  // Staff's reply reaches the member's open page, announced politely.
  await staffThread.getByLabel("New message").fill("Thank you, that is all we need.");
  await staffThread.getByRole("button", { name: "Send" }).click();
  await expect(toast(staff, "Message sent")).toBeVisible();
  await expect(said(member, "Thank you, that is all we need.")).toBeVisible();
  await expect(announced(member)).toContainText("Thank you, that is all we need.");
  await expect(member.locator('[aria-live="polite"][data-testid="thread-announcement"]')).toHaveCount(1);
  await checkBothWidths(member, "talk-member-ivr");

  // Read on its page as it came: the board marks the IVR no more.
  await gotoHydrated(member, "/members");
  await expect(rowOf(member, reference)).toBeVisible();
  await expect(unreadMark(member, reference)).toHaveCount(0);

  // The order's conversation: the member writes; staff's queue (open on the practice's orders) marks it live, its page has it.
  const practiceId = (await staff.getByRole("link", { name: talkPractice.name }).first().getAttribute("href"))!.split("/").pop()!;
  const queue = `/admin/orders?status=all&practice=${practiceId}`;
  await gotoHydrated(staff, queue);
  await gotoHydrated(member, "/members/orders");
  const orderLink = member.getByRole("link", { name: /^ORD-\d{6}$/ }).first();
  const orderReference = (await orderLink.textContent())!.trim();
  await expect(rowOf(staff, orderReference)).toBeVisible();
  await expect(unreadMark(staff, orderReference)).toHaveCount(0);
  await orderLink.click();
  await expect(member).toHaveURL(/\/members\/orders\/[0-9a-f-]{36}$/);
  await thread(member).getByLabel("New message").fill("Can it arrive before Friday?");
  await thread(member).getByRole("button", { name: "Send" }).click();
  await expect(toast(member, "Message sent")).toBeVisible();
  await expect(said(member, "Can it arrive before Friday?")).toBeVisible();
  await checkBothWidths(member, "talk-member-order");
  await expect(unreadMark(staff, orderReference)).toBeVisible();
  await checkBothWidths(staff, "talk-staff-order-queue");
  await rowOf(staff, orderReference).getByRole("link", { name: orderReference, exact: true }).click();
  await expect(said(staff, "Can it arrive before Friday?")).toBeVisible();
  await checkBothWidths(staff, "talk-staff-order");
  await gotoHydrated(staff, queue);
  await expect(rowOf(staff, orderReference)).toBeVisible();
  await expect(unreadMark(staff, orderReference)).toHaveCount(0);
});
