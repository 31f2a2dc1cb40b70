import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for Twilio's Messages API on 127.0.0.1, for the tests as
 * tests/support/smtp.ts is for mail: it checks what Twilio checks (the path,
 * HTTP Basic with the account SID and auth token, the form's required fields),
 * answers as Twilio does (201 with the message's JSON; errors as
 * {code, message, more_info, status}), keeps what it received, refuses a
 * number that replied STOP (21610) as Twilio's opt-out filtering does, and
 * can be told to fail. It also sends signed webhooks (a reply to our number)
 * the way Twilio signs them. Its signing is written here from Twilio's
 * documentation, apart from the application's, so a test of one against the
 * other means something.
 */

export type ReceivedSms = {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  statusCallback: string | null;
  /** Every form parameter, as received. */
  params: URLSearchParams;
};

/** Failures the stand-in can be told to answer with. */
export type SmsFault = "rate-limit" | "server-error" | "unsubscribed" | "invalid-number";

const FAULTS: Record<SmsFault, { status: number; code: number; message: string; retryAfter?: string }> = {
  "rate-limit": { status: 429, code: 20429, message: "Too Many Requests", retryAfter: "1" },
  "server-error": { status: 500, code: 20500, message: "Internal Server Error" },
  unsubscribed: { status: 400, code: 21610, message: "Attempt to send to unsubscribed recipient" },
  "invalid-number": { status: 400, code: 21211, message: "Invalid 'To' Phone Number" },
};

const hex = (bytes: number) => randomBytes(bytes).toString("hex");
const OPT_OUT = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "REVOKE", "OPTOUT"]);
const OPT_IN = new Set(["START", "YES", "UNSTOP"]);

/** Twilio's webhook signature, from its documentation: URL, then name+value of each parameter sorted by name; HMAC-SHA1, base64. */
export function signTwilioWebhook(authToken: string, url: string, params: URLSearchParams): string {
  const pairs = [...params].sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1));
  const seen = new Set<string>();
  let data = url;
  for (const [name, value] of pairs) {
    if (seen.has(`${name}\u0000${value}`)) continue;
    seen.add(`${name}\u0000${value}`);
    data += name + value;
  }
  return createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

export type InboundOptions = {
  from: string;
  body: string;
  /** Our number (default: the stand-in's sender). */
  to?: string;
  /** "valid" (default), "wrong-token" (signed with another token), "tampered" (signed, then the body changed) or "none". */
  signature?: "valid" | "wrong-token" | "tampered" | "none";
  /** The address the signature is made for, when it differs from where the request goes (a proxy's public URL). */
  signedUrl?: string;
  /** More parameters (OptOutType, ...). */
  extra?: Record<string, string>;
};

export type SmsProviderServer = {
  /** TWILIO_BASE_URL for the client: http://127.0.0.1:PORT */
  baseUrl: string;
  port: number;
  accountSid: string;
  authToken: string;
  /** The sending number the account owns (TWILIO_FROM). */
  from: string;
  /** Texts accepted, in order. */
  messages: ReceivedSms[];
  /** Requests refused, with the answer's status and Twilio code. */
  refusals: { status: number; code: number }[];
  /** Numbers that replied STOP: a text to them answers 21610 until they reply START. */
  optedOut: Set<string>;
  /** Answer the next `times` sends with this failure. */
  fail(fault: SmsFault, times?: number): void;
  /** The variables that point the application at this stand-in. */
  env(): Record<string, string>;
  /** Sends a text "from a phone" to our number's webhook at `url`, signed as Twilio signs. */
  inbound(url: string, options: InboundOptions): Promise<{ status: number; contentType: string | null; body: string }>;
  /** The first text to `to` that arrives within `timeoutMs`. */
  waitForMessage(to: string, timeoutMs?: number): Promise<ReceivedSms>;
  stop(): Promise<void>;
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function rfc2822(date: Date): string {
  return date.toUTCString().replace("GMT", "+0000");
}

export async function startSmsProvider(port = 0): Promise<SmsProviderServer> {
  const accountSid = `AC${hex(16)}`;
  const authToken = hex(16);
  const from = "+16025550100";
  const messages: ReceivedSms[] = [];
  const refusals: { status: number; code: number }[] = [];
  const optedOut = new Set<string>();
  const faults: SmsFault[] = [];
  const waiting: { to: string; resolve: (m: ReceivedSms) => void }[] = [];

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", ...headers });
    res.end(JSON.stringify(body));
  };
  const refuse = (res: ServerResponse, status: number, code: number, message: string, headers: Record<string, string> = {}) => {
    refusals.push({ status, code });
    json(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }, headers);
  };

  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://stand-in").pathname;
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
    if (!match) return refuse(res, 404, 20404, "The requested resource was not found");
    if (req.method !== "POST") return refuse(res, 405, 20004, "Method not allowed");
    const [scheme, credentials] = (req.headers.authorization ?? "").split(" ");
    const [user, password] = scheme === "Basic" && credentials ? Buffer.from(credentials, "base64").toString("utf8").split(":") : [];
    if (user !== accountSid || password !== authToken) return refuse(res, 401, 20003, "Authenticate", { "WWW-Authenticate": 'Basic realm="Twilio API"' });
    if (decodeURIComponent(match[1]!) !== accountSid) return refuse(res, 404, 20404, "The requested resource was not found");
    if (!(req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded")) return refuse(res, 400, 20001, "Content-Type must be form-encoded");
    const params = new URLSearchParams(await readBody(req));
    const to = params.get("To");
    const body = params.get("Body");
    const sender = params.get("From");
    const service = params.get("MessagingServiceSid");
    if (!to) return refuse(res, 400, 21604, "A 'To' phone number is required.");
    if (!sender && !service) return refuse(res, 400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required to send a message.");
    if (!body) return refuse(res, 400, 21602, "Message body is required.");
    // E.164, and for +1 the ten digits of the North American plan.
    if (!/^(\+1\d{10}|\+[2-9]\d{6,14})$/.test(to)) return refuse(res, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (sender && sender !== from) return refuse(res, 400, 21659, `'From' ${sender} is not a Twilio phone number or Short Code country mismatch`);
    if (body.length > 1600) return refuse(res, 400, 21617, "The concatenated message body exceeds the 1600 character limit.");
    const callback = params.get("StatusCallback");
    if (callback && !URL.canParse(callback)) return refuse(res, 400, 21609, "Invalid StatusCallback url");
    const fault = faults.shift();
    if (fault) {
      const f = FAULTS[fault];
      return refuse(res, f.status, f.code, f.message, f.retryAfter ? { "Retry-After": f.retryAfter } : {});
    }
    if (optedOut.has(to)) return refuse(res, 400, 21610, "Attempt to send to unsubscribed recipient");
    const sid = `SM${hex(16)}`;
    const message: ReceivedSms = { sid, to, from: sender, messagingServiceSid: service, body, statusCallback: callback, params };
    messages.push(message);
    for (const w of waiting.filter((w) => w.to === to)) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve(message);
    }
    const now = rfc2822(new Date());
    json(res, 201, {
      account_sid: accountSid,
      api_version: "2010-04-01",
      body,
      date_created: now,
      date_sent: null,
      date_updated: now,
      direction: "outbound-api",
      error_code: null,
      error_message: null,
      from: sender,
      messaging_service_sid: service,
      num_media: "0",
      num_segments: String(Math.max(1, Math.ceil(body.length / 153))),
      price: null,
      price_unit: "USD",
      sid,
      status: service ? "accepted" : "queued",
      subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}/Media.json` },
      to,
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const actual = (server.address() as AddressInfo).port;
  const baseUrl = `http://127.0.0.1:${actual}`;

  return {
    baseUrl,
    port: actual,
    accountSid,
    authToken,
    from,
    messages,
    refusals,
    optedOut,
    fail(fault, times = 1) {
      for (let i = 0; i < times; i++) faults.push(fault);
    },
    env: () => ({ TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM: from, TWILIO_BASE_URL: baseUrl }),
    async inbound(url, { from: phone, body, to = from, signature = "valid", signedUrl = url, extra = {} }) {
      const sid = `SM${hex(16)}`;
      const params = new URLSearchParams({
        ToCountry: "US",
        ToState: "AZ",
        SmsMessageSid: sid,
        NumMedia: "0",
        ToCity: "PHOENIX",
        FromZip: "",
        SmsSid: sid,
        FromState: "AZ",
        SmsStatus: "received",
        FromCity: "",
        Body: body,
        FromCountry: "US",
        To: to,
        ToZip: "",
        NumSegments: "1",
        MessageSid: sid,
        AccountSid: accountSid,
        From: phone,
        ApiVersion: "2010-04-01",
        ...extra,
      });
      // Twilio's own opt-out filtering: it takes note whatever the application answers.
      const word = body.trim().toUpperCase();
      if (signature === "valid" && OPT_OUT.has(word)) optedOut.add(phone);
      if (signature === "valid" && OPT_IN.has(word)) optedOut.delete(phone);
      const headers: Record<string, string> = {
        "Content-Type": "application/x-www-form-urlencoded",
        "User-Agent": "TwilioProxy/1.1",
        "I-Twilio-Idempotency-Token": randomBytes(16).toString("hex"),
      };
      if (signature !== "none") headers["X-Twilio-Signature"] = signTwilioWebhook(signature === "wrong-token" ? hex(16) : authToken, signedUrl, params);
      if (signature === "tampered") params.set("Body", `${body} `);
      const response = await fetch(url, { method: "POST", headers, body: params.toString(), redirect: "manual" });
      return { status: response.status, contentType: response.headers.get("content-type"), body: await response.text() };
    },
    waitForMessage(to, timeoutMs = 5_000) {
      const found = messages.find((m) => m.to === to);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const entry = { to, resolve: (m: ReceivedSms) => (clearTimeout(timer), resolve(m)) };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(entry), 1);
          reject(new Error(`no text to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.push(entry);
      });
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
