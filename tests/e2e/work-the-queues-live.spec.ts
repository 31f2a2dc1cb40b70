import { expect, test, type Page } from "@playwright/test";
import { checkBothWidths, expectNoHorizontalScroll } from "./support/a11y";
import { sendIvr } from "./support/ivr-form";
import { gotoHydrated } from "./support/page";
import { signedInPage } from "./support/sessions";

/** Marks the page's document: a reload would lose the mark. */
async function mark(page: Page) {
  await page.evaluate(() => ((window as unknown as { liveMark: number }).liveMark = 1));
}
async function expectNotReloaded(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { liveMark?: number }).liveMark)).toBe(1);
}

/** The text of the menu's IVRs link: its name and how many IVRs wait on staff. */
const ivrMenuText = (page: Page) =>
  page.getByRole("navigation", { name: "Staff console" }).getByRole("link", { name: /^IVRs/ }).evaluate((a) => a.textContent ?? "");

// Runs once, at 1280 px, with two browser contexts (a practice's member and staff); the queue and the staff IVR page are checked at 375 px too.
test("staff see a member's new IVR in the queue without a reload, and the answer to their question comes back to the top of their queue", async ({ browser }) => {
  test.slow();
  const queue = await signedInPage(browser, "staff");
  await gotoHydrated(queue, "/admin/ivrs");
  // The queue's live stream is open before the member sends anything.
  await expect(queue.getByText("The queue updates by itself.")).toBeVisible();
  await mark(queue);
  // A second console page that is not a queue: only its menu's counts follow.
  const inbox = await queue.context().newPage();
  await gotoHydrated(inbox, "/admin");
  const countBefore = await ivrMenuText(inbox);
  await mark(inbox);

  const member = await signedInPage(browser, "outsider");
  const { path, reference } = await sendIvr(member, "elsewhere");

  // No reload: the queue hears of it through its event stream (within the usual wait, not a timed goal).
  const row = queue.locator(`tr[data-ivr="${reference}"]`);
  await expect(row).toContainText("Elsewhere Podiatry");
  await expect(row).toContainText("Submitted");
  await expectNotReloaded(queue);
  // The inbox keeps its page, and its menu's count of IVRs waiting on staff changed.
  await expect.poll(() => ivrMenuText(inbox)).not.toBe(countBefore);
  await expectNotReloaded(inbox);
  await inbox.close();

  // Staff start the review and ask the practice a question.
  await row.getByRole("link", { name: reference }).click();
  await expect(queue.getByRole("heading", { level: 1, name: reference })).toBeVisible();
  await queue.getByRole("button", { name: "Start review" }).click();
  await expect(queue.getByText("Submitted → In review")).toBeVisible();
  await queue.getByLabel("Message to the practice").fill("Please send the vascular assessment.");
  await queue.getByRole("button", { name: "Ask for information" }).click();
  await expect(queue.getByText("In review → Needs information")).toBeVisible();
  await queue.getByRole("link", { name: "Back to the IVR queue" }).click();
  await expect(queue).toHaveURL(/\/admin\/ivrs$/);
  await expect(row).toHaveCount(0);
  await mark(queue);

  // The member answers; the answer lands at the top of the queue of the staff member who asked, marked, without a reload.
  await gotoHydrated(member, path);
  await member.getByLabel("Your answer").fill("ABI 0.9 on the left, done last week.");
  await member.getByRole("button", { name: "Answer and send again" }).click();
  await expect(member.getByRole("region", { name: "We need more information" })).toHaveCount(0);
  await expect(queue.locator("tbody tr").first()).toHaveAttribute("data-ivr", reference);
  await expect(row).toContainText("Answered: you asked");
  await expectNotReloaded(queue);
  await expect(queue.getByRole("status").filter({ hasText: "answered for you" })).toBeVisible();
  await checkBothWidths(queue, "ivr-queue-answered");

  // The IVR's page: on a phone the summary comes first, then the action, then the details; on a wide screen the action heads the right column.
  await row.getByRole("link", { name: reference }).click();
  await expect(queue.getByRole("heading", { level: 1, name: reference })).toBeVisible();
  // The answer is beside the action it calls for, with the question it answers.
  const work = queue.getByRole("region", { name: "Work this IVR" });
  await expect(work).toContainText("The practice answered");
  await expect(work).toContainText("Asked: Please send the vascular assessment.");
  await expect(work).toContainText("Answer: ABI 0.9 on the left, done last week.");
  const boxes = async () => ({
    summary: (await queue.getByRole("region", { name: "Summary" }).boundingBox())!,
    work: (await queue.getByRole("heading", { name: "Work this IVR" }).boundingBox())!,
    details: (await queue.getByRole("heading", { name: "Request", exact: true }).boundingBox())!,
  });
  await queue.setViewportSize({ width: 375, height: 740 });
  await expectNoHorizontalScroll(queue);
  const phone = await boxes();
  expect(phone.summary.y + phone.summary.height).toBeLessThanOrEqual(phone.work.y);
  expect(phone.work.y).toBeLessThan(phone.details.y);
  await queue.setViewportSize({ width: 1280, height: 900 });
  const wide = await boxes();
  expect(wide.work.x).toBeGreaterThan(wide.details.x + wide.details.width);
  expect(Math.abs(wide.work.y - wide.details.y)).toBeLessThan(40);
  await checkBothWidths(queue, "staff-ivr-page");

  await member.context().close();
  await queue.context().close();
});

test("the console's menu has lines of its own at 1280 px and wraps in whole items at 375 px", async ({ browser }) => {
  const page = await signedInPage(browser, "admin");
  const menu = page.getByRole("navigation", { name: "Staff console" });
  const items = menu.getByRole("listitem");
  // Texts show only when text messages are set up (not on this server).
  await expect(items).toHaveCount(14);

  await page.setViewportSize({ width: 1280, height: 900 });
  const wide = await items.evaluateAll((lis) => lis.map((li) => li.getBoundingClientRect()).map((r) => ({ top: Math.round(r.top), right: r.right })));
  // Every section in at most two rows of whole items, the rows to themselves: who is signed in and Sign Out sit on the line above.
  expect(new Set(wide.map((r) => r.top)).size).toBeLessThanOrEqual(2);
  for (const r of wide) expect(r.right).toBeLessThanOrEqual(1280);
  const signOut = (await page.getByRole("button", { name: "Sign Out" }).boundingBox())!;
  expect(signOut.y + signOut.height).toBeLessThanOrEqual(wide[0]!.top);
  await expect(page.getByRole("link", { name: /Your profile, signed in as admin@site\.example/ })).toBeVisible();

  await page.setViewportSize({ width: 375, height: 740 });
  await expectNoHorizontalScroll(page);
  const narrow = await items.evaluateAll((lis) => lis.map((li) => li.getBoundingClientRect()).map((r) => ({ top: Math.round(r.top), left: r.left, right: r.right })));
  // Whole items in rows, each inside the screen.
  expect(new Set(narrow.map((r) => r.top)).size).toBeGreaterThan(1);
  for (const r of narrow) {
    expect(r.left).toBeGreaterThanOrEqual(0);
    expect(r.right).toBeLessThanOrEqual(375);
  }
  await checkBothWidths(page, "console-menu");
  await page.context().close();
});
