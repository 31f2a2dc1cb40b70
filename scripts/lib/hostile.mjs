// A corpus of hostile requests against every action of the site. Each one
// must be refused with a 4xx and leave nothing stored. Sent with node:http so
// that headers and bodies are exactly as written (no client fixes them up).
import { spawn } from "node:child_process";
import http from "node:http";

const SQL = [
  "' OR '1'='1",
  "'; DROP TABLE submissions; --",
  "\" OR 1=1 --",
  "1; SELECT pg_sleep(5)--",
  "' UNION SELECT email, password FROM \"user\"--",
  "admin'--",
  "1' AND (SELECT COUNT(*) FROM outbox) > 0 --",
  "'); INSERT INTO \"user\"(email) VALUES('x@x.x');--",
];
const SCRIPT = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "\"><svg onload=alert(1)>",
  "<iframe src=javascript:alert(1)>",
  "<a href=\"javascript:alert(1)\">x</a>",
  "</textarea><script>fetch('//evil.example')</script>",
];

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const POLYGLOTS = [
  ["gif-script.pdf", "application/pdf", Buffer.from("GIF89a/*<script>alert(1)</script>*/")],
  ["page.pdf", "application/pdf", Buffer.from("<!doctype html><script>alert(1)</script>")],
  ["setup.pdf", "application/pdf", Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00this program cannot be run in DOS mode")],
  ["shell.doc", "application/msword", Buffer.from("#!/bin/sh\nrm -rf /\n")],
  ["archive.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", Buffer.from("PK\x03\x04\x14\x00\x00\x00evil.sh")],
  ["image.svg.pdf", "application/pdf", Buffer.from("<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>")],
  ["photo.pdf", "application/pdf", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46])],
  ["empty.pdf", "application/pdf", Buffer.alloc(0)],
];
const TRAVERSAL = ["../../etc/passwd.pdf", "..\\..\\windows\\win.ini.pdf", "/etc/shadow.pdf", "a/../../b.pdf", "resume\u0000.pdf", "..", "C:\\Users\\x\\resume.pdf", "resume\r\n.pdf"];
// Bytes that are not UTF-8: a lone continuation byte, a truncated sequence, an overlong slash, a surrogate.
const BAD_UTF8 = ["%C3%28", "%80", "%E2%82", "%C0%AF", "%ED%A0%80", "%FF%FE"];

const form = (fields) => new URLSearchParams(fields).toString();

const person = { firstName: "Hostile", lastName: "Tester", email: "hostile@test.example", phone: "602 555 0100" };
const valid = {
  "/contact": { ...person, company: "Clinic", message: "Please call me about grafts." },
  "/intake": { ...person, organization: "Clinic", role: "physician", query: "Pricing please." },
  "/partner-callback": { ...person, experience: "3-5", bestTimeToCall: "morning" },
  "/auth": { email: "hostile@test.example", password: "not-the-password" },
  "/forgot-password": { email: "hostile@test.example" },
  "/set-password?token=aaaaaaaaaaaaaaaaaaaaaaaa": { token: "aaaaaaaaaaaaaaaaaaaaaaaa", password: "Valid-Passw0rd-123", confirm: "Valid-Passw0rd-123" },
  "/sign-out": {},
};
const TEXT_ACTIONS = Object.keys(valid);

function multipart(parts, boundary = "----hostile7MA4YWxkTrZu0gW") {
  const chunks = [];
  for (const p of parts) {
    const disposition = p.filename !== undefined ? `form-data; name="${p.name}"; filename="${p.filename}"` : `form-data; name="${p.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ""}\r\n`));
    chunks.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

const application = {
  firstName: "Hostile",
  lastName: "Tester",
  email: "hostile@test.example",
  phone: "602 555 0100",
  positionAppliedFor: "administrative-executive",
};
function applicationParts({ fields = {}, resume = { filename: "resume.pdf", type: "application/pdf", value: PDF }, documents = [] } = {}) {
  const parts = Object.entries({ ...application, ...fields }).map(([name, value]) => ({ name, value }));
  if (resume) parts.push({ name: "resume", ...resume });
  for (const d of documents) parts.push({ name: "documents", ...d });
  return multipart(parts);
}

/**
 * The corpus. `origin` is the site's own origin; `staffCookie` a signed-in
 * staff member's cookie, for the console's actions; `submissionId` and
 * `mailId` real ids to aim at.
 */
export function hostileCorpus({ origin, staffCookie, submissionId }) {
  const list = [];
  const add = (name, path, { method = "POST", headers = {}, body = "", type = "application/x-www-form-urlencoded", own = true } = {}) => {
    const h = { ...headers };
    if (type) h["content-type"] = type;
    if (own && !("origin" in h) && !("referer" in h)) h.origin = origin;
    h["x-resend"] = "1";
    list.push({ name, method, path, headers: h, body: Buffer.isBuffer(body) ? body : Buffer.from(body) });
  };
  const staff = { cookie: staffCookie };
  const consoleActions = {
    [`/admin/submissions/${submissionId}`]: { intent: "status", status: "closed" },
    "/admin/outbox": { intent: "retry", mailId: "00000000-0000-4000-8000-000000000000" },
    "/admin/users": { intent: "invite", email: "new@test.example", role: "member" },
  };
  const everyAction = [...TEXT_ACTIONS, "/apply", ...Object.keys(consoleActions)];

  // Cross-site and header-less state changes.
  for (const path of everyAction) {
    const body = form(valid[path] ?? consoleActions[path] ?? {});
    const headers = consoleActions[path] ? staff : {};
    add(`forged Origin ${path}`, path, { headers: { ...headers, origin: "https://evil.example" }, body });
    add(`Origin null ${path}`, path, { headers: { ...headers, origin: "null" }, body });
    add(`no Origin or Referer ${path}`, path, { headers, body, own: false });
    add(`foreign Referer ${path}`, path, { headers: { ...headers, referer: "https://evil.example/form" }, body });
    add(`look-alike Origin ${path}`, path, { headers: { ...headers, origin: `${origin}.evil.example` }, body });
  }
  // Wrong content types.
  for (const path of [...TEXT_ACTIONS, ...Object.keys(consoleActions)]) {
    const headers = consoleActions[path] ? staff : {};
    const fields = valid[path] ?? consoleActions[path];
    add(`JSON body ${path}`, path, { headers, type: "application/json", body: JSON.stringify(fields) });
    add(`text/plain body ${path}`, path, { headers, type: "text/plain", body: form(fields) });
    add(`XML body ${path}`, path, { headers, type: "application/xml", body: "<?xml version='1.0'?><!DOCTYPE x [<!ENTITY e SYSTEM 'file:///etc/passwd'>]><x>&e;</x>" });
    add(`no content type ${path}`, path, { headers, type: null, body: form(fields) });
  }
  for (const path of ["/contact", "/intake", "/partner-callback", "/auth"]) {
    const { body, type } = multipart(Object.entries(valid[path]).map(([name, value]) => ({ name, value })));
    add(`multipart to a text form ${path}`, path, { type, body });
  }
  add("urlencoded application", "/apply", { body: form(application) });
  add("JSON application", "/apply", { type: "application/json", body: JSON.stringify(application) });
  // Oversized bodies and fields.
  for (const path of ["/contact", "/intake", "/partner-callback", "/auth", "/forgot-password"]) {
    add(`100 KB body ${path}`, path, { body: form({ ...valid[path], padding: "x".repeat(100 * 1024) }) });
  }
  add("40 MB declared application", "/apply", { headers: { "content-length": String(40 * 1024 * 1024) }, type: "multipart/form-data; boundary=x", body: "--x--" });
  add("negative length", "/contact", { headers: { "content-length": "-1" }, body: "" });
  add("chunked 100 KB contact", "/contact", { headers: { "transfer-encoding": "chunked" }, body: form({ ...valid["/contact"], padding: "x".repeat(100 * 1024) }) });
  add("chunked application cut short", "/apply", { headers: { "transfer-encoding": "chunked" }, type: applicationParts().type, body: applicationParts().body.subarray(0, 300) });
  const long = "A".repeat(10_001);
  add("message over 10,000 characters", "/contact", { body: form({ ...valid["/contact"], message: long }) });
  add("first name of 500 characters", "/contact", { body: form({ ...valid["/contact"], firstName: "A".repeat(500) }) });
  add("email of 400 characters", "/intake", { body: form({ ...valid["/intake"], email: `${"a".repeat(390)}@x.example` }) });
  add("phone of 100 digits", "/partner-callback", { body: form({ ...valid["/partner-callback"], phone: "1".repeat(100) }) });
  add("query over 10,000 characters", "/intake", { body: form({ ...valid["/intake"], query: long }) });
  add("additional info over 10,000 characters", "/partner-callback", { body: form({ ...valid["/partner-callback"], additionalInfo: long }) });
  add("work description over 10,000 characters", "/apply", applicationParts({ fields: { "experience[0].company": "Clinic", "experience[0].position": "Manager", "experience[0].description": "B".repeat(10_001) } }));
  // Broken multipart.
  const good = applicationParts();
  add("multipart without boundary", "/apply", { type: "multipart/form-data", body: good.body });
  add("multipart with the wrong boundary", "/apply", { type: "multipart/form-data; boundary=other", body: good.body });
  add("multipart cut short", "/apply", { type: good.type, body: good.body.subarray(0, Math.floor(good.body.length / 2)) });
  add("multipart with no closing boundary", "/apply", { type: good.type, body: good.body.subarray(0, good.body.length - 20) });
  add("multipart of garbage", "/apply", { type: good.type, body: Buffer.from("\x00\x01\x02 not multipart at all") });
  add("multipart with an empty body", "/apply", { type: good.type, body: "" });
  // Path traversal and control characters in file names.
  for (const filename of TRAVERSAL) {
    add(`resume named ${JSON.stringify(filename)}`, "/apply", applicationParts({ resume: { filename, type: "application/pdf", value: PDF } }));
    add(`document named ${JSON.stringify(filename)}`, "/apply", applicationParts({ documents: [{ filename, type: "application/pdf", value: PDF }] }));
  }
  // Files that are not what they claim.
  for (const [filename, type, value] of POLYGLOTS) {
    add(`polyglot resume ${filename}`, "/apply", applicationParts({ resume: { filename, type, value } }));
    // A JPEG is a fine additional document, whatever it is called; the others are not.
    if (value[0] !== 0xff) {
      add(`polyglot document ${filename}`, "/apply", applicationParts({ documents: [{ filename: filename.replace(/\.\w+$/, ".png"), type: "image/png", value }] }));
    }
  }
  add("seven files", "/apply", applicationParts({ documents: Array.from({ length: 6 }, (_, i) => ({ filename: `d${i}.pdf`, type: "application/pdf", value: PDF })) }));
  add("no resume", "/apply", applicationParts({ resume: null }));
  // SQL injection where the value must be an address, a number or an option.
  for (const s of SQL) {
    add(`SQL in contact email: ${s}`, "/contact", { body: form({ ...valid["/contact"], email: s }) });
    add(`SQL in intake role: ${s}`, "/intake", { body: form({ ...valid["/intake"], role: s }) });
    add(`SQL in intake phone: ${s}`, "/intake", { body: form({ ...valid["/intake"], phone: s }) });
    add(`SQL in callback experience: ${s}`, "/partner-callback", { body: form({ ...valid["/partner-callback"], experience: s }) });
    add(`SQL in application position: ${s}`, "/apply", applicationParts({ fields: { positionAppliedFor: s } }));
    add(`SQL in sign-in email: ${s}`, "/auth", { body: form({ email: s, password: s }) });
    add(`SQL in reset email: ${s}`, "/forgot-password", { body: form({ email: s }) });
    add(`SQL in status: ${s}`, `/admin/submissions/${submissionId}`, { headers: staff, body: form({ intent: "status", status: s }) });
    add(`SQL in mail id: ${s}`, "/admin/outbox", { headers: staff, body: form({ intent: "retry", mailId: s }) });
    add(`SQL in the submission id: ${s}`, `/admin/submissions/${encodeURIComponent(s)}`, { headers: staff, body: form({ intent: "note", body: "hello" }) });
    add(`SQL in the set-password token: ${s}`, "/set-password?token=x", { body: form({ token: s, password: "Valid-Passw0rd-123", confirm: "Valid-Passw0rd-123" }) });
  }
  // Script injection in short fields.
  for (const s of SCRIPT) {
    add(`script in contact first name: ${s}`, "/contact", { body: form({ ...valid["/contact"], firstName: s }) });
    add(`script in contact company: ${s}`, "/contact", { body: form({ ...valid["/contact"], company: s }) });
    add(`script in intake organization: ${s}`, "/intake", { body: form({ ...valid["/intake"], organization: s }) });
    add(`script in callback territory: ${s}`, "/partner-callback", { body: form({ ...valid["/partner-callback"], territory: s }) });
    add(`script in application last name: ${s}`, "/apply", applicationParts({ fields: { lastName: s } }));
    add(`script in sign-in email: ${s}`, "/auth", { body: form({ email: s, password: "x" }) });
  }
  // Text that is not UTF-8.
  for (const bad of BAD_UTF8) {
    add(`invalid UTF-8 ${bad} in a message`, "/contact", { body: `${form({ ...valid["/contact"], message: "x" })}${bad}` });
    add(`invalid UTF-8 ${bad} in a name`, "/intake", { body: form(valid["/intake"]).replace("firstName=Hostile", `firstName=Ho${bad}`) });
    add(`invalid UTF-8 ${bad} in an application`, "/apply", {
      ...multipart([...Object.entries(application).map(([name, value]) => ({ name, value })), { name: "coverLetter", value: Buffer.from([0x61, 0xc3, 0x28, 0x62]) }, { name: "resume", filename: "r.pdf", type: "application/pdf", value: PDF }]),
    });
  }
  // The console: the wrong shape of request, the wrong role.
  add("unknown intent", `/admin/submissions/${submissionId}`, { headers: staff, body: form({ intent: "delete" }) });
  add("note over its limit", `/admin/submissions/${submissionId}`, { headers: staff, body: form({ intent: "note", body: "n".repeat(20_000) }) });
  add("status outside the list", `/admin/submissions/${submissionId}`, { headers: staff, body: form({ intent: "status", status: "deleted" }) });
  add("submission that does not exist", "/admin/submissions/00000000-0000-4000-8000-000000000000", { headers: staff, body: form({ intent: "note", body: "x" }) });
  add("path traversal as a submission id", "/admin/submissions/..%2F..%2Fetc%2Fpasswd", { headers: staff, body: form({ intent: "note", body: "x" }) });
  add("staff inviting a user", "/admin/users", { headers: staff, body: form({ intent: "invite", email: "x@test.example", role: "admin" }) });
  add("staff making themselves admin", "/admin/users", { headers: staff, body: form({ intent: "role", userId: "x", role: "admin" }) });
  return list;
}

/**
 * Forged hosts against a page and every action, each a request that would
 * otherwise succeed: the site's own body and an Origin matching the forged
 * host, so only the Host check stands between it and a stored row. Each must
 * get 421 (400 when there is no Host at all). `via` says where to send it:
 * "front" cases go to nginx and to each process, "process" cases only to the
 * processes (nginx drops a client's X-Forwarded-Host before it could matter).
 */
export function hostHeaderCases({ origin, staffCookie, submissionId }) {
  const list = [];
  const consoleActions = {
    [`/admin/submissions/${submissionId}`]: { intent: "status", status: "closed" },
    "/admin/outbox": { intent: "retry", mailId: "00000000-0000-4000-8000-000000000000" },
    "/admin/users": { intent: "invite", email: "new@test.example", role: "member" },
  };
  const requests = [
    { path: "/", method: "GET" },
    { path: "/apply", method: "GET" },
    { path: "/sitemap.xml", method: "GET" },
    ...TEXT_ACTIONS.map((path) => ({ path, method: "POST", ...formBody(valid[path]) })),
    { path: "/apply", method: "POST", ...applicationParts() },
    ...Object.entries(consoleActions).map(([path, fields]) => ({ path, method: "POST", cookie: staffCookie, ...formBody(fields) })),
  ];
  const own = new URL(origin).host;
  for (const r of requests) {
    const headers = (extra) => ({ ...(r.type ? { "content-type": r.type } : {}), ...(r.cookie ? { cookie: r.cookie } : {}), "x-resend": "1", ...extra });
    const body = r.body ?? Buffer.alloc(0);
    list.push({ name: `forged Host ${r.method} ${r.path}`, via: "front", method: r.method, path: r.path, body, headers: headers({ host: "evil.example", origin: "http://evil.example" }) });
    list.push({
      name: `forged X-Forwarded-Host ${r.method} ${r.path}`,
      via: "process",
      method: r.method,
      path: r.path,
      body,
      headers: headers({ host: own, "x-forwarded-host": "evil.example", origin }),
    });
  }
  return list;
}

function formBody(fields) {
  return { type: "application/x-www-form-urlencoded", body: Buffer.from(form(fields)) };
}

/**
 * The upload flood: bodies of 30 MB (under every declared limit) that no form
 * sends. "tiny parts" is a valid application followed by hundreds of
 * thousands of one-byte fields; "oversized file" is a valid application whose
 * resume is 30 MB. Each must be refused (413, or 429 past the rate limit)
 * the moment a limit is hit.
 */
export function uploadFlood({ origin, count = 30, bytes = 30 * 1024 * 1024 }) {
  const boundary = "----flood7MA4YWxkTrZu0gW";
  const head = multipart(Object.entries(application).map(([name, value]) => ({ name, value })), boundary).body;
  const end = Buffer.from(`--${boundary}--\r\n`);
  // The application's fields, without the closing boundary.
  const start = head.subarray(0, head.length - end.length);
  const tiny = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n`);
  const room = bytes - start.length - end.length;
  const tinyBody = Buffer.concat([start, Buffer.alloc(Math.floor(room / tiny.length) * tiny.length).fill(tiny), end]);
  const fileHead = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="resume.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`);
  const fileTail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const fileBody = Buffer.concat([start, fileHead, Buffer.alloc(bytes - start.length - fileHead.length - fileTail.length, 0x20), fileTail]);
  const type = `multipart/form-data; boundary=${boundary}`;
  return Array.from({ length: count }, (_, i) => {
    const tinyKind = i % 2 === 0;
    return {
      name: tinyKind ? "tiny parts" : "oversized file",
      method: "POST",
      path: "/apply",
      headers: { "content-type": type, origin, "x-resend": "1" },
      body: tinyKind ? tinyBody : fileBody,
    };
  });
}

/**
 * Sends `uploadFlood` bodies (`count` to each of `targets`, base URLs) all at
 * once from a separate process at low CPU priority: an attacker's machine
 * is not the server's, and the time it spends pushing 900 MB through this
 * one's CPUs is not time the server took. Resolves with each body's kind and
 * status.
 */
export function sendFlood(targets, { count = 15, bytes } = {}) {
  const code = `
    const { uploadFlood, sendRaw } = await import(${JSON.stringify(import.meta.url)});
    const targets = JSON.parse(process.argv[1]);
    const answers = await Promise.all(targets.flatMap((url) =>
      uploadFlood({ origin: url, count: ${Number(count)}${bytes ? `, bytes: ${Number(bytes)}` : ""} }).map(async (item) => ({ name: item.name, ...(await sendRaw(url, item)) })),
    ));
    process.stdout.write(JSON.stringify(answers));
  `;
  const child = spawn("nice", ["-n", "10", process.execPath, "--input-type=module", "-e", code, JSON.stringify(targets)], { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (chunk) => (out += chunk));
  return new Promise((resolve, reject) =>
    child.once("close", (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`the flood process exited with ${code}`)))),
  );
}

/**
 * Polls each of `urls` in turn, on a fresh connection each time as a load
 * balancer's probe does, from a separate process (so the time measured is
 * the server's, not this busy script's). `stop()` resolves with the number of
 * answers, the slowest and the 99th percentile in milliseconds, and the polls
 * that failed or got another status than 200.
 */
export function watchHealth(urls, { intervalMs = 20 } = {}) {
  const code = `
    const http = require("node:http");
    const urls = JSON.parse(process.argv[1]);
    const times = [];
    let failures = 0;
    let stopping = false;
    process.stdin.on("data", () => {});
    process.stdin.on("end", () => { stopping = true; });
    const once = (url) => new Promise((resolve) => {
      const started = process.hrtime.bigint();
      const req = http.get(url, { agent: false, timeout: 5000 }, (res) => {
        res.resume();
        res.on("end", () => {
          times.push(Number(process.hrtime.bigint() - started) / 1e6);
          if (res.statusCode !== 200) failures++;
          resolve();
        });
      });
      req.on("timeout", () => req.destroy());
      req.on("error", () => { failures++; resolve(); });
    });
    (async () => {
      // A few polls first, not counted: the first requests of a fresh process are slow on its side.
      for (let i = 0; i < 5; i++) for (const url of urls) await once(url);
      times.length = 0;
      failures = 0;
      process.stdout.write("ready\\n");
      while (!stopping) {
        for (const url of urls) await once(url);
        await new Promise((r) => setTimeout(r, ${intervalMs}));
      }
      times.sort((a, b) => a - b);
      const p99 = times[Math.min(times.length - 1, Math.floor(times.length * 0.99))] ?? 0;
      process.stdout.write(JSON.stringify({ polls: times.length, max: times.at(-1) ?? 0, p99, failures }) + "\\n");
    })();
  `;
  const child = spawn(process.execPath, ["-e", code, JSON.stringify(urls)], { stdio: ["pipe", "pipe", "inherit"] });
  let out = "";
  let markReady;
  const ready = new Promise((resolve) => (markReady = resolve));
  child.stdout.on("data", (chunk) => {
    out += chunk;
    if (out.startsWith("ready\n")) markReady();
  });
  child.once("close", () => markReady());
  const done = new Promise((resolve) =>
    child.once("close", () => {
      const last = out.trim().split("\n").at(-1);
      resolve(last?.startsWith("{") ? JSON.parse(last) : { polls: 0, max: 0, p99: 0, failures: 1 });
    }),
  );
  return {
    /** Resolves once the warm-up polls are done and every answer from now on counts. */
    ready,
    stop() {
      child.stdin.end();
      return done;
    },
  };
}

/** Sends one request exactly as given; resolves with the status, or "network" when the connection failed. */
export function sendRaw(url, { method, path, headers, body }) {
  const target = new URL(url);
  return new Promise((resolve) => {
    const chunked = headers["transfer-encoding"] === "chunked";
    const h = { ...headers };
    if (!chunked && !("content-length" in h) && method !== "GET") h["content-length"] = String(body.length);
    const req = http.request({ host: target.hostname, port: target.port, method, path, headers: h, timeout: 30_000 }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode, location: res.headers.location }));
    });
    req.on("error", () => resolve({ status: "network" }));
    req.on("timeout", () => req.destroy());
    if (chunked) {
      req.write(body);
      req.end();
    } else if (h["content-length"] !== String(body.length)) {
      // A declared length that is not the body's: send what we have and let the server answer.
      req.write(body.subarray(0, Math.min(body.length, 1024)));
      req.end();
    } else req.end(body);
  });
}
