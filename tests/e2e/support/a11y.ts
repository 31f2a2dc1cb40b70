import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";

/** Runs axe (WCAG 2.x A and AA, plus best practices) and fails on any violation. */
export async function expectNoA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    // Toasts animate in and stack behind each other (scaled, faded): axe would measure them mid-animation.
    .exclude("[data-sonner-toaster]")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    // In the page itself: the default mode opens a second page for every check, to merge
    // results from frames of other origins, and no page here has one (EmbedFrame's URLs
    // are not configured in the tests). Same rules, same results, half the time.
    .setLegacyMode()
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(" ")}`).join("\n")}`,
  );
  expect(summary, summary.join("\n")).toEqual([]);
}

/** Fails when the page scrolls sideways. */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "page scrolls sideways").toBeLessThanOrEqual(0);
}

/**
 * Whole-page screenshots of the checked pages at both widths, to look at (test-results/): with
 * E2E_SCREENSHOTS=1 (npm run test:e2e:screenshots). Off by default: encoding them cost the
 * two-core machine more than the checks themselves.
 */
const TAKE_SCREENSHOTS = process.env.E2E_SCREENSHOTS === "1";

/** A whole-page screenshot to look at, `<name>.png` in the test's output folder: only with E2E_SCREENSHOTS=1. */
export async function shoot(page: Page | Locator, name: string) {
  if (TAKE_SCREENSHOTS) await page.screenshot({ path: test.info().outputPath(`${name}.png`), ...("goto" in page ? { fullPage: true } : {}) });
}

/**
 * The page as it stands, at 1280 px and then at 375 px: no sideways scroll and
 * no axe violation at either width, and (with E2E_SCREENSHOTS=1) a full-page screenshot of each when
 * `shot` names one (`<shot>-1280.png`, `<shot>-375.png`). The window is left
 * at the size it had. For a journey's key screens: the journey runs once, at
 * 1280 px, and each of these screens is checked at phone width where it stands
 * (one page load for both widths, rather than the whole test again at 375 px).
 */
export async function checkBothWidths(page: Page, shot?: string, alsoAt?: (width: 1280 | 375) => Promise<void>) {
  const before = page.viewportSize();
  for (const size of [{ width: 1280 as const, height: 900 }, { width: 375 as const, height: 740 }]) {
    await page.setViewportSize(size);
    await expectNoHorizontalScroll(page);
    await expectNoA11yViolations(page);
    // What else must hold at each width (controls within the window, say).
    if (alsoAt) await alsoAt(size.width);
    if (shot) await shoot(page, `${shot}-${size.width}`);
  }
  if (before) await page.setViewportSize(before);
}
