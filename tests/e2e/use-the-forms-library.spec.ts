import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { pdfText } from "../support/pdf-text";
import { checkBothWidths } from "./support/a11y";
import { gotoHydrated, gotoPlain } from "./support/page";
import { sessionFile, signedInPage } from "./support/sessions";

const toast = (page: Page, text: string | RegExp) => page.locator("[data-sonner-toast]").filter({ hasText: text });

/** A one-page PDF as an office would scan or export one. */
async function pdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([612, 792]).drawText(text, { x: 72, y: 700, size: 14, font });
  return Buffer.from(await doc.save());
}

/**
 * Staff upload a document in the console; a member finds it with the Forms
 * Library's search in a browser without JavaScript and downloads it; the
 * support page's guide buttons download the guides; the new pages pass axe at
 * 1280 and 375 px.
 */
test.describe.configure({ mode: "serial" });

const title = `Offloading Boot Fitting Guide ${Date.now().toString(36)}`;

test("staff upload a document; a member finds it by search without JavaScript and downloads it", async ({ browser }) => {
  test.setTimeout(180_000);
  const staff = await signedInPage(browser, "staff");
  await gotoHydrated(staff, "/admin/library");
  await expect(staff.getByRole("heading", { level: 1, name: "Forms Library" })).toBeVisible();
  // A file that is not a PDF or Word file is refused beside the field (the browser's own check, at once).
  const upload = staff.getByRole("region", { name: "Upload a document" });
  await upload.getByLabel("Title").fill(title);
  await upload.getByLabel("Category").selectOption("Guides");
  await upload.getByLabel("Version").fill("2026-11");
  await upload.getByLabel("File").setInputFiles({ name: "boot.exe", mimeType: "application/x-msdownload", buffer: Buffer.from("MZ not a document") });
  await expect(upload.getByText('"boot.exe" is not a PDF or a Word (.docx) file')).toBeVisible();
  await upload.getByLabel("File").setInputFiles({ name: "offloading-boot.pdf", mimeType: "application/pdf", buffer: await pdf("Fit the boot to the heel.") });
  await upload.getByRole("button", { name: "Upload document" }).click();
  await expect(toast(staff, "Document uploaded")).toBeVisible();
  // The form is empty again for the next document.
  await expect(upload.getByLabel("Title")).toHaveValue("");
  await expect(staff.getByRole("heading", { level: 3, name: title })).toBeVisible();
  await expect(staff.getByRole("heading", { level: 3, name: "Insurance Verification Request (paper form)" })).toBeVisible();
  // A training video for the Education page.
  const education = staff.getByRole("region", { name: /^Education resources/ });
  await education.getByLabel("Category").selectOption("Video Training");
  await education.getByLabel("Title").fill(`Placing an order ${title.slice(-6)}`);
  await education.getByLabel("Description").fill("Five minutes on ordering grafts for an approved IVR.");
  await education.getByLabel("Link").fill("https://video.example/placing-an-order");
  await education.getByRole("button", { name: "Add resource" }).click();
  await expect(toast(staff, "Resource added")).toBeVisible();
  await checkBothWidths(staff, "forms-library-console");

  // A member's browser without JavaScript: the search is a plain GET form.
  const context = await browser.newContext({ storageState: sessionFile("sender"), javaScriptEnabled: false });
  const member = await context.newPage();
  await member.goto("/forms-library");
  await expect(member.locator("html[data-hydrated]")).toHaveCount(0);
  await expect(member.getByRole("heading", { level: 3, name: "Insurance Verification Request (paper form)" })).toBeVisible();
  await member.getByLabel("Search forms").fill("offloading boot");
  await member.getByLabel("Category").selectOption("Guides");
  await member.getByRole("button", { name: "Search" }).click();
  await expect(member).toHaveURL(/\/forms-library\?q=offloading\+boot&category=Guides$/);
  await expect(member.getByRole("status")).toHaveText(/1 document found/);
  await expect(member.getByRole("heading", { level: 3 })).toHaveText([title]);
  const downloading = member.waitForEvent("download");
  await member.getByRole("link", { name: `Download ${title}` }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe("offloading-boot.pdf");
  expect(await pdfText(readFileSync((await file.path())!))).toContain("Fit the boot to the heel.");
  await context.close();
});

test("the Forms Library and Education pages pass axe at both widths; the paper IVR form downloads", async ({ browser }) => {
  const page = await signedInPage(browser, "watcher");
  await gotoHydrated(page, "/forms-library");
  await expect(page.getByRole("heading", { level: 3, name: "Supplier W-9" })).toBeVisible();
  await checkBothWidths(page, "forms-library-member");
  // With JavaScript the list follows the category at once.
  await page.getByLabel("Category").selectOption("IVR Forms");
  await expect(page).toHaveURL(/category=IVR\+Forms/);
  await expect(page.getByRole("heading", { level: 3 })).toHaveText(["Insurance Verification Request (paper form)"]);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: /^Download Insurance Verification Request/ }).click();
  const text = await pdfText(readFileSync((await (await downloading).path())!));
  for (const label of ["Type of request", "Primary ICD-10 code", "Wound type", "Signer's name"]) expect(text).toContain(label);

  await gotoHydrated(page, "/education");
  await expect(page.getByRole("heading", { level: 3, name: "Video Training" })).toBeVisible();
  const videos = page.getByRole("region", { name: "Video Training" });
  await expect(videos.getByRole("heading", { level: 4, name: `Placing an order ${title.slice(-6)}` })).toBeVisible();
  await expect(videos.getByRole("link", { name: /^Open Placing an order/ })).toHaveAttribute("href", "https://video.example/placing-an-order");
  await expect(page.getByRole("region", { name: "Documentation" })).toContainText("Nothing in Documentation yet");
  await checkBothWidths(page, "education-member");
});

test("the support page's guide buttons download the guides, with their real sizes, without signing in", async ({ page }) => {
  await gotoPlain(page, "/support");
  const resources = page.locator("#resources");
  for (const name of ["Product Catalog", "Insurance Guide", "Quick Start Guide", "Compliance Checklist"]) {
    const button = resources.getByRole("link", { name: new RegExp(`^Download the ${name}`) });
    const href = await button.getAttribute("href");
    const answer = await page.request.get(href!);
    expect(answer.status(), name).toBe(200);
    expect(answer.headers()["content-type"]).toBe("application/pdf");
    const size = Number(answer.headers()["content-length"]);
    const shown = size < 1024 * 1024 ? `${(size / 1024).toFixed(1)} KB` : `${(size / 1024 / 1024).toFixed(1)} MB`;
    await expect(resources.getByText(shown).first()).toBeVisible();
  }
  const downloading = page.waitForEvent("download");
  await resources.getByRole("link", { name: /^Download the Quick Start Guide/ }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe("quick-start-guide.pdf");
  expect(await pdfText(readFileSync((await file.path())!))).toContain("Place an order");
});
