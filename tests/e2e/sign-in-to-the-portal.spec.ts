import { expect, test } from "@playwright/test";
import { checkBothWidths, expectNoA11yViolations, expectNoHorizontalScroll, shoot } from "./support/a11y";
import { testAccounts } from "./support/accounts";
import { waitForMail } from "./support/mail";
import { gotoHydrated, signIn } from "./support/page";

const { member, limited } = testAccounts;

test("a member signs in, sees the portal with their email and tabs, and signs out @phone", async ({ page }) => {
  // Many pages (and axe runs) in one test: near the 30 s limit on two busy cores.
  test.slow();
  await signIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Clinical Portal");
  await expect(page.getByText(`Welcome, ${member.email}`)).toBeVisible();
  const tabs = page.getByRole("tab");
  await expect(tabs).toHaveText(["STATUS", "IVR FORM", "ORDER FORM", "PAY INVOICE"]);
  await expect(page.getByRole("tabpanel")).toContainText("Status board");
  await page.getByRole("tab", { name: "IVR FORM" }).click();
  // This member is in no practice: the native form says so instead of failing.
  await expect(page.getByRole("tabpanel")).toContainText("Your account is not part of a practice yet");
  await page.getByRole("tab", { name: "PAY INVOICE" }).click();
  await expect(page.getByRole("tabpanel")).toContainText("Invoice payment");
  await expect(page.getByRole("link", { name: "Contact Support" })).toHaveAttribute("href", /^mailto:/);
  await expectNoHorizontalScroll(page);
  await expectNoA11yViolations(page);

  await page.getByRole("button", { name: "Portal menu" }).click();
  await page.getByRole("link", { name: "Forms Library" }).click();
  await expect(page.getByRole("heading", { name: "Forms and documents" })).toBeVisible();
  await expectNoA11yViolations(page);
  await gotoHydrated(page, "/education");
  await expect(page.getByRole("heading", { name: "Education Center" })).toBeVisible();
  for (const category of ["Video Training", "Resource Library", "Documentation"]) await expect(page.getByRole("heading", { name: category, exact: true })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Signed out" })).toBeVisible();
  const response = await page.request.get("/members", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/auth");
});

test("the sign-in page sends a signed-in member to the portal, and the portal sends a visitor to sign-in", async ({ page }) => {
  await page.goto("/members");
  await expect(page).toHaveURL(/\/auth$/);
  await signIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/members$/);
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/members$/);
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name.endsWith("session_token"));
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe("Lax");
  // PUBLIC_URL is plain http here: neither a Secure cookie nor HSTS (they go together).
  expect(session?.secure).toBe(false);
  const portal = await page.request.get("/members");
  expect(portal.headers()["strict-transport-security"]).toBeUndefined();
  // The account cookie that keeps a form sent after the session ended goes with the session.
  const account = (await page.context().cookies()).find((c) => c.name === "portal.account");
  expect(account?.httpOnly).toBe(true);
});

test("a sign-in in another tab takes the open sign-in page to the portal", async ({ context }) => {
  const waiting = await context.newPage();
  await gotoHydrated(waiting, "/auth");
  const other = await context.newPage();
  await signIn(other, member.email, member.password);
  await expect(other).toHaveURL(/\/members$/);
  await expect(waiting).toHaveURL(/\/members$/);
});

test("a wrong password shows Invalid credentials beside the form and in a toast, and empties the password; empty fields send nothing @phone", async ({ page }) => {
  await gotoHydrated(page, "/auth");
  let posts = 0;
  page.on("request", (r) => {
    if (r.method() === "POST") posts++;
  });
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Enter your email address")).toBeVisible();
  expect(posts).toBe(0);
  await page.getByLabel("Email").fill(member.email);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign In" }).click();
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Invalid credentials" });
  await expect(toast).toContainText("Please check your email and password and try again.");
  // Beside the form too, read out as an alert; the password is to be typed again, the email stays.
  const beside = page.locator("form").getByRole("alert").filter({ hasText: "Invalid credentials" });
  await expect(beside).toContainText("Please check your email and password and try again.");
  await expect(page.getByLabel("Password")).toHaveValue("");
  await expect(page.getByLabel("Password")).toBeFocused();
  await expect(page.getByLabel("Email")).toHaveValue(member.email);
  await expect(page).toHaveURL(/\/auth$/);
  expect(posts).toBe(1);
  await checkBothWidths(page, "sign-in-refused");
  // The next try starts without the old message.
  await page.getByLabel("Password").fill("still not the password");
  const again = page.waitForResponse((r) => r.request().method() === "POST");
  await page.getByRole("button", { name: "Sign In" }).click();
  await again;
  await expect(beside).toHaveCount(1);
  await expect(page.getByLabel("Password")).toHaveValue("");
});

test("wrong passwords limit an account; its owner is told by mail and signs in with an emailed one-use link", async ({ page }) => {
  // Two mails, two page sizes and three accessibility checks: more than the default budget on a busy machine.
  test.slow();
  await gotoHydrated(page, "/auth");
  await page.getByLabel("Email").fill(limited.email);
  for (let attempt = 1; attempt <= 6; attempt++) {
    await page.getByLabel("Password").fill(`wrong guess ${attempt}`);
    const answer = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Sign In" }).click();
    expect((await answer).status()).toBe(attempt <= 5 ? 401 : 429);
  }
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Too many sign-in attempts" })).toBeVisible();
  // Even the right password waits out the minute.
  await page.getByLabel("Password").fill(limited.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/auth$/);

  const offer = page.getByRole("region", { name: "Sign in with an emailed link" });
  await expect(offer).toContainText(`We can send ${limited.email} a link that signs in once, within 15 minutes.`);
  await shoot(page, "sign-in-link-offer-1280");
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 375, height: 740 });
  await expectNoHorizontalScroll(page);
  await shoot(page, "sign-in-link-offer-375");
  await expectNoA11yViolations(page);

  await offer.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Check your email" })).toContainText(
    "If an account exists for that email, we've sent it a sign-in link. It works once and expires in 15 minutes.",
  );
  await expect(offer).toHaveCount(0);

  const notice = await waitForMail(limited.email, "Sign-in to your portal account was limited after repeated wrong passwords.");
  expect(notice.subject).toBe("Sign-in to your portal account was limited");
  expect(notice.body).toContain("your password still works after a minute, or use a sign-in link");
  const mail = await waitForMail(limited.email, "/sign-in-link?token=");
  expect(mail.subject).toBe("Your portal sign-in link");
  const link = /https?:\/\/\S+\/sign-in-link\?token=[\w-]+/.exec(mail.body)?.[0];
  expect(link).toBeDefined();

  // A mail scanner fetches the link first: that must not use it up.
  expect((await page.request.get(link!)).status()).toBe(200);
  await page.goto(link!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to the Members Portal");
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByText(`Welcome, ${limited.email}`)).toBeVisible();

  // The link worked once.
  await page.goto(link!);
  await expect(page).toHaveURL(/\/members$/);
  await page.context().clearCookies();
  await page.goto(link!);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link is no longer valid");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a limited account's sign-in page offers the link, and asking for it answers in the page", async ({ page }) => {
    // An address without an account: it is limited and answered exactly like one with an account.
    const email = "nobody-without-script@clinic.example";
    await page.goto("/auth");
    for (let attempt = 1; attempt <= 6; attempt++) {
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(`wrong guess ${attempt}`);
      await page.getByRole("button", { name: "Sign In" }).click();
    }
    await expect(page.getByRole("alert")).toContainText("Password sign-in to this account is paused for a minute.");
    const offer = page.getByRole("region", { name: "Sign in with an emailed link" });
    await expect(offer).toContainText(email);
    await offer.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Check your email" })).toContainText("If an account exists for that email");
  });
});
