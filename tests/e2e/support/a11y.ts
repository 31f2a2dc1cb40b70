import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

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
