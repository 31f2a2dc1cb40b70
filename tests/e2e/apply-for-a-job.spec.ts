import { expect, test } from "@playwright/test";
import { gotoHydrated, gotoPlain } from "./support/page";

test("careers: Apply Now leads to the callback for position 1 and the application for the others", async ({ page }) => {
  await gotoPlain(page, "/careers");
  const apply = page.getByRole("link", { name: /^Apply Now/ });
  await expect(apply).toHaveCount(3);
  await expect(apply.nth(0)).toHaveAttribute("href", "/partner-callback");
  await expect(apply.nth(1)).toHaveAttribute("href", /^\/apply/);
  await expect(apply.nth(2)).toHaveAttribute("href", /^\/apply/);
  await expect(page.getByRole("link", { name: "Submit General Application" })).toHaveAttribute("href", "/apply");
  await expect(page.getByRole("link", { name: /Contact HR Team/ })).toHaveAttribute("href", /^mailto:/);
  for (const salary of ["$70,000 - $80,000", "$75,000 - $85,000"]) await expect(page.getByText(salary)).toBeVisible();
  await apply.nth(1).click();
  await expect(page).toHaveURL(/\/apply/);
  await expect(page.getByLabel("Position Applied For")).toHaveValue("administrative-executive");
});

test("the application adds and removes experience and certification entries @phone", async ({ page }) => {
  await gotoHydrated(page, "/apply");
  const removeExperience = page.getByRole("button", { name: /Remove experience/i });
  await expect(removeExperience).toHaveCount(0);
  await page.getByRole("button", { name: "Add Experience" }).click();
  await expect(page.getByRole("textbox", { name: "Company", exact: true })).toHaveCount(2);
  await expect(removeExperience).toHaveCount(2);
  await page.getByRole("textbox", { name: "Company", exact: true }).nth(1).fill("Second Clinic");
  await page.getByRole("button", { name: /Remove experience 1/i }).click();
  await expect(page.getByRole("textbox", { name: "Company", exact: true })).toHaveCount(1);
  await expect(page.getByRole("textbox", { name: "Company", exact: true })).toHaveValue("Second Clinic");
  await expect(removeExperience).toHaveCount(0);

  const removeCertification = page.getByRole("button", { name: /Remove certification/i });
  await expect(removeCertification).toHaveCount(0);
  await page.getByRole("button", { name: "Add Certification" }).click();
  await page.getByRole("button", { name: "Add Certification" }).click();
  await expect(removeCertification).toHaveCount(3);
  await page.getByRole("button", { name: /Remove certification 3/i }).click();
  await page.getByRole("button", { name: /Remove certification 2/i }).click();
  await expect(removeCertification).toHaveCount(0);
});

test("ticking current role disables that entry's end date", async ({ page }) => {
  await gotoHydrated(page, "/apply");
  await page.getByRole("button", { name: "Add Experience" }).click();
  const endDates = page.getByLabel("End Date", { exact: true });
  const current = page.getByRole("checkbox", { name: /current role/i });
  await expect(endDates).toHaveCount(2);
  await endDates.nth(0).fill("2024-05-01");
  await current.nth(0).check();
  await expect(endDates.nth(0)).toBeDisabled();
  await expect(endDates.nth(0)).toHaveValue("");
  await expect(endDates.nth(1)).toBeEnabled();
  await current.nth(0).uncheck();
  await expect(endDates.nth(0)).toBeEnabled();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Add Experience and Add Certification add an entry and keep what was typed", async ({ page }) => {
    await page.goto("/apply");
    await page.getByLabel("First Name").fill("Nia");
    await page.getByLabel("Last Name").fill("Cole");
    await page.getByLabel("End Date", { exact: true }).first().fill("2024-05-01");
    await page.getByRole("button", { name: "Add Experience" }).click();
    await expect(page).toHaveURL(/\/apply/);
    await expect(page.getByLabel("End Date", { exact: true })).toHaveCount(2);
    await expect(page.getByLabel("First Name")).toHaveValue("Nia");
    await expect(page.getByLabel("Last Name")).toHaveValue("Cole");
    await expect(page.getByLabel("End Date", { exact: true }).first()).toHaveValue("2024-05-01");
    // Nothing was sent: no toast, no message.
    await expect(page.getByRole("status").filter({ hasText: /submitted|failed/i })).toHaveCount(0);
    await expect(page.getByRole("alert")).toHaveCount(0);

    await page.getByRole("button", { name: "Add Certification" }).click();
    await expect(page.getByRole("button", { name: /Remove certification/i })).toHaveCount(2);
    await expect(page.getByLabel("End Date", { exact: true })).toHaveCount(2);
    await expect(page.getByLabel("First Name")).toHaveValue("Nia");
  });
});
