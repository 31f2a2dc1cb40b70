import { z } from "zod";
import { allowedHostsOf, siteOriginOf } from "~/.server/http/hosts";
import { isLoopbackHost } from "~/.server/mail/transport";
import { frameOrigins } from "~/.server/http/security-headers";
import { productUrlVariable, type SiteConfig } from "~/config/site";
import { products } from "~/content/products";
import { parseChatHours } from "~/lib/chat";

const validTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/**
 * The only reader of the environment (ESLint refuses `process.env` anywhere
 * else in app/ and in server.ts). Parsed with zod once, at start: a malformed
 * value stops the start with a message that names it.
 */

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.string().url().optional())
  .optional();

const optionalEmail = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.email().optional())
  .optional();

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

/** An address the site links to or frames: http or https only (a `javascript:` link would run in our pages). */
const optionalWebAddress = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.url({ protocol: /^https?$/, message: "must be an http or https address" }).optional())
  .optional();

/** A text shown on the site: `fallback` when unset or blank. */
const textOr = (fallback: string, max = 200) =>
  z
    .string()
    .trim()
    .transform((v) => v || fallback)
    .pipe(z.string().max(max))
    .default(fallback);

/** PRODUCT_URL_<SLUG> for each product of the catalogue (content/products.ts): its external Learn More page. */
const productUrlVariables = Object.fromEntries(products.map((p) => [productUrlVariable(p.slug), optionalWebAddress])) as Record<
  `PRODUCT_URL_${string}`,
  typeof optionalWebAddress
>;

/** An optional value that, when set, must match `pattern` (`message` says how). */
const optionalMatching = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(z.string().regex(pattern, message).optional())
    .optional();

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** pino's level; silent under tests, info otherwise. */
  LOG_LEVEL: z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional())
    .optional(),
  /** How long a stopping server keeps taking connections while open ones finish, in milliseconds. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(5_000),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  /** Where the public pages are also written as files, with a manifest of their headers, for a front server to answer them itself. */
  PAGE_FILES_DIR: optionalText,
  /** The committed migrations (drizzle/), when they are not found beside the code. */
  MIGRATIONS_DIR: optionalText,
  DATABASE_URL: optionalUrl,
  /** A streaming replica of DATABASE_URL's server: pages that only read and may be a moment behind read it (ignored on the embedded database). */
  DATABASE_REPLICA_URL: optionalUrl,
  /** Beyond this lag (ms) the replica is not read: every read goes to the primary. */
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).default(5_000),
  /** The origin every absolute link is written with (mails, sitemap, robots.txt); http://localhost:PORT when unset. */
  PUBLIC_URL: optionalUrl,
  /** Further Host names the site answers to (comma-separated `name` or `name:port`), besides PUBLIC_URL's and the loopback names on PORT. */
  ALLOWED_HOSTS: z.string().trim().default(""),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().trim().min(3).default("Cardinal Biologics <no-reply@cardinalbiologics.example>"),
  COMPANY_EMAIL: optionalEmail,
  CAREERS_EMAIL: optionalEmail,
  /** The site's facts (siteConfig()): who the company is and how to reach it. */
  COMPANY_NAME: textOr("Cardinal Biologics"),
  /** Shown and dialled (tel: links keep its digits and +). */
  COMPANY_PHONE: textOr("(602) 555-0142", 40).pipe(z.string().regex(/^\+?(?:[\s().-]*\d){7,15}[\s().-]*$/, "a phone number: 7 to 15 digits, with spaces, ( ) . - and a leading +")),
  SUPPORT_EMAIL: optionalEmail,
  COMPANY_STREET: textOr("2400 E Camelback Rd, Suite 300"),
  COMPANY_CITY: textOr("Phoenix"),
  COMPANY_REGION: textOr("AZ"),
  COMPANY_POSTAL_CODE: textOr("85016", 20),
  COMPANY_COUNTRY: textOr("USA"),
  TISSUE_LICENSE_NUMBER: textOr("AZ-HCT-2019-0417", 60),
  /** The ordering page's live portal demo (a frame), the previous portal's views (links) and the payment processor. */
  PORTAL_DEMO_URL: optionalWebAddress,
  PORTAL_STATUS_URL: optionalWebAddress,
  PORTAL_IVR_URL: optionalWebAddress,
  PORTAL_ORDER_URL: optionalWebAddress,
  PORTAL_INVOICE_URL: optionalWebAddress,
  ...productUrlVariables,
  MAIL_TO_CONTACT: optionalEmail,
  MAIL_TO_INTAKE: optionalEmail,
  MAIL_TO_APPLICATION: optionalEmail,
  MAIL_TO_CALLBACK: optionalEmail,
  /** Form submissions allowed per client address per minute. */
  FORM_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** How often the mail worker looks for due mail, in milliseconds. */
  MAIL_POLL_MS: z.coerce.number().int().min(50).default(2_000),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /** Seconds a worker holds a claimed mail: a process that dies mid-send frees it after this long. */
  MAIL_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  /** Days a sent notification keeps its body (full form contents); who, what kind and when stay. */
  MAIL_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** How often each process's job worker looks for due jobs, in milliseconds (an enqueue wakes every worker at once anyway). */
  JOB_POLL_MS: z.coerce.number().int().min(50).default(5_000),
  /** Jobs one process runs at once. */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /** Seconds a claimed job is held, renewed while it runs: a process that dies mid-job frees it after this long. */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  /** Days a finished (done or cancelled) job is kept; failed jobs stay until staff retry or cancel them. */
  JOB_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(14),
  /** Secret that signs session cookies; generated into DATA_DIR when unset. */
  AUTH_SECRET: optionalText.pipe(z.string().min(32).optional()),
  /** Key of patient data (32 bytes, hex or base64). Required with DATABASE_URL; generated into DATA_DIR on the embedded database. */
  PHI_KEY: optionalText,
  /** Older patient-data keys (comma-separated) that still open values during a rotation. */
  PHI_PREVIOUS_KEYS: z.string().trim().optional(),
  /** A session ends after this many idle minutes... */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(30),
  /** ...and after this many hours in all. */
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(12),
  /** Sign-in attempts allowed per minute for one account from one address (others' guesses never pause the owner's)... */
  SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  /** ...and from one client address, whatever the account (an office may share one). */
  SIGN_IN_ADDRESS_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Who answers eligibility checks: `core` (a CAQH CORE real-time endpoint), `stedi` (Stedi's JSON API); unset: no checks. */
  ELIGIBILITY_CONNECTOR: z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(z.enum(["core", "stedi"]).optional())
    .optional(),
  ELIGIBILITY_CORE_URL: optionalUrl,
  ELIGIBILITY_CORE_USER: optionalText,
  ELIGIBILITY_CORE_PASSWORD: optionalText,
  /** The CORE envelope's SenderID and ReceiverID, also the 270's ISA06 and ISA08 (at most 15 characters). */
  ELIGIBILITY_SENDER_ID: optionalText.pipe(z.string().max(15).optional()),
  ELIGIBILITY_RECEIVER_ID: optionalText.pipe(z.string().max(15).optional()),
  /** Stedi's eligibility endpoint (its v3 JSON address when unset) and API key. */
  ELIGIBILITY_STEDI_URL: optionalUrl,
  ELIGIBILITY_STEDI_KEY: optionalText,
  /** How long one check waits for the clearinghouse's answer (CORE asks real-time answers within 20 s). */
  ELIGIBILITY_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(30),
  /** An order placed from an IVR whose last answered check is older than this many days asks the payer again (without waiting for it). */
  ELIGIBILITY_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  /** Text messages through Twilio's Messages API: the account (AC…), its auth token and the sender. All three, or none (texts off). */
  TWILIO_ACCOUNT_SID: optionalMatching(/^AC[0-9a-fA-F]{32}$/, "an account SID is AC followed by 32 hexadecimal characters"),
  TWILIO_AUTH_TOKEN: optionalMatching(/^[0-9a-fA-F]{32}$/, "an auth token is 32 hexadecimal characters"),
  /** The sending number (+16025550142), short code, or Messaging Service (MG…). */
  TWILIO_FROM: optionalMatching(/^(\+[1-9]\d{6,14}|\d{5,6}|MG[0-9a-fA-F]{32})$/, "a number in E.164 form (+16025550142), a short code or a Messaging Service SID (MG…)"),
  /** Twilio's API origin (https://api.twilio.com); http only for a stand-in on this machine. */
  TWILIO_BASE_URL: optionalUrl,
  /** Live chat's business hours ("Mon-Fri 08:00-18:00", or "none"), their time zone, and extra closed days (YYYY-MM-DD, comma-separated); content/chat.ts by default. */
  CHAT_HOURS: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || parseChatHours(v) !== null, 'days and hours as "Mon-Fri 08:00-18:00", or "none"'),
  CHAT_TIME_ZONE: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || validTimeZone(v), "an IANA time zone such as America/New_York"),
  CHAT_HOLIDAYS: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.split(/\s*,\s*/).filter(Boolean) : []))
    .refine((days) => days.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d)), "dates as YYYY-MM-DD, separated by commas"),
}).superRefine((e, ctx) => {
  // A chosen connector needs its settings: say which are missing at start, not at the first check.
  const needed: Record<string, readonly (keyof typeof e)[]> = {
    core: ["ELIGIBILITY_CORE_URL", "ELIGIBILITY_CORE_USER", "ELIGIBILITY_CORE_PASSWORD", "ELIGIBILITY_SENDER_ID", "ELIGIBILITY_RECEIVER_ID"],
    stedi: ["ELIGIBILITY_STEDI_KEY"],
  };
  for (const name of e.ELIGIBILITY_CONNECTOR ? needed[e.ELIGIBILITY_CONNECTOR]! : []) {
    if (!e[name]) ctx.addIssue({ code: "custom", path: [name], message: `required when ELIGIBILITY_CONNECTOR is ${e.ELIGIBILITY_CONNECTOR}` });
  }
});

export type Env = z.infer<typeof schema>;

/** Parses the environment once; a malformed value stops the start with its name. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  const sms = twilioProblems(result.data);
  if (sms.length) throw new Error(`Invalid environment: ${sms.join("; ")}`);
  return result.data;
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}

/** The level the process logs at: LOG_LEVEL, or silent under tests and info otherwise. */
export function logLevel(): string {
  const e = env();
  return e.LOG_LEVEL ?? (e.NODE_ENV === "test" ? "silent" : "info");
}

/** The Host names the site answers to: PUBLIC_URL's, ALLOWED_HOSTS and the loopback names on PORT. */
export function allowedHosts(): Set<string> {
  const e = env();
  return allowedHostsOf({ PUBLIC_URL: e.PUBLIC_URL, ALLOWED_HOSTS: e.ALLOWED_HOSTS, PORT: String(e.PORT) });
}

/** The origins of the configured embedded views (the ordering page's demo): the only frames a page may show. */
export function embedFrameOrigins(): string[] {
  return frameOrigins([siteConfig().portalDemoUrl]);
}

/** The site's facts from parsed settings: what siteConfig() answers. */
export function siteConfigOf(e: Env): SiteConfig {
  const email = e.COMPANY_EMAIL ?? "info@cardinalbiologics.example";
  // Checked by the schema; named after the catalogue's slugs, so read by name.
  const parsed: Record<string, unknown> = e;
  const productUrls: Record<string, string> = {};
  for (const { slug } of products) {
    const url = parsed[productUrlVariable(slug)];
    if (typeof url === "string") productUrls[slug] = url;
  }
  return {
    companyName: e.COMPANY_NAME,
    phone: e.COMPANY_PHONE,
    email,
    careersEmail: e.CAREERS_EMAIL ?? "careers@cardinalbiologics.example",
    supportEmail: e.SUPPORT_EMAIL ?? email,
    address: { street: e.COMPANY_STREET, city: e.COMPANY_CITY, region: e.COMPANY_REGION, postalCode: e.COMPANY_POSTAL_CODE, country: e.COMPANY_COUNTRY },
    tissueLicenseNumber: e.TISSUE_LICENSE_NUMBER,
    portalDemoUrl: e.PORTAL_DEMO_URL ?? null,
    portalFrames: { status: e.PORTAL_STATUS_URL ?? null, ivr: e.PORTAL_IVR_URL ?? null, order: e.PORTAL_ORDER_URL ?? null, invoice: e.PORTAL_INVOICE_URL ?? null },
    productUrls,
  };
}

let site: SiteConfig | undefined;
/** Site facts (company, contact, portal frames, product pages), read once. */
export function siteConfig(): SiteConfig {
  site ??= siteConfigOf(env());
  return site;
}

/**
 * The configured origin of every absolute link the site writes: PUBLIC_URL, or http://localhost:PORT.
 * Read afresh each call, like mailDeliveryOff() below, so tests may stub PUBLIC_URL.
 */
export function siteOrigin(): string {
  return siteOriginOf(process.env);
}

/**
 * True when the site is served over https (PUBLIC_URL says so): its cookies
 * are Secure and every answer carries HSTS. Without it (a local trial on
 * http://localhost:PORT) neither, so the two always agree.
 */
export function siteIsHttps(): boolean {
  return siteOrigin().startsWith("https:");
}

/**
 * True when SMTP_URL is unset: mail waits in the outbox and nothing is sent.
 * Read afresh each call (not through the cached env()), so what the console
 * says always matches the environment it runs in, tests' stubs included.
 */
export function mailDeliveryOff(): boolean {
  return !process.env.SMTP_URL?.trim();
}

/**
 * True when ELIGIBILITY_CONNECTOR names a connector, read afresh each call
 * (like mailDeliveryOff): what is enqueued, what the worker sends and what
 * the console says agree with the environment, tests' stubs included.
 */
export function eligibilityConfigured(): boolean {
  return Boolean(process.env.ELIGIBILITY_CONNECTOR?.trim());
}

/**
 * True when Twilio's account, token and sender are set (texts are on), read
 * afresh each call (like mailDeliveryOff), tests' stubs included.
 */
export function twilioConfigured(): boolean {
  return Boolean(process.env.TWILIO_ACCOUNT_SID?.trim() && process.env.TWILIO_AUTH_TOKEN?.trim() && process.env.TWILIO_FROM?.trim());
}

/**
 * Twilio's variables go together: a part of them would leave texts half on.
 * The auth token travels with every request, so the API is reached over
 * HTTPS, except a stand-in on this machine.
 */
function twilioProblems(e: Env): string[] {
  const names = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"] as const;
  const missing = names.filter((name) => !e[name]);
  const problems: string[] = [];
  if (missing.length > 0 && missing.length < names.length) problems.push(`${missing.join(", ")}: required with ${names.filter((n) => e[n]).join(", ")}`);
  if (e.TWILIO_BASE_URL) {
    const url = new URL(e.TWILIO_BASE_URL);
    if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopbackHost(url.hostname)))
      problems.push("TWILIO_BASE_URL: must be https (http only for localhost, 127.0.0.1 or ::1)");
  }
  return problems;
}

/**
 * Live chat's hours (CHAT_HOURS, CHAT_TIME_ZONE, CHAT_HOLIDAYS; checked at
 * start by the schema), read afresh each call, like siteOrigin(), so tests
 * may stub them. Unset: content/chat.ts.
 */
export function chatSettings(): { hours?: string; timeZone?: string; holidays: string[] } {
  const e = process.env;
  return {
    hours: e.CHAT_HOURS?.trim() || undefined,
    timeZone: e.CHAT_TIME_ZONE?.trim() || undefined,
    holidays: (e.CHAT_HOLIDAYS ?? "")
      .split(",")
      .map((d) => d.trim())
      .filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d)),
  };
}
