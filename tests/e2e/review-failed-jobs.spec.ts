import { expect, test } from "@playwright/test";
import { checkBothWidths } from "./support/a11y";
import { gotoHydrated } from "./support/page";
import { seededJobs } from "./support/seed-jobs";
import { useSession } from "./support/sessions";

// Runs once (not on the phone project too): it retries and cancels the seeded jobs. Its pages are checked at both widths where they stand.
test("staff see on every console page that a background job failed, retry it and cancel a waiting one", async ({ page }) => {
  test.slow();
  await useSession(page, "staff");
  const banner = page.getByRole("status").filter({ hasText: "background job" });
  await expect(banner).toHaveText(/^\d+ background jobs? failed — Review$/);
  await gotoHydrated(page, "/admin/outbox");
  await expect(banner).toBeVisible();

  await banner.getByRole("link", { name: "Review" }).click();
  await expect(page).toHaveURL(/\/admin\/jobs\?view=failed$/);
  await expect(page.getByRole("heading", { level: 1, name: "Jobs" })).toBeVisible();
  await expect(page).toHaveTitle("Jobs | Staff console | Cardinal Biologics");
  await expect(page.getByRole("link", { name: "Jobs" })).toHaveAttribute("aria-current", "page");
  const failed = page.getByRole("row").filter({ hasText: seededJobs.failed.key });
  await expect(failed).toContainText("Expire IVRs past their valid-until date");
  await expect(failed).toContainText("Failed");
  await expect(failed).toContainText("3 of 3 attempts");
  await expect(failed).toContainText("Not until retried");
  await expect(failed).toContainText(seededJobs.failed.error);

  // Failed and waiting together (the default view), with the waiting job's next run.
  await gotoHydrated(page, "/admin/jobs");
  const waiting = page.getByRole("row").filter({ hasText: seededJobs.waiting.key });
  await expect(waiting).toContainText("Purge expired links and old mail bodies");
  await expect(waiting).toContainText("Waiting");
  await expect(waiting).toContainText("1 of 3 attempts");
  await expect(waiting.getByRole("time")).toBeVisible();
  await expect(waiting).toContainText(seededJobs.waiting.error);
  await checkBothWidths(page, "jobs");

  await failed.getByRole("button", { name: /^Retry/ }).click();
  await expect(page.getByText("Job queued again")).toBeVisible();
  // The worker runs it at once: it leaves the failed list, and the count with it.
  await expect(async () => {
    await gotoHydrated(page, "/admin/jobs?view=done");
    await expect(page.getByRole("row").filter({ hasText: seededJobs.failed.key })).toContainText("Done", { timeout: 1000 });
  }).toPass();
  await expect(banner).toHaveCount(0);

  await gotoHydrated(page, "/admin/jobs");
  await waiting.getByRole("button", { name: /^Cancel/ }).click();
  await expect(page.getByText("Job cancelled")).toBeVisible();
  await expect(waiting).toHaveCount(0);
  await gotoHydrated(page, "/admin/jobs?view=cancelled");
  await expect(waiting).toContainText("Cancelled");
  await expect(waiting.getByRole("button")).toHaveCount(1);
  await expect(waiting.getByRole("button", { name: /^Retry/ })).toBeVisible();
});
