import { createServer, type Server } from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  handleDeliveryReport,
  handleInboundSms,
  publicWebhookUrl,
  twilioProvider,
  type TwilioSettings,
  type WebhookRequest,
} from "~/.server/notifications";
import { signTwilioWebhook, startSmsProvider, type SmsProviderServer } from "../support/sms-provider";
import { freePort } from "../support/smtp";

/**
 * The Twilio client against the stand-in of Twilio's Messages API, and the
 * webhook handling behind a real HTTP listener, as the route will use it,
 * with the stand-in sending the texts a phone would.
 */

const SITE = { companyName: "Cardinal Biologics", phone: "(602) 555-0142" };
const MEMBER = "+16025550142";

let twilio: SmsProviderServer;
let settings: TwilioSettings;

beforeAll(async () => {
  twilio = await startSmsProvider();
  settings = { accountSid: twilio.accountSid, authToken: twilio.authToken, from: twilio.from, baseUrl: twilio.baseUrl };
});
afterAll(() => twilio.stop());
afterEach(() => {
  twilio.messages.length = 0;
  twilio.refusals.length = 0;
  twilio.optedOut.clear();
});

describe("sending a text through Twilio's Messages API", () => {
  it("posts To, From and Body with the account's Basic auth and gets the message's sid and status", async () => {
    const result = await twilioProvider(settings).sendSms({ to: MEMBER, body: "Cardinal Biologics: IVR-000123 is now Covered. Sign in to see it.", idempotencyKey: "row-1" });
    expect(result).toEqual({ ok: true, providerId: expect.stringMatching(/^SM[0-9a-f]{32}$/), status: "queued" });
    expect(twilio.messages).toHaveLength(1);
    const [sent] = twilio.messages;
    expect(sent).toMatchObject({ to: MEMBER, from: twilio.from, messagingServiceSid: null, body: "Cardinal Biologics: IVR-000123 is now Covered. Sign in to see it.", statusCallback: null });
    expect(result.ok && result.providerId).toBe(sent!.sid);
    expect([...sent!.params.keys()].sort()).toEqual(["Body", "From", "To"]);
    expect(await twilio.waitForMessage(MEMBER)).toBe(sent);
  });

  it("sends through a Messaging Service as MessagingServiceSid, and asks for delivery reports tagged with the key", async () => {
    const service = `MG${"1".repeat(32)}`;
    const provider = twilioProvider({ ...settings, from: service }, { statusCallbackUrl: "https://portal.example.com/webhooks/sms/status" });
    const result = await provider.sendSms({ to: MEMBER, body: "Cardinal Biologics: ORD-000001 was delivered. Sign in to see it.", idempotencyKey: "3f1c7a2e" });
    expect(result).toMatchObject({ ok: true, status: "accepted" });
    expect(twilio.messages[0]).toMatchObject({ from: null, messagingServiceSid: service, statusCallback: "https://portal.example.com/webhooks/sms/status?key=3f1c7a2e" });
  });

  it("keeps a text for later when Twilio asks to slow down (429) or fails (500)", async () => {
    const provider = twilioProvider(settings);
    twilio.fail("rate-limit");
    expect(await provider.sendSms({ to: MEMBER, body: "x", idempotencyKey: "k" })).toEqual({
      ok: false,
      kind: "unavailable",
      retryable: true,
      code: 20429,
      reason: "Twilio 20429: too many requests: Twilio asked us to slow down",
      retryAfterSeconds: 1,
    });
    twilio.fail("server-error");
    expect(await provider.sendSms({ to: MEMBER, body: "x", idempotencyKey: "k" })).toMatchObject({ ok: false, kind: "unavailable", retryable: true, code: 20500 });
    expect(twilio.messages).toHaveLength(0);
    // And it goes once Twilio is well again.
    expect(await provider.sendSms({ to: MEMBER, body: "x", idempotencyKey: "k" })).toMatchObject({ ok: true });
  });

  it("gives up on a number that replied STOP (21610) and says it opted out", async () => {
    twilio.fail("unsubscribed");
    expect(await twilioProvider(settings).sendSms({ to: MEMBER, body: "x", idempotencyKey: "k" })).toEqual({
      ok: false,
      kind: "opted-out",
      retryable: false,
      code: 21610,
      reason: "Twilio 21610: the recipient replied STOP to our number",
    });
  });

  it("gives up on an invalid number (21211), without the number in the reason", async () => {
    const result = await twilioProvider(settings).sendSms({ to: "+1602555", body: "x", idempotencyKey: "k" });
    expect(result).toMatchObject({ ok: false, kind: "invalid-number", retryable: false, code: 21211 });
    expect(!result.ok && result.reason).not.toContain("602555");
    twilio.fail("invalid-number");
    expect(await twilioProvider(settings).sendSms({ to: MEMBER, body: "x", idempotencyKey: "k" })).toMatchObject({ kind: "invalid-number", retryable: false });
  });

  it("waits, rather than gives up, when Twilio refuses the credentials: the operator fixes them and the texts go", async () => {
    const result = await twilioProvider({ ...settings, authToken: "0".repeat(32) }).sendSms({ to: MEMBER, body: "x", idempotencyKey: "k" });
    expect(result).toMatchObject({ ok: false, kind: "unavailable", retryable: true, code: 20003, reason: "Twilio 20003: Twilio refused the account SID or auth token" });
    expect(twilio.refusals).toEqual([{ status: 401, code: 20003 }]);
  });

  it("refuses for good what Twilio will never take (a text over 1600 characters)", async () => {
    expect(await twilioProvider(settings).sendSms({ to: MEMBER, body: "x".repeat(1601), idempotencyKey: "k" })).toMatchObject({ kind: "refused", retryable: false, code: 21617 });
  });

  it("keeps a text for later when Twilio cannot be reached or does not answer in time", async () => {
    const closed = await freePort();
    expect(await twilioProvider({ ...settings, baseUrl: `http://127.0.0.1:${closed}` }).sendSms({ to: MEMBER, body: "x", idempotencyKey: "k" })).toMatchObject({
      ok: false,
      kind: "unavailable",
      retryable: true,
      reason: "Twilio could not be reached (ECONNREFUSED)",
    });
    // Takes the connection and never answers.
    const held: net.Socket[] = [];
    const silent = net.createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const port = (silent.address() as AddressInfo).port;
      const result = await twilioProvider({ ...settings, baseUrl: `http://127.0.0.1:${port}` }, { timeoutMs: 300 }).sendSms({ to: MEMBER, body: "x", idempotencyKey: "k" });
      expect(result).toMatchObject({ ok: false, kind: "unavailable", retryable: true, reason: "Twilio did not answer within 0.3 s" });
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

/** The route as the wiring will write it: the public URL, the headers and every form parameter. */
async function webhookServer(handle: (request: WebhookRequest) => { status: number; body: string; type?: string }) {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
      const answer = handle({ url: publicWebhookUrl(`http://${req.headers.host}${req.url}`, PUBLIC_ORIGIN), headers, form });
      res.writeHead(answer.status, answer.type ? { "Content-Type": answer.type } : {});
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const local = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { local, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** Twilio posts to the public address (behind a proxy); the process listens on another. */
const PUBLIC_ORIGIN = "https://portal.example.com";

describe("texts to our number (Twilio's signed webhook)", () => {
  const seen: { keyword: string | null; from: string | null }[] = [];
  let hook: Awaited<ReturnType<typeof webhookServer>>;

  beforeAll(async () => {
    hook = await webhookServer((request) => {
      const inbound = handleInboundSms(request, twilio.authToken, SITE);
      if (!inbound.accepted) return { status: inbound.status, body: "Signature refused" };
      seen.push({ keyword: inbound.keyword, from: inbound.from });
      return { status: 200, body: inbound.twiml, type: "text/xml" };
    });
  });
  afterAll(() => hook.close());
  afterEach(() => {
    seen.length = 0;
  });

  const inbound = (path: string, options: Parameters<SmsProviderServer["inbound"]>[1]) =>
    twilio.inbound(`${hook.local}${path}`, { signedUrl: `${PUBLIC_ORIGIN}${path}`, ...options });

  it("accepts a correctly signed STOP, records the opt-out and confirms it", async () => {
    const answer = await inbound("/webhooks/sms", { from: MEMBER, body: "STOP" });
    expect(answer.status).toBe(200);
    expect(answer.contentType).toBe("text/xml");
    expect(answer.body).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Message>Cardinal Biologics: you are unsubscribed and will receive no more texts. Reply START to resubscribe.</Message></Response>',
    );
    expect(seen).toEqual([{ keyword: "opt-out", from: MEMBER }]);
    // As Twilio does, the stand-in refuses texts to the number from now on.
    expect(await twilioProvider(settings).sendSms({ to: MEMBER, body: "x", idempotencyKey: "k" })).toMatchObject({ kind: "opted-out" });
  });

  it.each(["wrong-token", "tampered", "none"] as const)("refuses a STOP whose signature is %s, and records nothing", async (signature) => {
    const answer = await inbound("/webhooks/sms", { from: MEMBER, body: "STOP", signature });
    expect(answer.status).toBe(403);
    expect(seen).toEqual([]);
  });

  it("refuses a signature made for another address", async () => {
    const answer = await twilio.inbound(`${hook.local}/webhooks/sms`, { from: MEMBER, body: "STOP", signedUrl: `${hook.local}/webhooks/sms` });
    expect(answer.status).toBe(403);
  });

  it("checks a URL with a query string, signed with it", async () => {
    expect((await inbound("/webhooks/sms?account=main&v=2", { from: MEMBER, body: "stop" })).status).toBe(200);
    const moved = await twilio.inbound(`${hook.local}/webhooks/sms?account=main&v=2`, { from: MEMBER, body: "STOP", signedUrl: `${PUBLIC_ORIGIN}/webhooks/sms?account=main&v=3` });
    expect(moved.status).toBe(403);
    expect(seen).toEqual([{ keyword: "opt-out", from: MEMBER }]);
  });

  it("answers HELP with the company's name and phone, START with a confirmation, anything else with nothing", async () => {
    const help = await inbound("/webhooks/sms", { from: MEMBER, body: " help " });
    expect(help.body).toContain("Cardinal Biologics: IVR and order updates. Help: (602) 555-0142.");
    const start = await inbound("/webhooks/sms", { from: MEMBER, body: "Start" });
    expect(start.body).toContain("texts are on again");
    const other = await inbound("/webhooks/sms", { from: MEMBER, body: "Is my order on its way? Patient is Jane" });
    expect(other.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    expect(seen).toEqual([
      { keyword: "help", from: MEMBER },
      { keyword: "opt-in", from: MEMBER },
      { keyword: null, from: MEMBER },
    ]);
  });

  it("takes Twilio's own reading (Advanced Opt-Out's OptOutType) of a custom keyword", async () => {
    await inbound("/webhooks/sms", { from: MEMBER, body: "ARRET", extra: { OptOutType: "STOP" } });
    expect(seen).toEqual([{ keyword: "opt-out", from: MEMBER }]);
  });
});

describe("delivery reports", () => {
  it("reads a signed report with the key the text was sent with, and refuses an unsigned one", () => {
    const url = `${PUBLIC_ORIGIN}/webhooks/sms/status?key=3f1c7a2e`;
    const form = new URLSearchParams({ MessageSid: `SM${"a".repeat(32)}`, MessageStatus: "undelivered", ErrorCode: "30003", To: MEMBER, AccountSid: twilio.accountSid });
    const signed = { url, form, headers: { "X-Twilio-Signature": signTwilioWebhook(twilio.authToken, url, form) } };
    expect(handleDeliveryReport(signed, twilio.authToken)).toEqual({
      accepted: true,
      status: 204,
      key: "3f1c7a2e",
      providerId: `SM${"a".repeat(32)}`,
      messageStatus: "undelivered",
      final: true,
      failed: true,
      errorCode: 30003,
      optedOut: false,
    });
    expect(handleDeliveryReport({ ...signed, headers: {} }, twilio.authToken)).toMatchObject({ accepted: false, status: 403 });
  });
});
