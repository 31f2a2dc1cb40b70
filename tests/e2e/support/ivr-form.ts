import { expect, type Page } from "@playwright/test";
import { portalPractices } from "./accounts";
import { gotoHydrated } from "./page";

/** A 1×1 PNG: a real image, as the server checks the bytes. */
export const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

/** A day `offset` days from today, as a date field takes it. */
export const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The patient picker's label of a seeded practice's patient: "Brandt, Otto (born 1951-07-02)". */
export function patientOption(practice: keyof typeof portalPractices): string {
  const { firstName, lastName, birthDate } = portalPractices[practice].patient;
  return `${lastName}, ${firstName} (born ${birthDate})`;
}

/**
 * Fills every required field of the IVR form for a seeded patient (the main
 * practice's unless `patient` names another option), provider and facility;
 * `photo` attaches a wound photo (named so, or wound.png).
 */
export async function fillIvr(
  page: Page,
  {
    photo = false,
    lengthCm = "5",
    icdPrimary = "L97.212",
    notes,
    patient = "Hale, Margaret (born 1948-03-14)",
  }: { photo?: boolean | string; lengthCm?: string; icdPrimary?: string; notes?: string; patient?: string } = {},
) {
  await page.getByRole("combobox", { name: "Type of request" }).selectOption("new-wound");
  await page.getByRole("combobox", { name: "Patient", exact: true }).selectOption({ label: patient });
  await page.getByRole("combobox", { name: "Provider", exact: true }).selectOption({ index: 1 });
  await page.getByRole("combobox", { name: "Facility", exact: true }).selectOption({ index: 1 });
  await page.getByRole("combobox", { name: "Place of service" }).selectOption("11");
  await page.getByLabel("Expected date of service").fill(day(3));
  await page.getByRole("combobox", { name: "Wound type" }).selectOption("venous-leg-ulcer");
  await page.getByRole("combobox", { name: "Location", exact: true }).selectOption("leg");
  await page.getByRole("combobox", { name: "Side", exact: true }).selectOption("left");
  await page.getByLabel("Length (cm)").fill(lengthCm);
  await page.getByLabel("Width (cm)").fill("4");
  await page.getByLabel("Open for (weeks)").fill("8");
  await page.getByLabel("Standard of care started on").fill(day(-40));
  await page.getByLabel("Compression").check();
  if (notes) await page.getByLabel("Standard of care notes").fill(notes);
  await page.getByLabel("Primary ICD-10 code").fill(icdPrimary);
  await page.getByRole("combobox", { name: "Product requested" }).selectOption({ index: 1 });
  await page.getByLabel("Planned applications").fill("4");
  if (photo) await page.getByLabel("Wound photo").setInputFiles({ name: typeof photo === "string" ? photo : "wound.png", mimeType: "image/png", buffer: PNG });
  await page.getByLabel("Signer's name").fill("Ana Ruiz");
  await page.getByLabel("I attest to the statement above").check();
}

/**
 * Sends an IVR through the portal's form, as the page's member, for a seeded
 * practice's patient (its seeded provider and facility); answers its page's
 * address and reference.
 */
export async function sendIvr(page: Page, practice: keyof typeof portalPractices, { photo = false }: { photo?: boolean } = {}) {
  await gotoHydrated(page, "/members/ivrs/new");
  await fillIvr(page, { photo, icdPrimary: "I83.012", patient: patientOption(practice) });
  await page.getByRole("button", { name: "Send IVR" }).click();
  await expect(page).toHaveURL(/\/members\/ivrs\/[0-9a-f-]{36}$/);
  const reference = (await page.getByRole("heading", { level: 2, name: /^IVR-\d{6}$/ }).textContent())!;
  return { path: new URL(page.url()).pathname, reference };
}
