import { expect, test, type APIRequestContext } from "@playwright/test";
import { checkBothWidths } from "./support/a11y";
import { waitForMail } from "./support/mail";
import { gotoHydrated, JOURNEY_TIMEOUT_MS, signIn } from "./support/page";
import { tableRoutes } from "./support/route-table";
import { partnerSeed } from "./support/seed-partners";
import { useSession } from "./support/sessions";

const PORT = Number(process.env.E2E_PORT ?? 4173);
const ORIGIN = `http://127.0.0.1:${PORT}`;

/** What the seeded patient, IVR and order carry: none of it may be in a partner's answer. */
const FORBIDDEN = [...Object.values(partnerSeed.patient), "7QW2RT4XY88", "1937", partnerSeed.fileName, "quillfeather", partnerSeed.orderNote, "venous", "I83.012", "Medicare"];

/** The month's statement address, in the company's zone (Arizona) as the server reckons it. */
function thisMonth(): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Phoenix", year: "numeric", month: "2-digit" }).formatToParts(new Date());
  return `${parts.find((p) => p.type === "year")!.value}-${parts.find((p) => p.type === "month")!.value}`;
}

/** Every answer of these addresses (the HTML, its `.data` single-fetch answer, or a file) carries none of the patient's values. */
async function expectNoPatientData(request: APIRequestContext, paths: string[]) {
  for (const path of paths) {
    const answer = await request.get(path);
    expect(answer.status(), path).toBe(200);
    const text = (await answer.text()).toLowerCase();
    for (const value of FORBIDDEN) expect(text, `${path} carries ${value}`).not.toContain(value.toLowerCase());
  }
}

test("staff make a partner from a callback; the partner shares their link and follows their practice without patient data; statements reckon a percentage", async ({ browser, page }) => {
  test.setTimeout(JOURNEY_TIMEOUT_MS);
  const { callback } = partnerSeed;
  const month = thisMonth();

  // Staff: "Make partner" on the callback.
  await useSession(page, "staff", `/admin/submissions/${callback.id}`);
  await page.getByRole("button", { name: "Make partner" }).click();
  await expect(page).toHaveURL(/\/admin\/partners\/[0-9a-f-]{36}$/);
  const partnerUrl = page.url();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Paula Partner");
  await expect(page.getByText(`Paula Partner is now a partner. An invitation was sent to ${callback.email}.`)).toBeVisible();
  const code = (await page.getByText(/^Code /).locator("span").textContent())!.trim();
  expect(code).toMatch(/^[A-HJKMNP-Z2-9]{7}$/);

  // Assign the practice; set a percentage plan, which asks for the Anti-Kickback warning to be accepted.
  await page.getByLabel("Assign a practice").selectOption({ label: partnerSeed.practice.name });
  await page.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(page.getByRole("region", { name: "Assigned practices" }).getByRole("link", { name: partnerSeed.practice.name })).toBeVisible();
  await page.getByRole("combobox", { name: "Plan", exact: true }).selectOption("percentage");
  await expect(page.getByText(/^Paying 1099 contractors by the volume or value of business they refer carries Anti-Kickback Statute risk/)).toBeVisible();
  await page.getByLabel("Percentage of paid invoices").fill("5");
  await page.getByRole("button", { name: "Save plan" }).click();
  const accept = page.getByLabel(/^I have read this warning/);
  await expect(accept).toHaveAccessibleDescription("Accept the Anti-Kickback warning to set a percentage plan.");
  await checkBothWidths(page, "console-partner-warning");
  await accept.check();
  await page.getByRole("button", { name: "Save plan" }).click();
  await expect(page.getByText("Anti-Kickback warning accepted by staff@site.example")).toBeVisible();
  await expect(page.getByText("Percentage of paid invoices, 5%").first()).toBeVisible();
  await checkBothWidths(page, "console-partner");

  await gotoHydrated(page, "/admin/partners");
  await expect(page.getByRole("row").filter({ hasText: "Paula Partner" })).toContainText(code);
  await checkBothWidths(page, "console-partners");
  await gotoHydrated(page, `${new URL(partnerUrl).pathname}/statements/${month}`);
  await expect(page.getByText("$61.73").first()).toBeVisible();
  await checkBothWidths(page, "console-partner-statement");

  // The partner: the invitation's link, a password, sign-in lands in the partner area.
  const mail = await waitForMail(callback.email, "/set-password?token=");
  expect(mail.subject).toContain("partner area");
  const link = /https?:\/\/\S+\/set-password\?token=[\w-]+/.exec(mail.body)![0];
  const context = await browser.newContext({ baseURL: ORIGIN });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: ORIGIN });
  const partner = await context.newPage();
  await gotoHydrated(partner, new URL(link).pathname + new URL(link).search);
  await partner.getByLabel(/^New password/).fill("paula partner password");
  await partner.getByLabel("Confirm password").fill("paula partner password");
  await partner.getByRole("button", { name: "Set my password" }).click();
  await expect(partner).toHaveURL(/\/auth\?password=set$/);
  await partner.getByLabel("Email").fill(callback.email);
  await partner.getByLabel("Password").fill("paula partner password");
  await partner.getByRole("button", { name: "Sign In" }).click();
  await expect(partner).toHaveURL(`${ORIGIN}/partners`);
  await partner.locator("html[data-hydrated]").waitFor({ state: "attached" });

  // The referral link, copied.
  const referral = `${ORIGIN}/r/${code}`;
  await expect(partner.getByTestId("referral-link")).toHaveText(referral);
  await partner.getByRole("button", { name: "Copy link" }).click();
  await expect(partner.getByText("Link copied")).toBeVisible();
  expect(await partner.evaluate(() => navigator.clipboard.readText())).toBe(referral);
  await checkBothWidths(partner, "partner-overview");

  // The portal is not theirs.
  await partner.goto("/members");
  await expect(partner).toHaveURL(`${ORIGIN}/partners`);

  // The practice: its IVR and order by status, no patient data.
  await gotoHydrated(partner, "/partners/practices");
  await checkBothWidths(partner, "partner-practices");
  await partner.getByRole("link", { name: partnerSeed.practice.name }).click();
  await expect(partner).toHaveURL(/\/partners\/practices\/[0-9a-f-]{36}$/);
  const practicePath = new URL(partner.url()).pathname;
  await expect(partner.getByRole("list", { name: "IVRs by status" })).toContainText("Submitted");
  await expect(partner.getByRole("list", { name: "Orders by status" })).toContainText("Paid");
  await expect(partner.getByRole("region", { name: "IVR list" })).toContainText(/IVR-\d{6}/);
  await expect(partner.getByRole("region", { name: "Order list" })).toContainText(/ORD-\d{6}/);
  await expect(partner.getByRole("region", { name: "Order list" })).toContainText("$1,234.56");
  await checkBothWidths(partner, "partner-practice");

  // The month's statement: 5% of $1,234.56 = $61.728, $61.73.
  await gotoHydrated(partner, "/partners/statements");
  await checkBothWidths(partner, "partner-statements");
  await gotoHydrated(partner, `/partners/statements/${month}`);
  await expect(partner.getByRole("region", { name: /^Statement lines/ }).getByRole("row").filter({ hasText: /INV-\d{6}/ })).toContainText("$61.73");
  await checkBothWidths(partner, "partner-statement");
  const csv = await context.request.get(`/partners/statements/${month}/statement.csv`);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect(await csv.text()).toContain('"Total","","","","","","$61.73"');
  const pdf = await context.request.get(`/partners/statements/${month}/statement.pdf`);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");

  // Every partner answer, as HTML and as the app's data requests, and the files: no patient data.
  const pages = ["/partners", "/partners/practices", practicePath, "/partners/statements", `/partners/statements/${month}`];
  await expectNoPatientData(context.request, [
    ...pages,
    ...pages.map((p) => `${p}.data`),
    `/partners/statements/${month}/statement.csv`,
  ]);
  await context.close();

  // A second partner: the practice answers 404, and neither statement of Paula's is theirs to open.
  const otherContext = await browser.newContext({ baseURL: ORIGIN });
  const other = await otherContext.newPage();
  await signIn(other, partnerSeed.other.email, partnerSeed.other.password);
  await expect(other).toHaveURL(`${ORIGIN}/partners`);
  const missing = await other.goto(practicePath);
  expect(missing?.status()).toBe(404);
  expect((await otherContext.request.get(`${practicePath}.data`)).status()).toBe(404);
  // Their own statement of the month has none of Paula's lines; the console's copy of hers is staff's only.
  await gotoHydrated(other, `/partners/statements/${month}`);
  await expect(other.getByRole("cell", { name: "Nothing is owed for this month." })).toBeVisible();
  expect((await otherContext.request.get(`${new URL(partnerUrl).pathname}/statements/${month}`)).status()).toBe(403);
  expect((await otherContext.request.get(`${new URL(partnerUrl).pathname}/statements/${month}/statement.csv`)).status()).toBe(403);
  await otherContext.close();
});

test("the partner area is a partner's only: a visitor is sent to sign-in, a member and staff get 403 from every partner address", async ({ page, request }) => {
  const paths = [...new Set(tableRoutes.filter((r) => r.path === "/partners" || r.path.startsWith("/partners/")).map((r) => r.path))];
  expect(paths).toEqual(expect.arrayContaining(["/partners", "/partners/practices", "/partners/statements"]));
  for (const path of paths) {
    const answer = await request.get(path, { maxRedirects: 0 });
    expect(answer.status(), path).toBe(302);
    expect(answer.headers().location, path).toMatch(/^\/auth/);
  }
  for (const session of ["member", "staff"] as const) {
    await useSession(page, session);
    for (const path of paths) expect((await page.request.get(path, { maxRedirects: 0 })).status(), `${session} ${path}`).toBe(403);
    await page.context().clearCookies();
  }
});
