import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { sendIvr } from "./support/ivr-form";
import { siteOrigin } from "./support/page";
import { signedInContextPage, signedInPage } from "./support/sessions";

/** Ways of writing one address that the router matches to the same route: other cases, an escaped letter, a trailing slash. */
function variants(path: string): string[] {
  const title = path.replace(/\/(\w)/g, (_, c: string) => `/${c.toUpperCase()}`);
  const alternating = [...path].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join("");
  const escaped = path.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`);
  return [path, path.toUpperCase(), title, alternating, escaped, `${path}/`].map((p) => `${p}.data`);
}

/** Each variant's .data address answers 404 at once (a stream would hold the request open), and the plain address still downloads. */
async function expectDataRefused(request: APIRequestContext, path: string, type: RegExp | null) {
  for (const variant of variants(path)) {
    const answer = await request.get(variant, { maxRedirects: 0, timeout: 10_000 });
    expect(answer.status(), variant).toBe(404);
    expect(answer.headers()["content-type"], variant).toMatch(/^text\/plain/);
  }
  if (!type) return;
  const plain = await request.get(path);
  expect(plain.status(), path).toBe(200);
  expect(plain.headers()["content-type"], path).toMatch(type);
}

test("an absolute-form request line answers 400 and the server carries on", async ({ baseURL }) => {
  const net = await import("node:net");
  const { hostname, port, host } = new URL(baseURL!);
  const raw = (requestLine: string, body = "") =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), hostname, () => {
        socket.write(
          `${requestLine}\r\nHost: ${host}\r\nOrigin: ${baseURL}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
      });
      let answer = "";
      socket.setEncoding("utf8");
      socket.on("data", (chunk: string) => (answer += chunk));
      socket.on("end", () => resolve(answer));
      socket.on("error", reject);
    });
  for (const line of [
    "POST http://attacker.example/forgot-password HTTP/1.1",
    `POST http://${host}/forgot-password HTTP/1.1`,
    "GET http://attacker.example/members HTTP/1.1",
    "GET * HTTP/1.1",
  ]) {
    const answer = await raw(line, line.startsWith("POST") ? "email=someone%40clinic.example" : "");
    expect(answer, line).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer, line).toContain("the request target must be a path");
    expect(answer, line).not.toMatch(/at \w+ \(|TypeError/);
  }
  // The same request in origin-form is served as usual.
  expect(await raw("GET /forgot-password HTTP/1.1")).toMatch(/^HTTP\/1\.1 200 /);
});

test("the .data address of every kind of download and stream answers 404, in any case", async ({ browser }) => {
  test.slow();
  // A member's attachment and invoice, and the practice's status stream.
  const member = await signedInPage(browser, "outsider");
  const { reference } = await sendIvr(member, "elsewhere", { photo: true });
  await expect(member.getByRole("heading", { level: 2, name: reference })).toBeVisible();
  const fileHref = (await member.getByRole("link", { name: /Download/ }).first().getAttribute("href"))!;
  expect(fileHref).toMatch(/^\/members\/ivrs\/[0-9a-f-]{36}\/files\/[0-9a-f-]{36}$/);
  await expectDataRefused(member.request, fileHref, /^image\/png/);
  await expectDataRefused(member.request, "/members/events", null);
  await member.context().close();

  const lakeside = await signedInContextPage(browser, "orders");
  await lakeside.goto("/members/invoices");
  const invoiceHref = (await lakeside.locator("tr[data-invoice]").first().getByRole("link", { name: /Download PDF/ }).getAttribute("href"))!;
  expect(invoiceHref).toMatch(/^\/members\/orders\/[0-9a-f-]{36}\/invoice\.pdf$/);
  await expectDataRefused(lakeside.request, invoiceHref, /^application\/pdf/);
  await lakeside.context().close();

  // Staff's export, the order's PDFs and the console's stream.
  const staff = await signedInContextPage(browser, "staff");
  await expectDataRefused(staff.request, "/admin/export/contact.csv", /^text\/csv/);
  await expectDataRefused(staff.request, invoiceHref.replace(/^\/members/, "/admin"), /^application\/pdf/);
  await expectDataRefused(staff.request, "/admin/events", null);
  await staff.context().close();
});

test("a CSV export quotes every cell, so a spreadsheet splitting on semicolons still sees text", async ({ browser, request }) => {
  const marker = randomUUID().slice(0, 8);
  const sent = await request.post("/contact", {
    form: { firstName: "Ada", lastName: `Quote${marker}`, email: `ada-${marker}@clinic.example`, message: "hello;=1+1;@SUM(2+2)" },
    headers: { "X-Resend": "1", ...siteOrigin() },
  });
  expect(sent.status()).toBe(200);
  const staff = await signedInContextPage(browser, "staff");
  const csv = await staff.request.get("/admin/export/contact.csv");
  expect(csv.status()).toBe(200);
  const line = (await csv.text()).split("\r\n").find((l) => l.includes(`Quote${marker}`))!;
  // Every cell in quotes, the message one cell; each cell starts with a quote, so none starts a formula.
  expect(line).toMatch(/^"[^"]*"(,"[^"]*")*$/);
  expect(line).toContain(`,"Ada","Quote${marker}","ada-${marker}@clinic.example",`);
  expect(line).toContain('"hello;=1+1;@SUM(2+2)"');
  await staff.context().close();
});
