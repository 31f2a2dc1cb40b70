import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { testAccounts } from "./support/accounts";
import { answerSecondFactor, siteOrigin } from "./support/page";
import { useSession } from "./support/sessions";

const { admin, staff, member } = testAccounts;

/** Signs in with a plain form post, as a browser without JavaScript does. */
async function signInPlain(page: Page, email: string, password: string) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  // Staff and admins: the code of their test app, on the second step (a plain form too).
  await answerSecondFactor(page);
  await expect(page).toHaveURL(/\/admin$/);
}

/** The status of the next form post's answer. */
function nextPost(page: Page) {
  return page.waitForResponse((r) => r.request().method() === "POST").then((r) => r.status());
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an invitation with a bad or taken email answers beside the field and keeps what was typed", async ({ page }) => {
    await signInPlain(page, admin.email, admin.password);
    await page.goto("/admin/users");
    const email = page.getByRole("textbox", { name: "Email", exact: true });

    // The browser's own check lets this through; the form's rule does not.
    await email.fill("someone@clinic");
    await page.getByRole("combobox", { name: "Role", exact: true }).selectOption("staff");
    const answered = nextPost(page);
    await page.getByRole("button", { name: "Send invitation" }).click();
    expect(await answered).toBe(400);
    await expect(email).toHaveValue("someone@clinic");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription("Enter a valid email address");
    await expect(page.getByRole("combobox", { name: "Role", exact: true })).toHaveValue("staff");

    await email.fill(member.email);
    const taken = nextPost(page);
    await page.getByRole("button", { name: "Send invitation" }).click();
    expect(await taken).toBe(409);
    await expect(email).toHaveValue(member.email);
    await expect(email).toHaveAccessibleDescription(`${member.email} already has an account, in no practice yet.`);
    await expect(page.getByRole("link", { name: `See the account of ${member.email}` })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Role", exact: true })).toHaveValue("staff");
  });

  test("a blank note and a status not in the list answer 400 beside their fields", async ({ page }) => {
    const marker = randomUUID().slice(0, 8);
    const sent = await page.request.post("/contact", {
      form: { firstName: "Wren", lastName: `Hale${marker}`, email: `wren-${marker}@clinic.example`, message: `Plain note ${marker}` },
      headers: { "X-Resend": "1", ...siteOrigin() },
    });
    expect(sent.status()).toBe(200);
    await signInPlain(page, staff.email, staff.password);
    await page.goto(`/admin?q=Hale${marker}`);
    await page.getByRole("link", { name: `Wren Hale${marker}` }).click();
    await expect(page).toHaveURL(/\/admin\/submissions\//);

    // Only spaces and a line break: the browser's "required" takes it, the form's rule does not.
    const note = page.getByRole("textbox", { name: "New note" });
    await note.fill("  \n  ");
    const blank = nextPost(page);
    await page.getByRole("button", { name: "Add note" }).click();
    expect(await blank).toBe(400);
    await expect(note).toHaveAccessibleDescription(/Write a note first\./);
    await expect(note).toHaveValue("  \n  ");

    // A status no option offers (a changed page, or a hand-made post).
    await page.route("**/admin/submissions/*", (route) =>
      route.request().method() === "POST" ? route.continue({ postData: "intent=status&status=archived" }) : route.continue(),
    );
    const tampered = nextPost(page);
    await page.getByRole("button", { name: "Update status" }).click();
    expect(await tampered).toBe(400);
    const status = page.getByRole("combobox", { name: "Status" });
    await expect(status).toHaveAccessibleDescription("Choose a status from the list.");
    await expect(status).toHaveValue("new");
  });
});

test("with JavaScript, an invitation to an existing account says so beside the email, and the email stays", async ({ page }) => {
  await useSession(page, "admin", "/admin/users");
  const email = page.getByRole("textbox", { name: "Email", exact: true });

  // The form's rule runs in the browser first: nothing is sent.
  let posts = 0;
  page.on("request", (r) => {
    if (r.method() === "POST") posts++;
  });
  await email.fill("someone@clinic");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(email).toHaveAccessibleDescription("Enter a valid email address");
  await expect(email).toBeFocused();
  expect(posts).toBe(0);

  await email.fill(member.email);
  // A member is invited into a practice: asked for in the browser too.
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("combobox", { name: "Practice" })).toHaveAccessibleDescription("Choose the member's practice");
  expect(posts).toBe(0);
  await page.getByRole("combobox", { name: "Practice" }).selectOption({ label: "Sunrise Wound Care" });
  const taken = nextPost(page);
  await page.getByRole("button", { name: "Send invitation" }).click();
  expect(await taken).toBe(409);
  await expect(email).toHaveAccessibleDescription(`${member.email} already has an account, in no practice yet.`);
  await expect(email).toHaveValue(member.email);
  await expect(email).toBeFocused();
});
