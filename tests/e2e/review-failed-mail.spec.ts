import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { expectNoA11yViolations } from "./support/a11y";
import { gotoHydrated, siteOrigin } from "./support/page";
import { useSession } from "./support/sessions";

test("staff see on every console page that a mail was refused, review it and dismiss it", async ({ page }) => {
  // Sign-in, five console pages and an accessibility scan: more steps than the usual test.
  test.slow();
  const marker = randomUUID().slice(0, 8);
  // The test SMTP server refuses this address for good (550): the confirmation fails at once.
  const email = `gone-${marker}@refused.example`;
  const sent = await page.request.post("/contact", {
    form: { firstName: "Gale", lastName: `Moss${marker}`, email, message: `Pricing ${marker}` },
    headers: { "X-Resend": "1", ...siteOrigin() },
  });
  expect(sent.status()).toBe(200);

  await useSession(page, "staff");
  const banner = page.getByRole("status").filter({ hasText: "failed to send" });
  // The worker tries it a moment after the form was sent; a fresh page shows the count.
  await expect(async () => {
    await gotoHydrated(page, "/admin");
    await expect(banner).toHaveText(/^\d+ mails? failed to send — Review$/, { timeout: 1000 });
  }).toPass();
  for (const path of ["/admin?status=closed", "/admin/outbox?state=sent"]) {
    await gotoHydrated(page, path);
    await expect(banner).toBeVisible();
  }

  await banner.getByRole("link", { name: "Review" }).click();
  await expect(page).toHaveURL(/\/admin\/outbox\?state=failed$/);
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("550 Mailbox unavailable");
  await expect(row).toContainText("Failed");
  // The count and the Dismiss button, checked on the page that has both.
  await expect(banner).toBeVisible();
  await expectNoA11yViolations(page);
  await row.getByRole("button", { name: /^Dismiss/ }).click();
  await expect(page.getByText("Mail dismissed")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);

  await gotoHydrated(page, "/admin/outbox?state=dismissed");
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Dismissed");
});
