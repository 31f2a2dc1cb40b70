import { expect, test, type Page } from "@playwright/test";
import { checkBothWidths, shoot } from "./support/a11y";
import { portalAccounts, testAccounts } from "./support/accounts";
import { fillIvr } from "./support/ivr-form";
import { answerSecondFactor, gotoHydrated } from "./support/page";
import { SHORT_SESSION_ORIGIN } from "./support/sessions";

/**
 * Sessions on the server whose idle limit is one minute (SESSION_IDLE_MINUTES=1,
 * as outside checks run it): activity keeps a session past the limit, idleness
 * ends it, "Stay signed in" comes before the end and works by keyboard, and a
 * form sent after the end comes back filled after signing in again. Each test
 * waits out real minutes, so each waits only as long as the limit makes it.
 */
test.use({ baseURL: SHORT_SESSION_ORIGIN });

const IDLE_MS = 60_000;

async function signInHere(page: Page, account: { email: string; password: string }) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  // Staff and admins: the code of their test app.
  if (account.email === testAccounts.staff.email || account.email === testAccounts.admin.email) await answerSecondFactor(page);
}

/** Signs in from the sign-in page and opens `path`, hydrated; answers when that was (the session's last renewal). */
async function signInAndOpen(page: Page, account: { email: string; password: string }, path: string) {
  await gotoHydrated(page, "/auth");
  await signInHere(page, account);
  await expect(page).toHaveURL(/\/(admin|members)$/);
  await gotoHydrated(page, path);
  return Date.now();
}

/** Waits until `at` (a time in ms). */
async function until(page: Page, at: number) {
  const wait = at - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
}

const stayDialog = (page: Page) => page.getByRole("alertdialog", { name: "Stay signed in?" });
const endedDialog = (page: Page) => page.getByRole("alertdialog", { name: "Your session has ended" });

test("typing in a form keeps the session past the idle limit; idleness then ends it, and the page says so", async ({ page }) => {
  test.setTimeout(240_000);
  const start = await signInAndOpen(page, testAccounts.staff, "/admin/practices");
  const name = page.getByLabel("Practice name");
  // Only typing, no page loads, for longer than the limit.
  for (let at = 15_000; at <= 75_000; at += 15_000) {
    await until(page, start + at);
    await name.pressSequentially("ab", { delay: 50 });
    await expect(stayDialog(page)).toBeHidden();
  }
  // 85 s after the last page load: still signed in (asked without renewing).
  await until(page, start + 85_000);
  await expect(stayDialog(page)).toBeHidden();
  const status = await page.request.get("/session");
  expect(await status.json()).toMatchObject({ signedIn: true, endsBy: "idle" });
  const lastTyped = Date.now();
  // Idle from here: the warning comes at half the limit, then the end.
  await expect(stayDialog(page)).toBeVisible({ timeout: IDLE_MS });
  await expect(endedDialog(page)).toBeVisible({ timeout: IDLE_MS });
  expect(Date.now() - lastTyped).toBeGreaterThanOrEqual(IDLE_MS - 15_000);
  await expect(endedDialog(page)).toContainText("What you typed is still on this page");
  await page.reload();
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fadmin%2Fpractices$/);
});

test("page loads keep the session past the idle limit", async ({ page }) => {
  test.setTimeout(180_000);
  const start = await signInAndOpen(page, testAccounts.admin, "/admin/ivrs");
  // A page every 25 s, for longer than the limit; nothing typed.
  for (const [at, path] of [
    [25_000, "/admin/orders"],
    [50_000, "/admin/outbox"],
    [75_000, "/admin/ivrs"],
  ] as const) {
    await until(page, start + at);
    await gotoHydrated(page, path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  expect(Date.now() - start).toBeGreaterThan(IDLE_MS);
});

test("Stay signed in comes before the limit and works by keyboard; a console form sent after the end comes back filled after sign-in", async ({ page }) => {
  test.setTimeout(240_000);
  const { staff } = testAccounts;
  const practice = `Kept Wound Clinic ${Date.now().toString(36)}`;
  await signInAndOpen(page, { email: "admin@site.example", password: testAccounts.admin.password }, "/admin/practices");
  await page.getByLabel("Practice name").fill(practice);
  await page.getByLabel("Tax id").fill("12-3456789");
  const typed = Date.now();

  // Half a minute later (half the one-minute limit), the dialog, with its button focused.
  const dialog = stayDialog(page);
  await expect(dialog).toBeVisible({ timeout: IDLE_MS });
  expect(Date.now() - typed).toBeGreaterThanOrEqual(25_000);
  await expect(dialog).toContainText(/signed out in 0:\d\d unless you stay/);
  const stay = dialog.getByRole("button", { name: "Stay signed in" });
  await expect(stay).toBeFocused();
  // Focus stays in the dialog.
  await page.keyboard.press("Tab");
  await expect(stay).toBeFocused();
  await checkBothWidths(page, "stay-signed-in");
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  const stayed = Date.now();
  // Renewed: past the limit counted from the typing, the page is still signed in (no end, no sign-in page).
  await until(page, typed + IDLE_MS + 5_000);
  await expect(endedDialog(page)).toBeHidden();
  // Left alone now: the warning again, dismissed with Escape, and then the end.
  await expect(dialog).toBeVisible({ timeout: IDLE_MS });
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(endedDialog(page)).toBeVisible({ timeout: IDLE_MS });
  expect(Date.now() - stayed).toBeGreaterThanOrEqual(IDLE_MS - 5_000);
  await checkBothWidths(page, "session-ended");
  await endedDialog(page).getByRole("button", { name: "Back to the form" }).click();
  await expect(page.getByLabel("Practice name")).toHaveValue(practice);

  // Sent after the end: sign-in first, saying the form is kept...
  await page.getByRole("button", { name: "Create practice" }).click();
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fadmin%2Fpractices&kept=1$/);
  await expect(page.getByRole("status").filter({ hasText: "what you typed is kept for you" })).toBeVisible();
  // ...someone else signing in here gets nothing of it...
  await signInHere(page, staff);
  await expect(page).toHaveURL(/\/admin\/practices$/);
  await expect(page.getByLabel("Practice name")).toHaveValue("");
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  // ...and its owner gets the form back, filled, once.
  await gotoHydrated(page, "/auth?redirectTo=%2Fadmin%2Fpractices");
  await signInHere(page, testAccounts.admin);
  await expect(page).toHaveURL(/\/admin\/practices$/);
  await expect(page.getByLabel("Practice name")).toHaveValue(practice);
  await expect(page.getByLabel("Tax id")).toHaveValue("12-3456789");
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Your form is back" })).toBeVisible();
  await checkBothWidths(page, "form-back-after-sign-in");
  await page.getByRole("button", { name: "Create practice" }).click();
  await expect(page).toHaveURL(/\/admin\/practices\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: practice })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: practice })).toBeVisible();
});

test("the IVR form sent after the end resumes as its draft after sign-in, with everything typed and its attachment", async ({ page }) => {
  test.setTimeout(240_000);
  const { drafter } = portalAccounts;
  await signInAndOpen(page, drafter, "/members/ivrs/new");
  await fillIvr(page, { photo: "left-leg.png", lengthCm: "5.5", icdPrimary: "I83.022", notes: "Compression since March, weekly debridement" });
  // The draft saves as the member types; then nothing more happens for a minute.
  await expect(page.getByText(/^Draft saved/)).toBeVisible();
  await expect(endedDialog(page)).toBeVisible({ timeout: 2 * IDLE_MS });
  await expect(endedDialog(page)).toContainText("send the form, sign in again");
  await endedDialog(page).getByRole("button", { name: "Back to the form" }).click();

  // Sent now: kept as the draft, attachment included, and sign-in leads back to it.
  await page.getByRole("button", { name: "Send IVR" }).click();
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fmembers%2Fivrs%2Fnew%3Fdraft%3D[0-9a-f-]{36}&kept=1$/);
  await signInHere(page, drafter);
  await expect(page).toHaveURL(/\/members\/ivrs\/new\?draft=[0-9a-f-]{36}$/);
  await expect(page.getByLabel("Length (cm)")).toHaveValue("5.5");
  await expect(page.getByLabel("Standard of care notes")).toHaveValue("Compression since March, weekly debridement");
  await expect(page.getByRole("combobox", { name: "Patient", exact: true })).toHaveValue(/[0-9a-f-]{36}/);
  await expect(page.getByText("Attached: left-leg.png")).toBeVisible();
  await checkBothWidths(page, "ivr-draft-resumed");
  await shoot(page.getByRole("group", { name: "Attachments" }), "ivr-kept-attachment");
  // The attestation is ticked again on purpose (it is never kept), then the draft goes, its photo with it.
  await page.getByLabel("I attest to the statement above").check();
  await page.getByRole("button", { name: "Send IVR" }).click();
  await expect(page).toHaveURL(/\/members\/ivrs\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("link", { name: "Download left-leg.png" })).toBeVisible();
});
