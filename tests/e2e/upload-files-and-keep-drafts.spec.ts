import { expect, test, type Page } from "@playwright/test";
import { checkBothWidths, shoot } from "./support/a11y";
import { fillIvr, PNG } from "./support/ivr-form";
import { siteOrigin } from "./support/page";
import { sessionFile, useSession } from "./support/sessions";

// A wound photo over 10 MB is refused beside its field as soon as it is picked,
// and the rest of the form stays as typed; a request that still carries one
// (JavaScript off, or no browser at all) gets the same form back with the
// message and everything typed, never an error page. Drafts are listed by
// whom and what they are for, and can be discarded.

const TWELVE_MB = Buffer.alloc(12 * 1024 * 1024, 0xff);
const TOO_LARGE = '"wound.jpg" is larger than 10 MB: attach a smaller file (a photo saved at a lower resolution, or a scan at 150 dpi).';

/** The answers a member types before attaching files, for the seeded patient, with a note. */
async function typeAnswers(page: Page) {
  await fillIvr(page);
  await page.getByLabel("Standard of care notes").fill("Compression wraps since March");
}

/** The typed answers are all still there. */
async function expectAnswersKept(page: Page) {
  await expect(page.getByLabel("Length (cm)")).toHaveValue("5");
  await expect(page.getByLabel("Width (cm)")).toHaveValue("4");
  await expect(page.getByLabel("Standard of care notes")).toHaveValue("Compression wraps since March");
  await expect(page.getByLabel("Primary ICD-10 code")).toHaveValue("L97.212");
  await expect(page.getByRole("combobox", { name: "Location", exact: true })).toHaveValue("leg");
  await expect(page.getByLabel("Compression")).toBeChecked();
  await expect(page.getByLabel("Signer's name")).toHaveValue("Ana Ruiz");
}

/** The message the field shows, read through its aria-describedby as a screen reader would. */
async function messageOf(page: Page, label: string) {
  const control = page.getByLabel(label, { exact: true });
  await expect(control).toHaveAttribute("aria-invalid", "true");
  const ids = (await control.getAttribute("aria-describedby"))!.split(" ");
  return page.locator(`[id="${ids.at(-1)}"]`);
}

test("a 12 MB wound photo is refused beside its field as it is picked, and the rest of the form stays", async ({ page }) => {
  test.slow();
  await useSession(page, "uploader", "/members/ivrs/new");
  await typeAnswers(page);
  const photo = page.getByLabel("Wound photo", { exact: true });
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.postDataBuffer()?.includes("wound.jpg")) posts.push(r.url());
  });

  await photo.setInputFiles({ name: "wound.jpg", mimeType: "image/jpeg", buffer: TWELVE_MB });
  await expect(await messageOf(page, "Wound photo")).toHaveText(TOO_LARGE);
  await expect(page.getByRole("alert").filter({ hasText: TOO_LARGE })).toBeVisible();
  await expectAnswersKept(page);
  await checkBothWidths(page, "ivr-photo-refused");
  // Sending with it still picked goes nowhere: the photo's field is marked and takes the focus.
  await page.getByRole("button", { name: "Send IVR" }).click();
  await expect(photo).toBeFocused();
  await expect(await messageOf(page, "Wound photo")).toHaveText(TOO_LARGE);
  await expect(page).toHaveURL(/\/members\/ivrs\/new/);

  // A file of another type is refused the same way; a good one clears the message.
  await photo.setInputFiles({ name: "wound.heic", mimeType: "image/heic", buffer: PNG });
  await expect(await messageOf(page, "Wound photo")).toHaveText("Attach a PDF, JPEG or PNG file");
  await photo.setInputFiles({ name: "wound.png", mimeType: "image/png", buffer: PNG });
  await expect(photo).not.toHaveAttribute("aria-invalid", "true");
  expect(posts).toEqual([]);

  await page.getByRole("button", { name: "Send IVR" }).click();
  await expect(page).toHaveURL(/\/members\/ivrs\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 2, name: /^IVR-\d{6}$/ })).toBeVisible();
  await expect(page.getByText(/Wound photo\s*· wound\.png/)).toBeVisible();
});

test("with the browser's check bypassed, the server's answer puts the message beside the photo and keeps the form", async ({ page }) => {
  test.slow();
  await useSession(page, "uploader", "/members/ivrs/new");
  await typeAnswers(page);
  // A small file passes the browser's checks; on its way, the request is given 12 MB in its place.
  const small = Buffer.from("small stand-in for the photo");
  await page.route("**/members/ivrs/new.data", async (route) => {
    const body = route.request().postDataBuffer();
    const at = body?.indexOf(small) ?? -1;
    if (route.request().method() !== "POST" || !body || at === -1) return route.continue();
    await route.continue({ postData: Buffer.concat([body.subarray(0, at), TWELVE_MB, body.subarray(at + small.length)]) });
  });
  await page.getByLabel("Wound photo", { exact: true }).setInputFiles({ name: "wound.jpg", mimeType: "image/jpeg", buffer: small });
  // The sending, not a draft saved meanwhile (those are not multipart).
  const answer = page.waitForResponse((r) => r.request().method() === "POST" && (r.request().headers()["content-type"] ?? "").startsWith("multipart/form-data"));
  await page.getByRole("button", { name: "Send IVR" }).click();
  expect((await answer).status()).toBe(413);
  await expect(await messageOf(page, "Wound photo")).toHaveText(TOO_LARGE);
  await expect(page).toHaveURL(/\/members\/ivrs\/new/);
  await expectAnswersKept(page);
  await checkBothWidths(page, "ivr-photo-refused-by-server");
});

test("a request that still carries a 12 MB photo gets the form back with the message and what was typed, not an error page", async ({ page }) => {
  await useSession(page, "uploader", "/members/ivrs/new");
  // No browser: a crafted multipart post, as a script would send it.
  const answer = await page.request.post("/members/ivrs/new", {
    headers: { ...siteOrigin(), Accept: "text/html" },
    multipart: {
      requestType: "new-wound",
      lengthCm: "5",
      standardOfCareNotes: "Compression wraps since March",
      woundPhoto: { name: "wound.jpg", mimeType: "image/jpeg", buffer: TWELVE_MB },
      attestationName: "Ana Ruiz",
    },
  });
  expect(answer.status()).toBe(413);
  const html = await answer.text();
  expect(html).not.toContain("Unexpected Application Error");
  expect(html).toContain(TOO_LARGE.replaceAll('"', "&quot;"));
  expect(html).toContain("Compression wraps since March");
  expect(html).toContain('value="Ana Ruiz"');
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, storageState: sessionFile("uploader") });

  test("a 12 MB photo sent with the form comes back beside its field, with everything typed", async ({ page }) => {
    test.slow();
    await page.goto("/members/ivrs/new");
    await typeAnswers(page);
    await page.getByLabel("Wound photo", { exact: true }).setInputFiles({ name: "wound.jpg", mimeType: "image/jpeg", buffer: TWELVE_MB });
    const answer = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Send IVR" }).click();
    expect((await answer).status()).toBe(413);
    await expect(await messageOf(page, "Wound photo")).toHaveText(TOO_LARGE);
    await expectAnswersKept(page);
    await expect(page.getByRole("alert").first()).toBeVisible();
    // Pictures at both widths (axe needs scripts: the same screen is checked with them above).
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await shoot(page, `ivr-photo-refused-without-javascript-${width}`);
    }
  });
});

test("drafts show the patient's initials, the product and when they were saved, and a discarded draft is gone", async ({ page }) => {
  test.slow();
  await useSession(page, "uploader", "/members/ivrs/new");
  await page.getByRole("combobox", { name: "Patient", exact: true }).selectOption({ label: "Hale, Margaret (born 1948-03-14)" });
  const product = page.getByRole("combobox", { name: "Product requested" });
  await product.selectOption({ index: 1 });
  const productName = (await product.locator("option:checked").textContent())!;
  await page.getByLabel("Length (cm)").fill("3.5");
  await expect(page.getByText(/^Draft saved \d{1,2}:\d{2}/)).toBeVisible({ timeout: 10_000 });
  const draftId = await page.locator('input[name="draftId"]').inputValue();
  expect(draftId).toMatch(/^[0-9a-f-]{36}$/);
  // A draft has no IVR number until it is sent.
  await expect(page.getByRole("heading", { level: 2, name: /IVR-\d/ })).toHaveCount(0);

  await page.getByRole("tab", { name: "STATUS" }).click();
  await expect(page).toHaveURL(/\/members$/);
  const drafts = page.getByRole("region", { name: "Your drafts" });
  const item = drafts.locator(`[data-draft="${draftId}"]`);
  await expect(item).toContainText(`M.H. · ${productName}`);
  await expect(item).toContainText(/saved \w{3} \d{1,2}, \d{4}/);
  await expect(drafts).not.toContainText(/IVR-\d/);
  // The draft left unsaved for 25 days (support/seed-drafts.ts): the board says when it goes, and what keeps it.
  await expect(drafts.getByText("A draft will be removed soon")).toBeVisible();
  await expect(drafts.locator("[data-draft]").filter({ hasText: "No patient yet · no product yet" }).first()).toContainText(
    /Removed on \w+ \d{1,2}, \d{4} unless saved again/,
  );
  await checkBothWidths(page, "board-drafts");

  await item.getByRole("button", { name: /^Discard/ }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(`The draft for M.H. · ${productName} and any files with it are deleted.`);
  await checkBothWidths(page, "board-discard-dialog");
  await dialog.getByRole("button", { name: "Discard the draft" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Draft discarded" })).toBeVisible();
  await expect(page.locator(`[data-draft="${draftId}"]`)).toHaveCount(0);
  // Gone for good: its address answers 404.
  const gone = await page.request.get(`/members/ivrs/new?draft=${draftId}`);
  expect(gone.status()).toBe(404);
});
