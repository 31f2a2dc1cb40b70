import { expect, test } from "@playwright/test";

test("oversized, unlengthed and wrongly typed bodies are refused and the server stays up", async ({ request, baseURL }) => {
  const big = await request.post("/contact", {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: Buffer.alloc(50 * 1024 * 1024, 0x61),
    failOnStatusCode: false,
  });
  expect(big.status()).toBe(413);

  const json = await request.post("/intake", { data: { firstName: "x" }, failOnStatusCode: false, headers: { "X-Resend": "1" } });
  expect(json.status()).toBe(415);

  // A chunked body without a length.
  const { request: rawRequest } = await import("node:http");
  const status = await new Promise<number>((resolve, reject) => {
    const url = new URL("/contact", baseURL);
    const req = rawRequest(url, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.write("firstName=a");
    req.end();
  });
  expect(status).toBe(411);

  const health = await request.get("/healthz");
  expect(health.status()).toBe(200);
  expect((await request.get("/readyz")).status()).toBe(200);
});
