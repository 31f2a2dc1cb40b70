import { expect, test } from "@playwright/test";
import { expectNoA11yViolations } from "./support/a11y";
import { gotoHydrated, gotoPlain } from "./support/page";
import { useSession } from "./support/sessions";

test("the portal menu works by keyboard alone, and its pages are also plain links", async ({ page }) => {
  await useSession(page, "member");

  const trigger = page.getByRole("button", { name: "Portal menu" });
  await trigger.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu", { name: "Portal menu" });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("menuitem")).toHaveText(["Clinical Portal", "Forms Library", "Education", "Chat with support"]);
  await expect(menu.getByRole("menuitem", { name: "Clinical Portal" })).toBeFocused();
  await expectNoA11yViolations(page);
  // Escape closes it and gives focus back to its button.
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(trigger).toBeFocused();

  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Clinical Portal" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Forms Library" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/forms-library$/);
  await expect(page.getByRole("heading", { name: "Forms and documents" })).toBeVisible();

  const plain = page.getByRole("navigation", { name: "Portal pages" });
  await expect(plain.getByRole("link", { name: "Forms Library" })).toHaveAttribute("aria-current", "page");
  await plain.getByRole("link", { name: "Education" }).click();
  await expect(page.getByRole("heading", { name: "Education Center" })).toBeVisible();
});

test("Escape closes the mobile menu and focus never reaches links it covers", async ({ page }) => {
  // At 375 px, set here: the desktop project runs it at phone width, so the phone project would only repeat it.
  await page.setViewportSize({ width: 375, height: 740 });
  // A page that runs scripts: on the pages sent without any the menu is the bare <details>.
  await gotoHydrated(page, "/intake");
  const menu = page.getByRole("navigation", { name: "Mobile" });
  const open = page.getByRole("button", { name: "Open menu" });
  await open.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(menu.getByRole("link").first()).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();

  // Tabbing past the menu's last link closes it: the next focus is on the page, in view, not under the menu.
  await page.keyboard.press("Enter");
  await expect(menu).toBeVisible();
  const links = await menu.getByRole("link").count();
  for (let i = 0; i < links; i++) await page.keyboard.press("Tab");
  await expect(menu.getByRole("link", { name: "Get Started" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(menu).toBeHidden();
  const focusedInMenu = await page.evaluate(() => Boolean(document.activeElement?.closest("#mobile-menu")));
  expect(focusedInMenu).toBe(false);
});

test("the header's Contact link takes focus to the contact form's heading", async ({ page }) => {
  await gotoPlain(page, "/products");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
  await expect(page).toHaveURL(/\/#contact$/);
  await expect(page.getByRole("heading", { name: "Get in touch" })).toBeFocused();
  await page.keyboard.press("Tab");
  // The next Tab continues inside the contact section, at the form.
  const inContact = await page.evaluate(() => Boolean(document.activeElement?.closest("#contact")));
  expect(inContact).toBe(true);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the mobile menu opens", async ({ page }) => {
    // At 375 px, set here: the desktop project runs it at phone width, so the phone project would only repeat it.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/services");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Insurance", exact: true }).click();
    await expect(page).toHaveURL(/\/insurance$/);
  });

  test("FAQ answers open, one at a time", async ({ page }) => {
    await page.goto("/support");
    const items = page.getByRole("region", { name: /frequently asked/i }).locator("details");
    await items.nth(0).locator("summary").click();
    await expect(items.nth(0).locator("p")).toBeVisible();
    await items.nth(2).locator("summary").click();
    await expect(items.nth(2).locator("p")).toBeVisible();
    await expect(items.nth(0).locator("p")).toBeHidden();
  });

  test("a contact message the server refuses comes back with everything typed and the message beside the field", async ({ page }) => {
    await page.goto("/");
    const form = page.locator("#contact form");
    await form.getByLabel("First Name").fill("Dana");
    await form.getByLabel("Last Name").fill("Reyes");
    // The browser takes this address; the server does not.
    await form.getByLabel("Email").fill("dana@clinic");
    await form.getByLabel("Company").fill("Reyes Podiatry");
    await form.getByLabel("Message").fill("Two lines of text\nthat must not be lost.");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/(\?index)?$/);
    const again = page.locator("#contact form");
    await expect(again.getByText("Enter a valid email address")).toBeVisible();
    await expect(again.getByLabel("Email")).toHaveValue("dana@clinic");
    await expect(again.getByLabel("First Name")).toHaveValue("Dana");
    await expect(again.getByLabel("Last Name")).toHaveValue("Reyes");
    await expect(again.getByLabel("Company")).toHaveValue("Reyes Podiatry");
    await expect(again.getByLabel("Message")).toHaveValue("Two lines of text\nthat must not be lost.");
  });

  test("the terms and privacy tabs switch, each reached with Tab", async ({ page }) => {
    await page.goto("/terms-of-service");
    const tabs = page.getByRole("navigation", { name: "Legal documents" });
    await expect(tabs.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("aria-current", "page");
    await tabs.getByRole("link", { name: "Terms of Service" }).focus();
    await page.keyboard.press("Tab");
    await expect(tabs.getByRole("link", { name: "Privacy Policy" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\?tab=privacy$/);
    await expect(tabs.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveCount(11);
    await tabs.getByRole("link", { name: "Terms of Service" }).click();
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveCount(12);
  });
});

test("the portal's tabs follow the arrow keys", async ({ page }) => {
  await useSession(page, "member");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("tab", { name: "STATUS" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "IVR FORM" })).toBeFocused();
  await expect(page.getByRole("tab", { name: "IVR FORM" })).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(/\/members\/ivrs\/new$/);
  await page.keyboard.press("End");
  await expect(page.getByRole("tab", { name: "PAY INVOICE" })).toBeFocused();
  await expect(page).toHaveURL(/\/members\/invoices$/);
  await page.keyboard.press("Home");
  await expect(page.getByRole("tab", { name: "STATUS" })).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(/\/members$/);
});

test("after a successful send, focus moves to the confirmation in the form", async ({ page }) => {
  await gotoHydrated(page, "/#contact");
  const form = page.locator("#contact form");
  await form.getByLabel("First Name").fill("Kay");
  await form.getByLabel("Last Name").fill("Focus");
  await form.getByLabel("Email").fill("kay.focus@clinic.example");
  await form.getByLabel("Message").fill("Checking where focus lands.");
  await form.getByLabel("Message").press("Tab");
  await page.keyboard.press("Enter");
  const status = form.getByRole("status").filter({ hasText: "Message Sent Successfully!" });
  await expect(status).toBeVisible();
  await expect(status).toBeFocused();
  await expect(status).toContainText("We'll get back to you within 24 hours");
});
