import { randomUUID } from "node:crypto";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { checkBothWidths, expectNoA11yViolations } from "./support/a11y";
import { gotoHydrated, siteOrigin } from "./support/page";
import { useSession } from "./support/sessions";

/**
 * Every one of these buttons and links lies within the window's width as the
 * page opens: nothing to scroll sideways for. (Not scrolled into view first:
 * that would scroll the table's own box and hide the very problem.)
 */
async function expectWithinViewport(page: Page, controls: Locator) {
  const width = page.viewportSize()!.width;
  // Every box read in one go, as Playwright's boundingBox reads it (null for an element with no box):
  // one call to the page instead of two for each of up to a hundred rows' controls.
  const boxes = await controls.evaluateAll((elements) =>
    elements.map((element) => {
      if (element.getClientRects().length === 0) return null;
      const { x, width } = element.getBoundingClientRect();
      return { x, width };
    }),
  );
  expect(boxes.length, "the page shows action buttons").toBeGreaterThan(0);
  boxes.forEach((box, i) => {
    expect(box, `action ${i} is shown`).not.toBeNull();
    expect(box!.x, `action ${i} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `action ${i} ends on screen`).toBeLessThanOrEqual(width);
  });
}

/** The table's own box does not scroll sideways either: every column is in view. */
async function expectTableFits(table: Locator) {
  const overflow = await table.evaluate((box) => box.scrollWidth - box.clientWidth);
  expect(overflow, "the table scrolls sideways inside its box").toBeLessThanOrEqual(0);
}

/** A contact form sent to an address the test SMTP server refuses for good: its confirmation fails at once. */
async function refusedContact(page: Page, marker: string) {
  const email = `gone-${marker}@refused.example`;
  const sent = await page.request.post("/contact", {
    form: { firstName: "Gale", lastName: `Moss${marker}`, email, message: `Pricing ${marker}` },
    headers: { "X-Resend": "1", ...siteOrigin() },
  });
  expect(sent.status()).toBe(200);
  return email;
}

test("the outbox, users and audit pages fit the screen and pass axe at 1280 and 375 px", async ({ page }) => {
  // Three pages, each scanned at both widths.
  test.slow();
  await refusedContact(page, randomUUID().slice(0, 8));
  await useSession(page, "admin", "/admin/outbox");
  const mailList = page.getByRole("region", { name: "Mail list" });
  await expect(mailList.getByRole("link", { name: /^View/ }).first()).toBeVisible();
  // Reading a mail: its body opens above the list (and the audit log gets a row that links back to it).
  await mailList.getByRole("link", { name: /^View/ }).first().click();
  await expect(page.getByRole("region", { name: "Mail text" })).toBeVisible();
  await checkBothWidths(page, "outbox", async () => {
    await expectWithinViewport(page, mailList.getByRole("link", { name: /^View/ }).or(mailList.getByRole("button")));
    await expectTableFits(mailList);
  });

  await gotoHydrated(page, "/admin/users");
  const accounts = page.getByRole("region", { name: "Accounts table" });
  await checkBothWidths(page, "users", async () => {
    await expectWithinViewport(page, accounts.getByRole("button"));
    await expectTableFits(accounts);
  });

  await gotoHydrated(page, "/admin/audit");
  const entries = page.getByRole("region", { name: "Audit log entries" });
  await expect(entries.getByRole("link", { name: /^Mail: / }).first()).toBeVisible();
  await checkBothWidths(page, "audit", () => expectTableFits(entries));
});

test("staff read a failed mail's purpose and body, and Retry says the worker sends it right away", async ({ page }) => {
  test.slow();
  const marker = randomUUID().slice(0, 8);
  const email = await refusedContact(page, marker);
  await useSession(page, "staff");

  const row = page.getByRole("row").filter({ hasText: email });
  await expect(async () => {
    await gotoHydrated(page, "/admin/outbox?state=failed");
    await expect(row).toContainText("Failed", { timeout: 1000 });
  }).toPass();
  await expect(row).toContainText("Contact form: confirmation to the sender");
  await expect(row).not.toContainText("contact.confirmation");

  await row.getByRole("link", { name: /^View/ }).click();
  const panel = page.getByRole("region", { name: "Contact form: confirmation to the sender" });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(email);
  await expect(panel.getByRole("region", { name: "Mail text" })).toContainText("Gale");
  await expectNoA11yViolations(page);

  // The e2e server has SMTP: the button and its answer say the mail goes out now.
  const retry = page.getByRole("row").filter({ hasText: email }).getByRole("button", { name: /^Retry/ });
  await expect(retry).toBeVisible();
  await retry.click();
  await expect(page.getByText("The mail worker will try to send it right away.")).toBeVisible();
});

test("audit rows link to the mail and the account they name", async ({ page }) => {
  test.slow();
  const marker = randomUUID().slice(0, 8);
  const invited = `audit-${marker}@clinic.example`;
  await refusedContact(page, marker);
  // Inviting someone writes an audit row naming their account.
  await useSession(page, "admin", "/admin/users");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(invited);
  await page.getByRole("combobox", { name: "Practice" }).selectOption({ label: "Sunrise Wound Care" });
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("row").filter({ hasText: invited })).toBeVisible();

  // Reading a mail writes one naming the mail.
  await gotoHydrated(page, "/admin/outbox");
  await page.getByRole("link", { name: /^View/ }).first().click();
  await expect(page).toHaveURL(/view=/);
  const viewed = new URL(page.url()).searchParams.get("view")!;

  await gotoHydrated(page, "/admin/audit?action=user.invite");
  await page.getByRole("link", { name: new RegExp(`^${invited}`) }).click();
  await expect(page).toHaveURL(/\/admin\/users#user-/);
  const userRow = page.locator(new URL(page.url()).hash);
  await expect(userRow).toContainText(invited);
  await expect(userRow).toBeInViewport();

  await gotoHydrated(page, "/admin/audit?action=mail.view");
  await page.getByRole("row").filter({ hasText: viewed }).first().getByRole("link", { name: /^Mail: / }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/outbox\\?view=${viewed}$`));
  await expect(page.getByRole("region", { name: "Mail text" })).toBeVisible();
});
