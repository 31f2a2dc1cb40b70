import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { expectToast, fillContact } from "./support/forms";
import { waitForMail } from "./support/mail";
import { gotoHydrated } from "./support/page";

const COMPANY_INBOX = "info@cardinalbiologics.example";
const CAREERS_INBOX = "careers@cardinalbiologics.example";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

const unique = () => randomUUID().slice(0, 8);

test.describe("with JavaScript", () => {
  test("a contact message is stored, mailed to the company and confirmed to the sender @phone", async ({ page }) => {
    const marker = unique();
    const email = `ada-${marker}@clinic.example`;
    await gotoHydrated(page, "/#contact");
    const form = await fillContact(page, marker, email);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expectToast(page, "Message Sent Successfully!", "We'll get back to you within 24 hours");
    await expect(form.getByLabel("First Name")).toHaveValue("");
    await expect(form.getByLabel("Message")).toHaveValue("");
    const notification = await waitForMail(COMPANY_INBOX, marker);
    expect(notification.subject).toBe("Contact message from Ada Lee");
    expect(notification.body).toContain(`Email: ${email}`);
    expect(notification.body).toContain("Company: Lee Podiatry");
    const confirmation = await waitForMail(email, "within 24 hours");
    expect(confirmation.subject).toBe("We received your message");
  });

  test("a consultation request is stored and mailed", async ({ page }) => {
    const marker = unique();
    await gotoHydrated(page, "/intake");
    await page.getByLabel("First Name").fill("Ben");
    await page.getByLabel("Last Name").fill("Okafor");
    await page.getByLabel("Email").fill(`ben-${marker}@practice.example`);
    await page.getByLabel("Phone").fill("(602) 555-0100");
    await page.getByLabel("Organization").fill("Okafor Wound Clinic");
    await page.getByLabel("Role").selectOption("practice-manager");
    await page.getByLabel("How can we help?").fill(`Consultation please. ${marker}`);
    await page.getByRole("button", { name: "Schedule My Free Consultation" }).click();
    await expectToast(page, "Form Submitted Successfully!", "Our team will contact you within 24 hours to schedule your free consultation.");
    await expect(page.getByLabel("Organization")).toHaveValue("");
    await expect(page.getByLabel("Role")).toHaveValue("");
    const mail = await waitForMail(COMPANY_INBOX, marker);
    expect(mail.body).toContain("Role: Practice Manager");
    expect(mail.body).toContain("Organization: Okafor Wound Clinic");
  });

  test("a partner callback request is stored and mailed", async ({ page }) => {
    const marker = unique();
    await gotoHydrated(page, "/partner-callback");
    await page.getByLabel("First Name").fill("Cy");
    await page.getByLabel("Last Name").fill("Park");
    await page.getByLabel("Email").fill(`cy-${marker}@rep.example`);
    await page.getByLabel("Phone").fill("555 010 0200");
    await page.getByLabel("Experience").selectOption("6-10");
    await page.getByLabel("Best Time to Call").selectOption("afternoon");
    await page.getByLabel("Additional Information").fill(`Covering Maricopa County. ${marker}`);
    await page.getByRole("button", { name: "Request Callback" }).click();
    await expectToast(page, "Request Submitted Successfully", "Our team will contact you within 24 hours to discuss this exciting opportunity.");
    await expect(page.getByLabel("First Name")).toHaveValue("");
    const mail = await waitForMail(COMPANY_INBOX, marker);
    expect(mail.body).toContain("Experience: 6-10 years");
    expect(mail.body).toContain("Best time to call: Afternoon");
  });

  test("a job application with its resume is stored, mailed to careers, and the form resets", async ({ page }) => {
    const marker = unique();
    const email = `dana-${marker}@candidate.example`;
    await gotoHydrated(page, "/apply?position=shipping-receiving");
    await page.getByLabel("First Name").fill("Dana");
    await page.getByLabel("Last Name").fill("Ruiz");
    await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
    await page.getByLabel("Phone").fill("602 555 0199");
    await page.getByRole("textbox", { name: "Company", exact: true }).fill(`Valley Clinic ${marker}`);
    await page.getByRole("button", { name: "Add Experience" }).click();
    await page.getByRole("textbox", { name: "Company", exact: true }).nth(1).fill("Desert Logistics");
    await page.getByRole("button", { name: "Add Certification" }).click();
    await page.locator('input[name="resume"]').setInputFiles({ name: "Dana Resume.pdf", mimeType: "application/pdf", buffer: PDF });
    await page.getByLabel("Additional Documents").setInputFiles([{ name: "cover.pdf", mimeType: "application/pdf", buffer: PDF }]);
    await page.getByRole("button", { name: "Submit Application" }).click();
    await expectToast(page, "Application submitted successfully!", "Thank you for your interest. We'll review your application and get back to you soon.");
    await expect(page.getByRole("textbox", { name: "Company", exact: true })).toHaveCount(1);
    await expect(page.getByRole("textbox", { name: "Company", exact: true })).toHaveValue("");
    await expect(page.getByRole("textbox", { name: "Certification Name" })).toHaveCount(1);
    await expect(page.getByLabel("First Name")).toHaveValue("");
    expect(await page.locator('input[name="resume"]').evaluate((i: HTMLInputElement) => i.files?.length)).toBe(0);
    const mail = await waitForMail(CAREERS_INBOX, marker);
    expect(mail.subject).toBe("Job application from Dana Ruiz: Shipping & Receiving Specialist");
    expect(mail.body).toContain("Resume: Dana Resume.pdf (application/pdf");
    expect(mail.body).toContain("Company: Desert Logistics");
    await waitForMail(email, "within 24 hours");
  });

  test("the application's file checks show the spec's messages, in order", async ({ page }) => {
    await gotoHydrated(page, "/apply");
    const submit = page.getByRole("button", { name: "Submit Application" });
    await submit.click();
    await expectToast(page, "Missing required information", "Please fill in all required personal information fields.");
    await page.getByLabel("First Name").fill("Eve");
    await page.getByLabel("Last Name").fill("Stone");
    await page.getByRole("textbox", { name: "Email", exact: true }).fill("eve@candidate.example");
    await page.getByLabel("Phone").fill("602 555 0123");
    await submit.click();
    await expectToast(page, "Resume required", "Please upload your resume.");
    const resume = page.locator('input[name="resume"]');
    await resume.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await submit.click();
    await expectToast(page, "Invalid file type", "Please upload a PDF or Word document.");
    await resume.setInputFiles({ name: "huge.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(6 * 1024 * 1024, 0x25) });
    await submit.click();
    await expectToast(page, "File too large", "Please upload a file smaller than 5MB.");
  });

  test("a text file renamed to .pdf is refused by the server and nothing is sent", async ({ page }) => {
    const marker = unique();
    await gotoHydrated(page, "/apply");
    await page.getByLabel("First Name").fill("Finn");
    await page.getByLabel("Last Name").fill(`Renamed${marker}`);
    await page.getByRole("textbox", { name: "Email", exact: true }).fill(`finn-${marker}@candidate.example`);
    await page.getByLabel("Phone").fill("602 555 0124");
    await page.locator('input[name="resume"]').setInputFiles({ name: "resume.pdf", mimeType: "application/pdf", buffer: Buffer.from("I am plain text") });
    const answer = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/apply"));
    await page.getByRole("button", { name: "Submit Application" }).click();
    expect((await answer).status()).toBe(400);
    await expectToast(page, "Invalid file type", "Please upload a PDF or Word document.");
    // The form keeps what was typed so the visitor can pick the right file.
    await expect(page.getByLabel("First Name")).toHaveValue("Finn");
  });

  test("when the server cannot be reached, the message is kept and re-sent on the next visit", async ({ page }) => {
    const marker = unique();
    const email = `gil-${marker}@clinic.example`;
    await gotoHydrated(page, "/");
    // Only the form's POST fails: the route's own code still loads.
    await page.route("**/contact*", (route) =>
      route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue(),
    );
    const form = await fillContact(page, marker, email);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expectToast(page, "Message Received!", "Your message has been received. We'll get back to you within 24 hours");
    await expect(form.getByLabel("Message")).toHaveValue("");
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("pending-submissions") ?? "[]").length)).toBe(1);
    await page.unroute("**/contact*");
    // The next page that runs scripts sends it (pages with nothing to run, like /services, have none).
    await gotoHydrated(page, "/intake");
    await waitForMail(COMPANY_INBOX, marker);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("pending-submissions"))).toBeNull();
  });

  test("a 5xx answer keeps the consultation request and it arrives once the server answers again", async ({ page }) => {
    const marker = unique();
    await gotoHydrated(page, "/intake");
    await page.route("**/intake*", (route) =>
      route.request().method() === "POST" ? route.fulfill({ status: 503, body: "Service Unavailable" }) : route.continue(),
    );
    await page.getByLabel("First Name").fill("Hal");
    await page.getByLabel("Last Name").fill("Ito");
    await page.getByLabel("Email").fill(`hal-${marker}@practice.example`);
    await page.getByLabel("Phone").fill("602 555 0177");
    await page.getByLabel("Organization").fill("Ito Foot & Ankle");
    await page.getByLabel("Role").selectOption("nurse");
    await page.getByLabel("How can we help?").fill(`Pricing question ${marker}`);
    await page.getByRole("button", { name: "Schedule My Free Consultation" }).click();
    await expectToast(page, "Submission Received", "Your consultation request has been received. We'll contact you within 24 hours via email or phone.");
    await expect(page.getByLabel("First Name")).toHaveValue("");
    await page.unroute("**/intake*");
    await page.evaluate(() => window.dispatchEvent(new Event("online")));
    await waitForMail(COMPANY_INBOX, marker);
  });

  test("bad input shows field messages, never the failure toast", async ({ page }) => {
    await gotoHydrated(page, "/intake");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Schedule My Free Consultation" }).click();
    await expect(page.getByText("Enter a valid email address")).toBeVisible();
    await expect(page.getByLabel("First Name")).toBeFocused();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Submission Received" })).toHaveCount(0);
  });
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the contact form posts, returns to #contact and shows the toast once", async ({ page }) => {
    const marker = unique();
    await page.goto("/");
    const form = await fillContact(page, marker, `ivy-${marker}@clinic.example`);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/#contact$/);
    const status = page.getByRole("status").filter({ hasText: "Message Sent Successfully!" });
    await expect(status).toContainText("We'll get back to you within 24 hours");
    await expect(page.locator("#contact form").getByLabel("Message")).toHaveValue("");
    await waitForMail(COMPANY_INBOX, marker);
    await page.reload();
    await expect(page.getByRole("status").filter({ hasText: "Message Sent Successfully!" })).toHaveCount(0);
  });

  test("the intake, callback and application forms post and show their toasts", async ({ page }) => {
    const marker = unique();
    await page.goto("/intake");
    await page.getByLabel("First Name").fill("Jo");
    await page.getByLabel("Last Name").fill("Kim");
    await page.getByLabel("Email").fill(`jo-${marker}@practice.example`);
    await page.getByLabel("Phone").fill("602 555 0155");
    await page.getByLabel("Organization").fill("Kim Vascular");
    await page.getByLabel("Role").selectOption("billing");
    await page.getByLabel("How can we help?").fill(`Billing help ${marker}`);
    await page.getByRole("button", { name: "Schedule My Free Consultation" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Form Submitted Successfully!" })).toBeVisible();
    await expect(page.getByLabel("Organization")).toHaveValue("");
    await waitForMail(COMPANY_INBOX, `Billing help ${marker}`);

    await page.goto("/partner-callback");
    await page.getByLabel("First Name").fill("Lu");
    await page.getByLabel("Last Name").fill("Moss");
    await page.getByLabel("Email").fill(`lu-${marker}@rep.example`);
    await page.getByLabel("Phone").fill("602 555 0166");
    await page.getByLabel("Territory").fill(`Tucson ${marker}`);
    await page.getByRole("button", { name: "Request Callback" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Request Submitted Successfully" })).toBeVisible();
    await waitForMail(COMPANY_INBOX, `Tucson ${marker}`);

    await page.goto("/apply");
    await page.getByLabel("First Name").fill("Max");
    await page.getByLabel("Last Name").fill("Noor");
    await page.getByRole("textbox", { name: "Email", exact: true }).fill(`max-${marker}@candidate.example`);
    await page.getByLabel("Phone").fill("602 555 0188");
    await page.getByLabel("City").fill(`Mesa ${marker}`);
    await page.locator('input[name="resume"]').setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: PDF });
    await page.getByRole("button", { name: "Submit Application" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Application submitted successfully!" })).toBeVisible();
    await waitForMail(CAREERS_INBOX, `Mesa ${marker}`);
  });

  test("bad input comes back with field messages and the typed text", async ({ page }) => {
    await page.goto("/partner-callback");
    await page.getByLabel("First Name").fill("Ned");
    await page.getByLabel("Last Name").fill("Oak");
    await page.getByLabel("Email").fill("ned@rep.example");
    await page.getByLabel("Phone").fill("12");
    await page.getByRole("button", { name: "Request Callback" }).click();
    await expect(page.getByText("Enter a valid phone number")).toBeVisible();
    await expect(page.getByLabel("First Name")).toHaveValue("Ned");
  });
});
