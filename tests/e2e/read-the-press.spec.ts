import { expect, test } from "@playwright/test";

const articleLinks = (page: import("@playwright/test").Page) => page.getByRole("main").locator('a[href^="/article/"]');

test("the press page lists 25 articles and its chips filter them", async ({ page }) => {
  await page.goto("/press");
  await expect(page.getByText("Showing 25 articles from the last 6 months")).toBeVisible();
  const hrefs = await articleLinks(page).evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute("href")))]);
  expect(hrefs.sort()).toEqual(Array.from({ length: 25 }, (_, i) => `/article/${i + 1}`).sort());

  const chips = page.getByRole("group", { name: /filter/i });
  for (const name of ["All", "Clinical Research", "Regulatory", "Innovation", "Treatment Protocols", "Market Analysis"]) {
    await expect(chips.getByRole("link", { name, exact: true })).toBeVisible();
  }

  let total = 0;
  for (const category of ["Clinical Research", "Regulatory", "Innovation", "Treatment Protocols", "Market Analysis"]) {
    await chips.getByRole("link", { name: category, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`category=${encodeURIComponent(category).replace(/%20/g, "(\\+|%20)")}`));
    // The address changes before the filtered list renders: wait for the list's own count line.
    await expect(page.getByText(new RegExp(`Showing \\d+ articles? in ${category}`))).toBeVisible();
    const count = await articleLinks(page).evaluateAll((as) => new Set(as.map((a) => a.getAttribute("href"))).size);
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(25);
    await expect(page.getByText(new RegExp(`Showing ${count} articles? in ${category}`))).toBeVisible();
    await expect(chips.getByRole("link", { name: category, exact: true })).toHaveAttribute("aria-current", /.+/);
    total += count;
  }
  expect(total).toBe(25);
  await chips.getByRole("link", { name: "All", exact: true }).click();
  await expect(page.getByText("Showing 25 articles from the last 6 months")).toBeVisible();
});

test("filtering works with JavaScript off", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/press?category=Regulatory");
  await expect(page.getByText(/Showing \d+ articles? in Regulatory/)).toBeVisible();
  await context.close();
});

test("articles 1 and 2 render; other ids show Article Not Found", async ({ page }) => {
  for (const id of ["1", "2"]) {
    const res = await page.goto(`/article/${id}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Article Not Found");
    await expect(page.getByRole("article").locator("p").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Press" })).toHaveAttribute("href", "/press");
    await expect(page.getByRole("link", { name: "View More Articles" })).toHaveAttribute("href", "/press");
  }
  await expect(page.getByText(/3 min read/).first()).toBeVisible();

  for (const id of ["3", "25", "x", "01", "1abc"]) {
    const res = await page.goto(`/article/${id}`);
    expect(res?.status(), id).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Article Not Found");
  }
  await page.getByRole("link", { name: "Back to Press" }).click();
  await expect(page).toHaveURL(/\/press$/);
});

test("an article card opens its article", async ({ page }) => {
  await page.goto("/press");
  await articleLinks(page).and(page.locator('[href="/article/1"]')).first().click();
  await expect(page).toHaveURL(/\/article\/1$/);
  await expect(page.getByText(/4 min read/).first()).toBeVisible();
});
