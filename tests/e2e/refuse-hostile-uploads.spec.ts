import { expect, test } from "@playwright/test";
import { siteOrigin } from "./support/page";

// An upload no browser's form sends is cut off at its first part over a limit
// and answered with a line of text, not a rendered page; a browser without
// JavaScript that sends a file over 5 MB gets the page with the SPEC's message.

const BOUNDARY = "----e2eflood4f2a9c";
function tinyParts(bytes: number): Buffer {
  const head = ["firstName", "lastName", "email", "phone"]
    .map((name, i) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${["Ada", "Lee", "ada@clinic.example", "602 555 0100"][i]}\r\n`)
    .join("");
  const part = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n`;
  const end = `--${BOUNDARY}--\r\n`;
  return Buffer.concat([Buffer.from(head), Buffer.alloc(Math.floor((bytes - head.length - end.length) / part.length) * part.length, part), Buffer.from(end)]);
}

test("30 MB of tiny parts to /apply get 413 and a line of text, and the kept-alive connection serves the next request", async ({ baseURL }) => {
  const http = await import("node:http");
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const send = (method: string, path: string, body?: Buffer) =>
    new Promise<{ status: number; type: string; text: string }>((resolve, reject) => {
      const headers: Record<string, string | number> = { ...siteOrigin() };
      if (body) Object.assign(headers, { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`, "Content-Length": body.length });
      const req = http.request(new URL(path, baseURL), { method, agent, headers }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"]), text }));
      });
      req.on("error", reject);
      req.end(body);
    });
  const flood = await send("POST", "/apply", tinyParts(30 * 1024 * 1024));
  expect(flood.status).toBe(413);
  expect(flood.type).toMatch(/^text\/plain/);
  expect(flood.text).toBe("The form has more fields than it takes.");
  const next = await send("GET", "/healthz");
  expect(next.status).toBe(200);
  agent.destroy();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a resume over 5 MB comes back with File too large beside the resume", async ({ page }) => {
    await page.goto("/apply");
    await page.getByLabel("First Name").fill("Max");
    await page.getByLabel("Last Name").fill("Noor");
    await page.getByRole("textbox", { name: "Email", exact: true }).fill("max@candidate.example");
    await page.getByLabel("Phone").fill("602 555 0188");
    await page.locator('input[name="resume"]').setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(6 * 1024 * 1024, 0x25) });
    const answer = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Submit Application" }).click();
    expect((await answer).status()).toBe(413);
    await expect(page.getByText("Please upload a file smaller than 5MB.").first()).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "File too large" })).toContainText("Please upload a file smaller than 5MB.");
  });
});
