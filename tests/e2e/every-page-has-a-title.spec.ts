import { expect, test } from "@playwright/test";
import { useSession } from "./support/sessions";

const ENDING = /^[^|].* \| Cardinal Biologics$/;

test("pages outside the public site have their own title ending with the company name", async ({ page }) => {
  test.slow();
  for (const path of ["/forgot-password", "/set-password?token=nope", "/admin/no-such-page", "/no-such-page"]) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(ENDING);
  }
  await expect(page).toHaveTitle("Page not found | Cardinal Biologics");

  await useSession(page, "admin");
  const seen = new Set<string>();
  for (const path of ["/admin", "/admin/outbox", "/admin/users", "/admin/audit", "/members", "/forms-library", "/education"]) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(ENDING);
    seen.add(await page.title());
  }
  // Each its own.
  expect(seen.size).toBe(7);
});
