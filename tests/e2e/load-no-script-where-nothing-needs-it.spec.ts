import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { createCookie } from "react-router";
import { checkBothWidths, expectNoA11yViolations } from "./support/a11y";
import { testAccounts } from "./support/accounts";
import { expectToast, fillContact } from "./support/forms";
import { gotoHydrated, gotoPlain, signIn } from "./support/page";
import { pagesWithoutScripts } from "./support/routes";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const unique = () => randomUUID().slice(0, 8);

/** Every script the page asks for from now on (a module preload is one too). */
function scriptRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") urls.push(request.url());
  });
  return urls;
}

test("the pages with nothing to run load no JavaScript at all", async ({ page }) => {
  test.slow();
  const scripts = scriptRequests(page);
  let scriptBytes = 0;
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") void response.body().then((body) => (scriptBytes += body.length), () => {});
  });
  for (const { path, status } of pagesWithoutScripts) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(status);
    const html = await response!.text();
    expect(html.includes("<script"), `${path} has a <script>`).toBe(false);
    expect(html.includes("modulepreload"), `${path} preloads a module`).toBe(false);
    await expect(page.locator("script"), path).toHaveCount(0);
    await expect(page.locator('link[rel="modulepreload"]'), path).toHaveCount(0);
    // Styled all the same.
    await expect(page.locator('head link[rel="stylesheet"]'), path).toHaveCount(1);
    await expect(page.locator("html"), path).not.toHaveAttribute("data-hydrated");
  }
  expect(scripts).toEqual([]);
  expect(scriptBytes).toBe(0);
});

test("the stylesheet comes before any script in the document", async ({ request }) => {
  for (const path of ["/", "/intake", "/apply", "/partner-callback", "/auth", "/products"]) {
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const stylesheet = head.search(/<link rel="stylesheet"/);
    expect(stylesheet, `${path}: the stylesheet is in <head>`).toBeGreaterThan(0);
    for (const script of [/<script/, /<link rel="modulepreload"/, /<link data-modulepreload/]) {
      const at = html.search(script);
      if (at >= 0) expect(at, `${path}: ${script.source} before the stylesheet`).toBeGreaterThan(stylesheet);
    }
  }
  // The hydrated pages do have scripts: the check above is not vacuous.
  expect(await (await request.get("/")).text()).toContain('<link data-modulepreload="" href="/assets/');
});

test.describe("at phone width, with JavaScript on in the browser", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

  test("the mobile menu opens, closes and leads to another page", async ({ page }) => {
    const scripts = scriptRequests(page);
    await gotoPlain(page, "/services");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
    await expect(page.getByRole("button", { name: "Close menu" })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Compliance", exact: true }).click();
    await expect(page).toHaveURL(/\/compliance$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/compliance/i);
    await expect(menu).toBeHidden();
    expect(scripts).toEqual([]);
  });

  test("the FAQ opens one answer at a time and closes it", async ({ page }) => {
    const scripts = scriptRequests(page);
    await gotoPlain(page, "/support");
    const items = page.getByRole("region", { name: /frequently asked/i }).locator("details");
    await items.nth(0).locator("summary").click();
    await expect(items.nth(0).locator("p")).toBeVisible();
    await items.nth(3).locator("summary").click();
    await expect(items.nth(3).locator("p")).toBeVisible();
    await expect(items.nth(0).locator("p")).toBeHidden();
    await items.nth(3).locator("summary").click();
    await expect(items.nth(3).locator("p")).toBeHidden();
    await expect(page.locator("details[open]")).toHaveCount(0);
    expect(scripts).toEqual([]);
  });

  test("the terms tabs switch to the privacy policy and back", async ({ page }) => {
    const scripts = scriptRequests(page);
    await gotoPlain(page, "/terms-of-service");
    const tabs = page.getByRole("navigation", { name: "Legal documents" });
    const headings = page.getByRole("main").getByRole("heading", { level: 2 });
    await expect(tabs.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("aria-current", "page");
    await expect(headings).toHaveCount(12);
    await tabs.getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/terms-of-service\?tab=privacy$/);
    await expect(tabs.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("aria-current", "page");
    await expect(tabs.getByRole("link", { name: "Terms of Service" })).not.toHaveAttribute("aria-current");
    await expect(headings).toHaveCount(11);
    await expect(page.getByRole("main")).toContainText("72 hours");
    await tabs.getByRole("link", { name: "Terms of Service" }).click();
    await expect(page).toHaveURL(/\/terms-of-service$/);
    await expect(headings).toHaveCount(12);
    expect(scripts).toEqual([]);
  });

  test("the press chips are links that mark the current one", async ({ page }) => {
    const scripts = scriptRequests(page);
    await gotoPlain(page, "/press");
    const chips = page.getByRole("group", { name: /filter/i });
    await expect(chips.getByRole("link", { name: "All", exact: true })).toHaveAttribute("aria-current", "true");
    await chips.getByRole("link", { name: "Innovation", exact: true }).click();
    await expect(page).toHaveURL(/\/press\?category=Innovation#articles$/);
    await expect(chips.getByRole("link", { name: "Innovation", exact: true })).toHaveAttribute("aria-current", "true");
    await expect(chips.getByRole("link", { name: "All", exact: true })).not.toHaveAttribute("aria-current");
    await expect(page.getByText(/Showing \d+ articles? in Innovation/)).toBeVisible();
    // The page opens at the list, where the chips are.
    await expect(chips).toBeInViewport();
    await chips.getByRole("link", { name: "All", exact: true }).click();
    await expect(page.getByText("Showing 25 articles from the last 6 months")).toBeVisible();
    expect(scripts).toEqual([]);
  });
});

test("a one-time message reaching a page with no script is shown there, once", async ({ page, context, baseURL }) => {
  // The cookie a plain form post's redirect sets (app/.server/http/flash.ts), signed with the server's secret
  // (generated into its DATA_DIR, playwright.config.ts). One signed with anything else is ignored.
  const secret = readFileSync(path.join(process.env.E2E_RUN_DIR!, "data", "auth-secret"), "utf8").trim();
  const flash = (secrets?: string[]) =>
    createCookie("flash", { path: "/", secrets }).serialize({
      title: "Message Sent Successfully!",
      description: "We'll get back to you within 24 hours.",
      variant: "success",
    });
  const valueOf = (header: string) => header.slice("flash=".length, header.indexOf(";"));
  const panel = page.getByRole("status").filter({ hasText: "Message Sent Successfully!" });

  await context.addCookies([{ name: "flash", value: valueOf(await flash()), url: baseURL! }]);
  await gotoPlain(page, "/products");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(panel).toHaveCount(0);

  await context.addCookies([{ name: "flash", value: valueOf(await flash([secret])), url: baseURL! }]);
  await gotoPlain(page, "/products");
  await expect(panel).toBeVisible();
  await expect(panel).toContainText("We'll get back to you within 24 hours.");
  await page.reload();
  await expect(panel).toHaveCount(0);
});

test("an article that does not exist says so, with no script and no axe violation at 1280 and 375 px", async ({ page }) => {
  const response = await gotoPlain(page, "/article/3");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Article Not Found");
  await checkBothWidths(page);
});

test.describe("the pages that run scripts still show every toast", () => {
  test("the contact, consultation and partner forms", async ({ page }) => {
    const marker = unique();
    await gotoHydrated(page, "/#contact");
    const form = await fillContact(page, marker, `ada-${marker}@clinic.example`);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expectToast(page, "Message Sent Successfully!", "We'll get back to you within 24 hours");

    await gotoHydrated(page, "/intake");
    await page.getByLabel("First Name").fill("Ben");
    await page.getByLabel("Last Name").fill("Okafor");
    await page.getByLabel("Email").fill(`ben-${marker}@practice.example`);
    await page.getByLabel("Phone").fill("(602) 555-0100");
    await page.getByLabel("Organization").fill("Okafor Wound Clinic");
    await page.getByLabel("Role").selectOption("practice-manager");
    await page.getByLabel("How can we help?").fill(`Consultation please. ${marker}`);
    await page.getByRole("button", { name: "Schedule My Free Consultation" }).click();
    await expectToast(page, "Form Submitted Successfully!", "Our team will contact you within 24 hours");

    await gotoHydrated(page, "/partner-callback");
    await page.getByLabel("First Name").fill("Cy");
    await page.getByLabel("Last Name").fill("Park");
    await page.getByLabel("Email").fill(`cy-${marker}@rep.example`);
    await page.getByLabel("Phone").fill("555 010 0200");
    await page.getByLabel("Experience").selectOption("6-10");
    await page.getByLabel("Best Time to Call").selectOption("afternoon");
    await page.getByRole("button", { name: "Request Callback" }).click();
    await expectToast(page, "Request Submitted Successfully", "Our team will contact you within 24 hours");
  });

  test("the application: its missing resume, then its success", async ({ page }) => {
    const marker = unique();
    await gotoHydrated(page, "/apply");
    await page.getByLabel("First Name").fill("Eve");
    await page.getByLabel("Last Name").fill(`Stone${marker}`);
    await page.getByRole("textbox", { name: "Email", exact: true }).fill(`eve-${marker}@candidate.example`);
    await page.getByLabel("Phone").fill("602 555 0123");
    await page.getByRole("button", { name: "Submit Application" }).click();
    await expectToast(page, "Resume required", "Please upload your resume.");
    await page.locator('input[name="resume"]').setInputFiles({ name: "resume.pdf", mimeType: "application/pdf", buffer: PDF });
    await page.getByRole("button", { name: "Submit Application" }).click();
    await expectToast(page, "Application submitted successfully!", "We'll review your application");
  });

  test("sign-in refused, then signed out", async ({ page }) => {
    const { member } = testAccounts;
    await signIn(page, `nobody-${unique()}@clinic.example`, "not a password at all");
    await expectToast(page, "Invalid credentials", "Please check your email and password");
    await page.getByLabel("Email").fill(member.email);
    await page.getByLabel("Password").fill(member.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/members$/);
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectToast(page, "Signed out", "You have been signed out.");
  });
});
