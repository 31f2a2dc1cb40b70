import { expect, test, type Page } from "@playwright/test";
import { checkBothWidths, shoot } from "./support/a11y";
import { gotoHydrated, gotoPlain, JOURNEY_TIMEOUT_MS } from "./support/page";
import { signedInContextPage } from "./support/sessions";

/**
 * A visitor opens the live demo from /ordering: the real Clinical Portal on
 * the demo practice's sample data, without signing in. Every screen a member
 * sees opens, with the demo's banner; a write is answered "This is a demo:
 * nothing is saved"; leaving the demo leaves the portal.
 */
const banner = (page: Page) => page.getByRole("region", { name: "Live demo" });

/** The first link on the page to a record at `prefix` followed by an id. */
async function firstRecord(page: Page, prefix: string): Promise<string> {
  const hrefs = await page.locator(`a[href^="${prefix}"]`).evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  const found = hrefs.find((h) => new RegExp(`^${prefix}[0-9a-f-]{36}$`).test(h));
  expect(found, `a link to ${prefix}<id>`).toBeDefined();
  return found!;
}

async function seeInDemo(page: Page, heading: RegExp | string, shot: string) {
  await expect(page.getByRole("heading", { name: heading }).first()).toBeVisible();
  await expect(banner(page)).toContainText("Demo — sample data. Nothing you do here is saved.");
  await checkBothWidths(page, shot);
}

test("a visitor opens the live demo from /ordering, browses every screen of the portal, is told nothing is saved, and leaves", async ({ page }) => {
  test.setTimeout(JOURNEY_TIMEOUT_MS);
  await gotoPlain(page, "/ordering");
  await page.getByRole("link", { name: "Open the live demo" }).click();
  await expect(page).toHaveURL(/\/members$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByText("Demo Wound Care", { exact: false }).first()).toBeVisible();
  await expect(banner(page).getByRole("link", { name: "Request portal access" })).toHaveAttribute("href", "/request-access");
  // Nobody is signed in: no Sign Out, the banner leaves the demo.
  await expect(page.getByRole("button", { name: "Sign Out" })).toHaveCount(0);
  await seeInDemo(page, "Clinical Portal", "demo-board");

  // An IVR of the board.
  const ivrPath = await firstRecord(page, "/members/ivrs/");
  await gotoHydrated(page, ivrPath);
  await expect(page.getByText(/IVR-\d{6}/).first()).toBeVisible();
  await seeInDemo(page, /.+/, "demo-ivr");

  await gotoHydrated(page, "/members/ivrs/new");
  await seeInDemo(page, "Clinical Portal", "demo-ivr-form");

  await gotoHydrated(page, "/members/orders");
  await seeInDemo(page, "Clinical Portal", "demo-orders");
  const orderPath = await firstRecord(page, "/members/orders/");
  await gotoHydrated(page, orderPath);
  await expect(page.getByText(/ORD-\d{6}/).first()).toBeVisible();
  await seeInDemo(page, /.+/, "demo-order");

  await gotoHydrated(page, "/members/invoices");
  await seeInDemo(page, "Clinical Portal", "demo-invoices");
  await expect(page.getByText(/INV-\d+/).first()).toBeVisible();

  await gotoHydrated(page, "/members/patients");
  await seeInDemo(page, /.+/, "demo-patients");
  const patientPath = await firstRecord(page, "/members/patients/");
  await gotoHydrated(page, patientPath);
  await seeInDemo(page, /.+/, "demo-patient");

  await gotoHydrated(page, "/members/inventory");
  await seeInDemo(page, /.+/, "demo-inventory");

  await gotoHydrated(page, "/members/recalls");
  await seeInDemo(page, "Clinical Portal", "demo-recalls");

  await gotoHydrated(page, "/members/practice");
  await expect(page.getByText("Demo Wound Care — sample data").first()).toBeVisible();
  await seeInDemo(page, /.+/, "demo-practice");

  await gotoHydrated(page, "/forms-library");
  await seeInDemo(page, /.+/, "demo-forms-library");

  await gotoHydrated(page, "/education");
  await seeInDemo(page, /.+/, "demo-education");

  // A write: saving the practice's time zone. Answered on the same page, nothing saved.
  await gotoHydrated(page, "/members/practice");
  await page.getByRole("button", { name: "Save time zone" }).click();
  await expect(page.getByText("This is a demo: nothing is saved")).toBeVisible();
  await expect(page).toHaveURL(/\/members\/practice$/);
  await shoot(page, "demo-refused");

  // Another: following an IVR (a fetcher on the IVR's page).
  await gotoHydrated(page, ivrPath);
  const follow = page.getByRole("button", { name: /^(Follow|Unfollow)/ }).first();
  if (await follow.count()) {
    await follow.click();
    await expect(page.getByText("This is a demo: nothing is saved")).toBeVisible();
  }

  // The console and an account page are not the demo's: they ask to sign in.
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth/);

  // Leaving: back to /ordering, and the portal asks to sign in again.
  await gotoHydrated(page, "/members");
  await banner(page).getByRole("button", { name: "Leave the demo" }).click();
  await expect(page).toHaveURL(/\/ordering$/);
  await page.goto("/members");
  await expect(page).toHaveURL(/\/auth/);
});

test("a signed-in member who opens /demo keeps their own portal, and is told why", async ({ browser }) => {
  const page = await signedInContextPage(browser, "member");
  await gotoHydrated(page, "/demo");
  await expect(page.getByRole("heading", { name: "You are signed in" })).toBeVisible();
  await checkBothWidths(page, "demo-signed-in");
  await page.getByRole("link", { name: "Go to your Clinical Portal" }).click();
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByRole("region", { name: "Live demo" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
  await page.context().close();
});
