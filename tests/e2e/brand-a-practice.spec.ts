import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { checkBothWidths, shoot } from "./support/a11y";
import { capturedMails } from "./support/mail";
import { gotoHydrated, gotoPlain, signIn } from "./support/page";
import { brandPartner, brandPractice } from "./support/seed-branding";

const toast = (page: Page, text: string | RegExp) => page.locator("[data-sonner-toast]").filter({ hasText: text });

/** A logo as a designer would send one: a mark and a word on a transparent background. */
function logo(word: string, colour: string, width = 640, height = 200): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <circle cx="${height / 2}" cy="${height / 2}" r="${height * 0.38}" fill="${colour}"/>
    <path d="M${height * 0.32} ${height * 0.62} L${height * 0.5} ${height * 0.3} L${height * 0.68} ${height * 0.62} Z" fill="#ffffff"/>
    <text x="${height * 1.05}" y="${height * 0.64}" font-family="Arial, sans-serif" font-weight="700" font-size="${height * 0.4}" fill="${colour}">${word}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * The partner who brought Birch Brand Clinic brands their referral page; a
 * visitor who follows their link sees it and keeps the referral cookie; the
 * practice admin brands the practice (a colour without contrast is refused,
 * saying why), and the portal's header shows the logo, the accent and the
 * partner's "Brought to you by" mark; the practice's mail carries the logo.
 */
test.describe.configure({ mode: "serial" });

test("a partner brands their referral page, which shows their brand and remembers the referral", async ({ browser }) => {
  test.setTimeout(180_000);
  const partnerPage = await (await browser.newContext()).newPage();
  // The partner area asks for sign-in and comes back to the page.
  await gotoHydrated(partnerPage, "/partners/branding");
  await partnerPage.getByLabel("Email").fill(brandPartner.account.email);
  await partnerPage.getByLabel("Password").fill(brandPartner.account.password);
  await partnerPage.getByRole("button", { name: "Sign In" }).click();
  await expect(partnerPage).toHaveURL(/\/partners\/branding$/);
  await expect(partnerPage.getByRole("heading", { level: 1, name: "Your branding" })).toBeVisible();
  await partnerPage.getByLabel("Logo").setInputFiles({ name: "harbor.png", mimeType: "image/png", buffer: await logo("Harbor", "#1d3557") });
  await partnerPage.getByLabel("or type it as hex").fill("#1d3557");
  await partnerPage.getByRole("button", { name: "Save branding" }).click();
  await expect(toast(partnerPage, "Branding saved")).toBeVisible();
  await expect(partnerPage.getByRole("img", { name: `${brandPartner.name} logo` })).toBeVisible();
  await checkBothWidths(partnerPage, "branding-partner-page");

  // A visitor follows the link: the partner's page, no script, and the referral kept for 90 days.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const answer = await gotoPlain(visitor, `/r/${brandPartner.code.toLowerCase()}`);
  expect(answer?.headers()["cache-control"]).toBe("private, no-store");
  await expect(visitor.getByRole("heading", { level: 1 })).toContainText(`${brandPartner.name} invites you to`);
  await expect(visitor.getByRole("img", { name: `${brandPartner.name} logo` })).toBeVisible();
  await expect(visitor.getByTestId("referral-hero")).toHaveCSS("background-color", "rgb(29, 53, 87)");
  await expect(visitor.getByRole("link", { name: "Request portal access" })).toHaveAttribute("href", "/request-access");
  await expect(visitor.getByRole("link", { name: "Schedule a free consultation" })).toHaveAttribute("href", "/intake");
  const referral = (await visitorContext.cookies()).find((c) => c.name === "referral");
  expect(referral?.httpOnly).toBe(true);
  const days = (referral!.expires * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(89.9);
  expect(days).toBeLessThanOrEqual(90);
  await checkBothWidths(visitor, "branding-referral-page");

  // An unknown code: the site's 404, and no cookie.
  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  const missing = await stranger.goto("/r/NOSUCH99");
  expect(missing?.status()).toBe(404);
  await expect(stranger.getByRole("heading", { level: 1 })).toContainText(/not found/i);
  expect((await strangerContext.cookies()).find((c) => c.name === "referral")).toBeUndefined();
});

test("a practice admin brands the practice: a colour without contrast is refused with its reason, the header shows logo, accent and the partner's mark", async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, brandPractice.admin.email, brandPractice.admin.password);
  await expect(admin).toHaveURL(/\/members$/);
  // The partner's mark shows already (the partner has branding, the practice none yet).
  await expect(admin.getByTestId("portal-brand")).toContainText("Brought to you by");
  await expect(admin.getByTestId("portal-brand")).toContainText(brandPartner.name);
  await admin.getByRole("link", { name: "People, facilities and providers" }).click();
  const branding = admin.getByRole("region", { name: "Branding" });
  await expect(branding).toBeVisible();

  // A mid-grey: neither white nor dark text reaches 4.5:1 on it.
  const hex = branding.getByLabel("or type it as hex");
  await hex.fill("#808080");
  await branding.getByRole("button", { name: "Save branding" }).click();
  const reason = "#808080 has 3.9:1 against white and 4.2:1 against dark text; pick a colour with at least 4.5:1 against one";
  await expect(branding.getByText(reason)).toBeVisible();
  await expect(hex).toHaveAttribute("aria-invalid", "true");
  await expect(hex).toHaveValue("#808080");
  await expect(hex).toHaveAccessibleDescription(new RegExp(reason.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  await checkBothWidths(admin, "branding-refused-colour");

  // The picker moves the hex field with it; then a logo.
  await branding.getByLabel("Pick").fill("#1f5f3a");
  await expect(hex).toHaveValue("#1f5f3a");
  await branding.getByLabel("Logo").setInputFiles({ name: "birch.png", mimeType: "image/png", buffer: await logo("Birch Clinic", "#1f5f3a", 900, 240) });
  await branding.getByRole("button", { name: "Save branding" }).click();
  await expect(toast(admin, "Branding saved")).toBeVisible();
  const band = admin.getByTestId("portal-brand");
  await expect(band).toHaveCSS("background-color", "rgb(31, 95, 58)");
  await expect(band).toContainText(brandPractice.name);
  await expect(band.locator("img").first()).toHaveJSProperty("complete", true);
  await expect(band).toContainText(`Brought to you by`);
  await expect(band).toContainText(brandPartner.name);
  await checkBothWidths(admin, "branding-practice-page");
  await shoot(band, "branding-header-band");

  // Every portal page of the practice: the board too.
  await gotoHydrated(admin, "/members");
  await expect(admin.getByTestId("portal-brand")).toHaveCSS("background-color", "rgb(31, 95, 58)");
  await checkBothWidths(admin, "branding-portal-board");
});

test("a clinician cannot change the branding, and the practice's mail carries its logo", async ({ browser }) => {
  test.setTimeout(120_000);
  const clinician = await (await browser.newContext()).newPage();
  await signIn(clinician, brandPractice.clinician.email, brandPractice.clinician.password);
  await expect(clinician.getByTestId("portal-brand")).toContainText(brandPractice.name);
  const refused = await clinician.goto("/members/practice");
  expect(refused?.status()).toBe(403);

  // A sign-in link mail to the clinician: the text as always, and an HTML side with the logo inline.
  const before = capturedMails().length;
  await clinician.context().clearCookies();
  await gotoHydrated(clinician, "/forgot-password");
  await clinician.getByLabel("Email").fill(brandPractice.clinician.email);
  await clinician.getByRole("button", { name: /send/i }).click();
  await expect
    .poll(() => capturedMails().slice(before).find((m) => m.to.includes(brandPractice.clinician.email)), { timeout: 15_000, intervals: [100, 250] })
    .toBeTruthy();
  const mail = capturedMails().slice(before).find((m) => m.to.includes(brandPractice.clinician.email))!;
  expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
  expect(mail.raw).toMatch(/Content-Type: text\/html/i);
  expect(mail.raw).toMatch(/Content-ID: <practice-logo>/i);
  expect(mail.raw).toMatch(/Content-Type: image\/png/i);
});

test("without JavaScript, the branding form answers beside the field, keeps what was typed, and saves", async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const admin = await context.newPage();
  await admin.goto("/auth");
  await admin.getByLabel("Email").fill(brandPractice.admin.email);
  await admin.getByLabel("Password").fill(brandPractice.admin.password);
  await admin.getByRole("button", { name: "Sign In" }).click();
  await expect(admin).toHaveURL(/\/members$/);
  await admin.goto("/members/practice");
  const branding = admin.getByRole("region", { name: "Branding" });
  const hex = branding.getByLabel("or type it as hex");
  await hex.fill("#e0457b");
  await branding.getByRole("button", { name: "Save branding" }).click();
  await expect(admin.getByRole("region", { name: "Branding" }).getByText(/^#E0457B has 3\.9:1 against white and 4\.2:1 against dark text/)).toBeVisible();
  await expect(admin.getByRole("region", { name: "Branding" }).getByLabel("or type it as hex")).toHaveValue("#e0457b");

  // The hex field as typed wins over the picker, which was not moved.
  await admin.getByRole("region", { name: "Branding" }).getByLabel("or type it as hex").fill("#7950f2");
  await admin.getByRole("region", { name: "Branding" }).getByRole("button", { name: "Save branding" }).click();
  await expect(admin).toHaveURL(/\/members\/practice#branding-heading$/);
  await expect(admin.getByTestId("portal-brand")).toHaveCSS("background-color", "rgb(121, 80, 242)");
  await expect(admin.getByRole("region", { name: "Branding" }).getByText(/^#E0457B has/)).toHaveCount(0);
  await context.close();
});
