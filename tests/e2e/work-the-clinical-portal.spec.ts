import { expect, test, type Page } from "@playwright/test";
import { checkBothWidths } from "./support/a11y";
import { fillIvr, PNG } from "./support/ivr-form";
import { portalAccounts } from "./support/accounts";
import { gotoHydrated } from "./support/page";
import { signedInPage, useSession } from "./support/sessions";

const { sender } = portalAccounts;

/** Sends an IVR through the form; answers its page's address and reference. */
async function sendIvr(page: Page, options: { photo?: boolean } = {}) {
  await gotoHydrated(page, "/members/ivrs/new");
  await fillIvr(page, options);
  await page.getByRole("button", { name: "Send IVR" }).click();
  await expect(page).toHaveURL(/\/members\/ivrs\/[0-9a-f-]{36}$/);
  const reference = (await page.getByRole("heading", { level: 2, name: /^IVR-\d{6}$/ }).textContent())!;
  return { path: new URL(page.url()).pathname, reference };
}

// The journey runs once, at 1280 px; its three screens (the filled form, the IVR's page, the board) are checked at 375 px too.
test("a member sends an IVR with a wound photo, lands on its page, and another practice gets 404 for it", async ({ page, browser }) => {
  test.slow();
  await useSession(page, "sender", "/members/ivrs/new");
  await expect(page.getByRole("tab", { name: "IVR FORM" })).toHaveAttribute("aria-selected", "true");
  await fillIvr(page, { photo: true });
  // Derived live from the answers: 5 × 4 cm on a leg.
  await expect(page.getByText("Area: 20 cm²")).toBeVisible();
  await expect(page.getByText("CPT application codes: 15271")).toBeVisible();
  await checkBothWidths(page, "ivr-form");
  await page.getByRole("button", { name: "Send IVR" }).click();

  await expect(page).toHaveURL(/\/members\/ivrs\/[0-9a-f-]{36}$/);
  const heading = page.getByRole("heading", { level: 2, name: /^IVR-\d{6}$/ });
  const reference = (await heading.textContent())!;
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: `${reference} sent` })).toBeVisible();
  await expect(page.getByText("Submitted").first()).toBeVisible();
  await expect(page.getByText("Margaret Hale (born 1948-03-14)")).toBeVisible();
  await expect(page.getByText("15271", { exact: true })).toBeVisible();
  const download = page.getByRole("link", { name: /Download/ });
  await expect(download).toHaveCount(1);
  const fileHref = (await download.getAttribute("href"))!;
  const file = await page.request.get(fileHref);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("image/png");
  expect(file.headers()["content-disposition"]).toMatch(/^attachment/);
  expect(file.headers()["cache-control"]).toContain("no-store");
  // The photo as written anew on arrival: a PNG of the same picture.
  expect(Buffer.from(await file.body()).subarray(0, 8).equals(PNG.subarray(0, 8))).toBe(true);
  await checkBothWidths(page, "ivr-page");

  // The board lists it with the patient's initials only.
  await page.getByRole("link", { name: "Back to the board" }).click();
  const row = page.locator(`tr[data-ivr="${reference}"]`);
  await expect(row).toContainText("M.H.");
  await expect(row).toContainText("Submitted");
  await expect(row).not.toContainText("Hale");
  await page.getByRole("link", { name: /^Submitted/ }).click();
  await expect(page).toHaveURL(/status=submitted/);
  await expect(row).toBeVisible();
  await page.getByLabel("Reference").fill("IVR-999999");
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page.getByText("No IVR matches this filter.")).toBeVisible();
  await gotoHydrated(page, "/members");
  await checkBothWidths(page, "board");

  // Another practice's member: 404 on the page, its data and its attachment.
  const other = await signedInPage(browser, "outsider");
  const ivrPath = fileHref.replace(/\/files\/.*$/, "");
  for (const path of [ivrPath, `${ivrPath}.data`, fileHref]) {
    const response = await other.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
  }
  const cancel = await other.request.post(ivrPath, { form: { intent: "cancel", confirmed: "1" }, headers: { Origin: new URL(page.url()).origin }, maxRedirects: 0 });
  expect(cancel.status()).toBe(404);
  await expect(other.locator(`tr[data-ivr="${reference}"]`)).toHaveCount(0);
  await other.context().close();
});

test("the board shows a change without a reload: cancelled in one tab, Cancelled on the board in the other", async ({ context }) => {
  test.slow();
  const page = await context.newPage();
  await useSession(page, "watcher");
  const { reference } = await sendIvr(page);

  const board = await context.newPage();
  await gotoHydrated(board, "/members");
  const row = board.locator(`tr[data-ivr="${reference}"]`);
  await expect(row).toContainText("Submitted");
  // Marks this document: a reload would lose the mark.
  await board.evaluate(() => ((window as unknown as { boardMark: number }).boardMark = 1));
  // The event stream is open before the change is made.
  await expect(board.getByText("The board updates by itself.")).toBeAttached();

  await page.getByRole("button", { name: "Cancel IVR" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Cancel the IVR" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: `${reference} cancelled` })).toBeVisible();
  // Within the usual wait, not a timed goal (a loaded test machine is no measure); the mark proves no reload.
  await expect(row).toContainText("Cancelled");
  expect(await board.evaluate(() => (window as unknown as { boardMark?: number }).boardMark)).toBe(1);
});

test("drafts are saved as the member types and resume from the board", async ({ page }) => {
  test.slow();
  await useSession(page, "drafter", "/members/ivrs/new");
  await page.getByRole("combobox", { name: "Location", exact: true }).selectOption("foot");
  await page.getByLabel("Length (cm)").fill("3.5");
  await page.getByLabel("Standard of care notes").fill("Offloading boot since October");
  await expect(page.getByText(/^Draft saved \d{1,2}:\d{2}/)).toBeVisible({ timeout: 10_000 });

  await gotoHydrated(page, "/members");
  const drafts = page.getByRole("region", { name: "Your drafts" });
  await drafts.getByRole("link", { name: /^Resume the draft / }).first().click();
  await expect(page).toHaveURL(/\/members\/ivrs\/new\?draft=[0-9a-f-]{36}$/);
  await expect(page.getByLabel("Length (cm)")).toHaveValue("3.5");
  await expect(page.getByRole("combobox", { name: "Location", exact: true })).toHaveValue("foot");
  await expect(page.getByLabel("Standard of care notes")).toHaveValue("Offloading boot since October");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a wrong input keeps the typed values and shows the message beside the field; Save draft keeps a draft", async ({ page }) => {
    await page.goto("/auth");
    await page.getByLabel("Email").fill(sender.email);
    await page.getByLabel("Password").fill(sender.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/members$/);
    await page.getByRole("tab", { name: "IVR FORM" }).click();
    await expect(page).toHaveURL(/\/members\/ivrs\/new$/);
    // Everything the browser itself checks is filled; the length is not a number, and the attestation is not ticked.
    await fillIvr(page);
    await page.getByLabel("Length (cm)").fill("five");
    await page.getByLabel("I attest to the statement above").uncheck();
    await page.getByRole("button", { name: "Send IVR" }).click();
    const length = page.getByLabel("Length (cm)");
    await expect(length).toHaveValue("five");
    await expect(length).toHaveAttribute("aria-invalid", "true");
    const described = (await length.getAttribute("aria-describedby"))!;
    await expect(page.locator(`[id="${described}"]`)).toHaveText("Length is a number of cm, up to two decimals");
    await expect(page.getByLabel("Signer's name")).toHaveValue("Ana Ruiz");
    await expect(page.getByLabel("Primary ICD-10 code")).toHaveValue("L97.212");
    await expect(page.getByText("Confirm the attestation to send the request")).toBeVisible();

    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page).toHaveURL(/\/members\/ivrs\/new\?draft=[0-9a-f-]{36}$/);
    await expect(page.getByLabel("Signer's name")).toHaveValue("Ana Ruiz");
    await expect(page.getByLabel("Length (cm)")).toHaveValue("five");
  });
});
