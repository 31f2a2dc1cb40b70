import type { Page } from "@playwright/test";

/** A 1×1 PNG: a real image, as the server checks the bytes. */
export const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

export const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Fills every required field of the IVR form for the seeded patient, provider and facility. */
export async function fillIvr(page: Page, { photo = false }: { photo?: boolean } = {}) {
  await page.getByRole("combobox", { name: "Type of request" }).selectOption("new-wound");
  await page.getByRole("combobox", { name: "Patient", exact: true }).selectOption({ label: "Hale, Margaret (born 1948-03-14)" });
  await page.getByRole("combobox", { name: "Provider", exact: true }).selectOption({ index: 1 });
  await page.getByRole("combobox", { name: "Facility", exact: true }).selectOption({ index: 1 });
  await page.getByRole("combobox", { name: "Place of service" }).selectOption("11");
  await page.getByLabel("Expected date of service").fill(day(3));
  await page.getByRole("combobox", { name: "Wound type" }).selectOption("venous-leg-ulcer");
  await page.getByRole("combobox", { name: "Location", exact: true }).selectOption("leg");
  await page.getByRole("combobox", { name: "Side", exact: true }).selectOption("left");
  await page.getByLabel("Length (cm)").fill("5");
  await page.getByLabel("Width (cm)").fill("4");
  await page.getByLabel("Open for (weeks)").fill("8");
  await page.getByLabel("Standard of care started on").fill(day(-40));
  await page.getByLabel("Compression").check();
  await page.getByLabel("Primary ICD-10 code").fill("L97.212");
  await page.getByRole("combobox", { name: "Product requested" }).selectOption({ index: 1 });
  await page.getByLabel("Planned applications").fill("4");
  if (photo) await page.getByLabel("Wound photo").setInputFiles({ name: "wound.png", mimeType: "image/png", buffer: PNG });
  await page.getByLabel("Signer's name").fill("Ana Ruiz");
  await page.getByLabel("I attest to the statement above").check();
}

