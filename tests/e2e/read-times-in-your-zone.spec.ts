import { expect, test, type Locator, type Page } from "@playwright/test";
import { checkBothWidths } from "./support/a11y";
import { sendIvr } from "./support/ivr-form";
import { gotoHydrated } from "./support/page";
import { MAIL_OFF_ORIGIN, signedInContextPage, useSession } from "./support/sessions";

// The reader's own machine is in Tokyo: times follow the practice's or the profile's zone, never the browser's.
test.use({ timezoneId: "Asia/Tokyo" });

const TIME = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M /;

/** A <time> as the server wrote it into the page's HTML, before any script ran. */
async function serverText(page: Page, path: string, time: Locator) {
  const iso = await time.getAttribute("datetime");
  const html = await (await page.request.get(path)).text();
  return new RegExp(`<time dateTime="${iso!.replace(/[.]/g, "\\.")}"[^>]*>([^<]*)</time>`).exec(html)?.[1];
}

test("a practice's time zone changes how its times show, the same in the server's page as in the browser", async ({ page }) => {
  test.slow();
  await useSession(page, "outsider");
  const { path } = await sendIvr(page, "elsewhere");
  const sent = page.locator("div").filter({ has: page.locator("dt", { hasText: /^Sent$/ }) }).locator("dd time");
  // Until the practice chooses, America/Phoenix.
  await expect(sent).toHaveText(new RegExp(`${TIME.source}MST$`));
  const phoenix = (await sent.textContent())!;
  expect(await serverText(page, path, sent)).toBe(phoenix);

  await gotoHydrated(page, "/members/practice");
  const setting = page.getByRole("combobox", { name: "Your practice's time zone" });
  await expect(setting).toHaveValue("America/Phoenix");
  await expect(page.getByText(/^Times read like this: .* MST$/)).toBeVisible();
  await setting.selectOption("America/New_York");
  await page.getByRole("button", { name: "Save time zone" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Time zone saved" })).toContainText("Eastern (New York)");
  await expect(page.getByText(/^Times read like this: .* E[SD]T$/)).toBeVisible();
  await checkBothWidths(page, "practice-time-zone");

  // The IVR's page now says the same moment in Eastern time, two or three hours on, from the server's first answer.
  await gotoHydrated(page, path);
  await expect(sent).toHaveText(new RegExp(`${TIME.source}E[SD]T$`));
  const eastern = (await sent.textContent())!;
  expect(await serverText(page, path, sent)).toBe(eastern);
  const minutes = (text: string) => {
    const [, h, m, half] = /(\d{1,2}):(\d{2}) ([AP]M)/.exec(text)!;
    return ((Number(h) % 12) + (half === "PM" ? 12 : 0)) * 60 + Number(m);
  };
  expect([120, 180]).toContain((minutes(eastern) - minutes(phoenix) + 24 * 60) % (24 * 60));

  // Back to the default for the practice's other tests.
  await gotoHydrated(page, "/members/practice");
  await setting.selectOption("America/Phoenix");
  await page.getByRole("button", { name: "Save time zone" }).click();
  await expect(page.getByText(/^Times read like this: .* MST$/)).toBeVisible();
});

test("staff set their name and time zone on their profile, and the console's times follow it", async ({ browser }) => {
  test.slow();
  // On the server with mail delivery off, whose tests read no console times.
  const page = await signedInContextPage(browser, "staffMailOff");
  await page.goto(`${MAIL_OFF_ORIGIN}/admin/ivrs`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const firstTime = page.getByRole("table", { name: "IVR queue" }).locator("time").first();
  await expect(firstTime).toHaveText(new RegExp(`${TIME.source}MST$`));

  await page.getByRole("link", { name: /Your profile, signed in as staff@site\.example/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your profile" })).toBeVisible();
  await expect(page.getByText("staff@site.example").first()).toBeVisible();
  const name = page.getByLabel("Name");
  const zone = page.getByRole("combobox", { name: "Time zone" });
  await expect(zone).toHaveValue("America/Phoenix");
  const oldName = await name.inputValue();
  // A name is required: said beside the field, nothing saved.
  await name.fill("");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Enter your name")).toBeVisible();
  await name.fill("Sam Verifier");
  await zone.selectOption("Pacific/Honolulu");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Profile saved" })).toContainText("Hawaii (Honolulu)");
  await expect(page.getByText(/^Times read like this: .* HST$/)).toBeVisible();
  await checkBothWidths(page, "staff-profile");

  await page.goto(`${MAIL_OFF_ORIGIN}/admin/ivrs`);
  await expect(firstTime).toHaveText(new RegExp(`${TIME.source}HST$`));

  // Back as it was, for the other tests of this account.
  await page.goto(`${MAIL_OFF_ORIGIN}/admin/profile`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await name.fill(oldName);
  await zone.selectOption("America/Phoenix");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText(/^Times read like this: .* MST$/)).toBeVisible();
  await page.context().close();
});
