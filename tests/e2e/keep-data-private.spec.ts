import { randomUUID } from "node:crypto";
import http from "node:http";
import { expect, test } from "@playwright/test";
import { testAccounts } from "./support/accounts";
import { waitForMail } from "./support/mail";
import { signIn, siteOrigin } from "./support/page";

const PORT = Number(process.env.E2E_PORT ?? 4173);
const SITE = `http://127.0.0.1:${PORT}`;
const { staff, admin, resetter } = testAccounts;
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

/** A request with exactly the headers given (fetch and browsers do not let a caller set Host). */
function raw(method: string, path: string, headers: Record<string, string>, body = ""): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: PORT, method, path, headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

test("a request for a host the site does not answer to runs no page and no action", async () => {
  const evil = { Host: "evil.example" };
  for (const path of ["/", "/sitemap.xml", "/robots.txt", "/auth", "/members"]) {
    const answer = await raw("GET", path, evil);
    expect(answer.status, path).toBe(421);
    expect(answer.text).not.toContain("evil.example");
  }
  const form = "email=member%40clinic.example";
  const post = await raw("POST", "/forgot-password", { ...evil, Origin: "http://evil.example", "Content-Type": "application/x-www-form-urlencoded" }, form);
  expect(post.status).toBe(421);
  // A known Host with another X-Forwarded-Host (which would name the request's URL) is refused too.
  const forwarded = await raw("GET", "/", { Host: `127.0.0.1:${PORT}`, "X-Forwarded-Host": "evil.example" });
  expect(forwarded.status).toBe(421);
  // Both loopback names on PORT are answered, and the health check answers whatever the Host.
  expect((await raw("GET", "/", { Host: `localhost:${PORT}` })).status).toBe(200);
  expect((await raw("GET", "/", { Host: `127.0.0.1:${PORT}` })).status).toBe(200);
  expect((await raw("GET", "/healthz", evil)).status).toBe(200);
});

test("sitemap, robots.txt and password links name the configured origin, whatever Host the request named", async () => {
  const sitemap = await raw("GET", "/sitemap.xml", { Host: `localhost:${PORT}` });
  expect(sitemap.text).toContain(`<loc>${SITE}/products</loc>`);
  expect(sitemap.text).not.toContain("localhost");
  const robots = await raw("GET", "/robots.txt", { Host: `localhost:${PORT}` });
  expect(robots.text).toContain(`Sitemap: ${SITE}/sitemap.xml`);

  const sent = await raw(
    "POST",
    "/forgot-password",
    { Host: `localhost:${PORT}`, Origin: `http://localhost:${PORT}`, "Content-Type": "application/x-www-form-urlencoded" },
    `email=${encodeURIComponent(resetter.email)}`,
  );
  expect(sent.status).toBe(200);
  const mail = await waitForMail(resetter.email, "/set-password?token=");
  expect(mail.body).toContain(`${SITE}/set-password?token=`);
  expect(mail.body).not.toContain(`localhost:${PORT}`);
});

test("nothing a signed-in user is shown is kept in a cache, and signing out clears the browser's copy", async ({ page }) => {
  const marker = randomUUID().slice(0, 8);
  const email = `kim-${marker}@candidate.example`;
  const sent = await page.request.post("/apply", {
    multipart: { firstName: "Kim", lastName: `Vale${marker}`, email, phone: "602 555 0101", resume: { name: "Kim CV.pdf", mimeType: "application/pdf", buffer: PDF } },
    headers: { "X-Resend": "1", ...siteOrigin() },
  });
  expect(sent.status()).toBe(200);

  await signIn(page, staff.email, staff.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole("row").filter({ hasText: email }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/admin\/submissions\/[0-9a-f-]{36}$/);
  await expect(page.getByText(email).first()).toBeVisible();
  const submissionPath = new URL(page.url()).pathname;
  const fileHref = await page.getByRole("link", { name: /download/i }).first().getAttribute("href");
  expect(fileHref).toMatch(/^\/admin\/files\//);

  const request = page.request;
  for (const path of ["/admin", "/admin.data", submissionPath, `${submissionPath}.data`, "/admin/outbox", "/members", fileHref!, "/admin/export/application.csv", "/"]) {
    const answer = await request.get(path, { maxRedirects: 0 });
    expect(answer.headers()["cache-control"], path).toBe("no-store");
  }
  // A file or CSV asked for through its .data address gets the same download headers, or nothing.
  for (const [plain, data] of [
    [fileHref!, `${fileHref}.data`],
    ["/admin/export/application.csv", "/admin/export/application.csv.data"],
  ] as const) {
    const direct = await request.get(plain);
    const viaData = await request.get(data, { maxRedirects: 0 });
    expect(viaData.headers()["cache-control"], data).toBe("no-store");
    if (viaData.status() !== 404) {
      expect(viaData.status(), data).toBe(200);
      expect(viaData.headers()["content-disposition"], data).toBe(direct.headers()["content-disposition"]);
      expect(viaData.headers()["content-type"], data).toBe(direct.headers()["content-type"]);
    }
  }

  const signOut = page.waitForResponse((r) => r.url().includes("/sign-out") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Sign Out" }).click();
  expect((await (await signOut).allHeaders())["clear-site-data"]).toBe('"cache", "storage"');

  // Staff reading a submission is in the audit log: who, which submission, when and from where.
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin/audit?action=submission.view&actor=${encodeURIComponent(staff.email)}`);
  const id = submissionPath.split("/").pop()!;
  await expect(page.getByRole("row").filter({ hasText: id }).first()).toBeVisible();
});
