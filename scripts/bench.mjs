// `npm run bench`: the site's figures, each beside a reference measured in the same run,
// printed as tables and summed up in one table at the end:
//   1. resident memory of one process on the embedded database at its first start (peak and
//      settled) and on a restart;
//   2. JavaScript and CSS (gzip) each public page loads in Chromium, against a bare React
//      Router 7 app built with the same packages (scripts/bench/bare-app);
//   3. throughput of / and /products from one process at 50 connections, against nginx
//      serving the same HTML as a file, and the CPU time one answer of / costs;
//   4. Lighthouse (mobile) for /, /products, /press, /intake and /auth, the median of 3 runs;
//   5. BENCH_SUBMISSIONS (5,000) contact submissions at 50 connections: the site with one
//      process on PostgreSQL against the floor (a bare node:http server writing the same rows
//      with pg, scripts/lib/floor-server.mjs) on the same server; the site on the embedded
//      database; two processes behind nginx; every 2xx must have exactly one stored row and
//      its two mails, nothing lost;
//   6. resident memory under sustained load: after each round of 1,000 submissions, 8 rounds;
//   7. finding a patient by part of the name, date of birth or member id in a practice of
//      10,000 patients (scripts/patient-search-cost.ts, on the embedded database): the
//      slowest query's median against 100 ms, beside opening every patient to match.
//   8. the portal and the console at scale (scripts/lib/scale-bench.mjs): a member's and staff's
//      pages at 50 connections on a year of 500 practices beside 20, the CSV export of 200,000
//      submissions, 1,000 open status streams, and two processes with a replica.
//   9. IVRs a member sends through the portal's form (scripts/lib/ivr-bench.mjs): IVRs sent per
//      second at 16 connections for 15 s with eligibility checks on (a CORE endpoint answering
//      in 300 ms) against checks off, one process on PostgreSQL; every IVR sent has one IVR row
//      and, with checks on, one check, answered within a minute.
// BENCH_ONLY=memory,bundles,throughput,lighthouse,load,patients,scale,ivrs runs a subset.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { gzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import autocannon from "autocannon";
import pg from "pg";
import { chromium } from "@playwright/test";
import { ensureDebianPackage } from "./lib/apt.mjs";
import { buildBareApp, serveFiles } from "./lib/bare-app.mjs";
import { ensureBuild } from "./lib/build.mjs";
import { startSmtpServer } from "../tests/support/smtp.ts";
import { cpuMilliseconds, residentBytes, startApp, startCluster, startNginx } from "./lib/cluster.mjs";
import { checkRun, sendContacts, storedFor } from "./lib/load.mjs";
import { startPostgres } from "./lib/postgres.mjs";
import { benchIvrs } from "./lib/ivr-bench.mjs";
import { benchScale } from "./lib/scale-bench.mjs";

const PORT = Number.parseInt(process.env.BENCH_PORT ?? "4300", 10);
const SUBMISSIONS = Number.parseInt(process.env.BENCH_SUBMISSIONS ?? "5000", 10);
const MEMORY_ROUNDS = 8;
const ROUND = Number.parseInt(process.env.BENCH_ROUND ?? "1000", 10);
const CONNECTIONS = 50;
const COMPANY = "inbox@company.example";
const only = new Set((process.env.BENCH_ONLY ?? "memory,bundles,throughput,lighthouse,load,patients,scale,ivrs").split(","));
// The parts that measure the process on the embedded database started below.
const embedded = ["memory", "bundles", "throughput", "lighthouse", "load"].some((part) => only.has(part));
const CHROMIUM = ensureDebianPackage(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", "chromium");
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--no-first-run"];

const PUBLIC_PAGES = ["/", "/products", "/services", "/insurance", "/support", "/compliance", "/ordering", "/press", "/intake", "/article/1", "/terms-of-service", "/careers", "/apply", "/partner-callback", "/auth"];
const ZERO_JS_PAGES = ["/products", "/services", "/insurance", "/compliance", "/ordering", "/press", "/article/1", "/careers", "/terms-of-service", "/support"];
const LIGHTHOUSE_PAGES = ["/", "/products", "/press", "/intake", "/auth"];

// Targets of the table.
const TARGET = {
  throughputShare: 0.5,
  jsOnHome: 120 * 1024,
  scriptsOnHome: 8,
  lighthouse: 100,
  lcpMs: 1200,
  submissionShare: 0.5,
  submissionP99: 100,
  patientSearchMs: 100,
  firstStartBytes: 400 * 1024 * 1024,
  flatGrowth: 0.05,
};
/** The LCP of the original site's architecture (a client-only SPA) rebuilt, as the issue measured it; not rebuilt here. */
const SPA_LCP_MS = 1960;

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const pct = (share) => `${Math.round(share * 100)} %`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const failures = [];
const summary = [];
function summarise(figure, now, reference, ratio, target, met) {
  summary.push([figure, now, reference, ratio, target, met === null ? "" : met ? "met" : "SHORT"]);
  if (met === false) failures.push(`${figure}: ${now}, target ${target}`);
}

function table(title, head, rows) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => `  ${cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join("  ")}`;
  console.log(`\n${title}`);
  console.log(line(head));
  console.log(`  ${widths.map((w) => "-".repeat(w)).join("  ")}`);
  for (const r of rows) console.log(line(r));
}

const work = mkdtempSync(path.join(tmpdir(), "site-bench-"));
const baseEnv = {
  FORM_RATE_LIMIT: "10000000",
  SIGN_IN_ADDRESS_RATE_LIMIT: "10000000",
  MAIL_TO_CONTACT: COMPANY,
  MAIL_POLL_MS: "500",
  LOG_LEVEL: "warn",
};

ensureBuild();
const smtp = await startSmtpServer();

/** Starts one process and samples its resident memory every 100 ms from its first moment; `peak` is the most it held until now. */
async function watchedApp(options) {
  let pid;
  let peak = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      if (pid) {
        const rss = residentBytes(pid);
        if (Number.isFinite(rss)) peak = Math.max(peak, rss);
      }
      await sleep(100);
    }
  })();
  const app = await startApp({ ...options, onSpawn: (p) => (pid = p) });
  return {
    app,
    peak: () => peak,
    async stopSampling() {
      sampling = false;
      await sampler;
    },
  };
}

// ---- 1. Memory of one process on the embedded database: first start, restart ----
const dataDir = path.join(work, "pglite");
const appOptions = { port: PORT + 1, env: { ...baseEnv, DATA_DIR: dataDir, SMTP_URL: smtp.url }, logFile: path.join(work, "server.log") };
const memoryRows = [];
if (embedded) {
  const first = await watchedApp(appOptions);
  await sleep(3000);
  const settled = residentBytes(first.app.pid);
  await first.stopSampling();
  memoryRows.push(["embedded database, first start: peak", first.peak()], ["embedded database, first start: settled", settled]);
  await first.app.stop();
  if (only.has("memory")) {
    const met = first.peak() <= TARGET.firstStartBytes && settled <= TARGET.firstStartBytes;
    summarise("RSS of one process at first start (embedded)", `peak ${mb(first.peak())}, settled ${mb(settled)}`, "PostgreSQL: see below", "", "≤ 400 MB", met);
  }
}
let app = embedded ? await startApp(appOptions) : null;
const site = `http://127.0.0.1:${PORT + 1}`;
if (app) {
  await sleep(2000);
  memoryRows.push(["embedded database, restart, idle", residentBytes(app.pid)]);
}

// ---- 2. JavaScript and CSS each page loads ----
if (only.has("bundles")) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  async function weigh(url, hydrated) {
    const context = await browser.newContext();
    const tab = await context.newPage();
    const bodies = [];
    tab.on("response", (response) => {
      const type = response.request().resourceType();
      if (type !== "script" && type !== "stylesheet") return;
      bodies.push(response.body().then((b) => ({ type, gzip: gzipSync(b).length, raw: b.length })));
    });
    await tab.goto(url, { waitUntil: "networkidle" });
    if (hydrated) await tab.waitForSelector("html[data-hydrated]");
    const loaded = await Promise.all(bodies);
    await context.close();
    const sum = (type, key) => loaded.filter((b) => b.type === type).reduce((n, b) => n + b[key], 0);
    return { scripts: loaded.filter((b) => b.type === "script").length, js: sum("script", "gzip"), raw: sum("script", "raw"), css: sum("stylesheet", "gzip") };
  }
  const rows = [];
  const weights = new Map();
  for (const page of PUBLIC_PAGES) {
    const w = await weigh(`${site}${page}`, !ZERO_JS_PAGES.includes(page));
    weights.set(page, w);
    rows.push([page, w.scripts, kb(w.js), kb(w.raw), kb(w.css)]);
  }
  const bare = await serveFiles(buildBareApp(), PORT + 40);
  const reference = await weigh(`${bare.url}/`, false);
  await bare.stop();
  await browser.close();
  rows.push(["bare React Router 7 app (reference)", reference.scripts, kb(reference.js), kb(reference.raw), "—"]);
  table("JavaScript and CSS each public page loads (gzip, 1 KB = 1,024 bytes)", ["page", "scripts", "JS gzip", "JS raw", "CSS gzip"], rows);
  const home = weights.get("/");
  summarise(
    "JavaScript on / (gzip)",
    `${kb(home.js)} in ${home.scripts} scripts`,
    `bare React Router 7 app: ${kb(reference.js)}`,
    `${(home.js / reference.js).toFixed(2)} ×`,
    "≤ 120 KB in ≤ 8 scripts",
    home.js <= TARGET.jsOnHome && home.scripts <= TARGET.scriptsOnHome,
  );
  const zero = ZERO_JS_PAGES.map((p) => weights.get(p));
  const most = Math.max(...zero.map((w) => w.js));
  summarise("JavaScript on the pages with nothing interactive but disclosures", `${kb(most)} at most, ${Math.max(...zero.map((w) => w.scripts))} scripts`, "plain HTML: 0", "", "0 KB", most === 0);
}

// ---- 3. Throughput of / and /products against nginx serving the same file ----
async function cannon(url, seconds = 8) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: { "accept-encoding": "gzip" } });
  const bad = result.non2xx + result.errors;
  if (bad) failures.push(`${url}: ${bad} failed answers under load`);
  return result;
}

if (only.has("throughput")) {
  const staticRoot = path.join(work, "static");
  mkdirSync(staticRoot);
  const pages = [
    ["/", "home.html"],
    ["/products", "products.html"],
  ];
  for (const [page, file] of pages) writeFileSync(path.join(staticRoot, file), await (await fetch(`${site}${page}`)).text());
  const nginx = await startNginx({ port: PORT, upstreams: [app.port], staticRoot, gzip: true });
  const rows = [];
  for (const [page, file] of pages) {
    // Warm up both, then measure.
    await autocannon({ url: `${site}${page}`, connections: 10, duration: 1 });
    const cpuBefore = cpuMilliseconds(app.pid);
    const served = await cannon(`${site}${page}`);
    const cpuPerAnswer = (cpuMilliseconds(app.pid) - cpuBefore) / served.requests.total;
    const flat = await cannon(`http://127.0.0.1:${PORT}/static/${file}`);
    const share = served.requests.average / flat.requests.average;
    rows.push([page, Math.round(served.requests.average), served.latency.p50, served.latency.p99, cpuPerAnswer.toFixed(2), Math.round(flat.requests.average), flat.latency.p99, pct(share)]);
    summarise(
      `GET ${page} (${CONNECTIONS} connections)`,
      `${Math.round(served.requests.average)} req/s, p99 ${served.latency.p99} ms`,
      `nginx, same HTML as a file: ${Math.round(flat.requests.average)} req/s`,
      pct(share),
      "≥ 50 % of nginx",
      share >= TARGET.throughputShare,
    );
    if (page === "/") summarise("CPU per GET /", `${cpuPerAnswer.toFixed(2)} ms`, "", "", "", null);
  }
  await nginx.stop();
  table(`One process against nginx serving the same HTML as a file (${CONNECTIONS} connections, 8 s each, gzip)`, ["page", "site req/s", "p50 ms", "p99 ms", "CPU ms/answer", "nginx req/s", "nginx p99", "site : nginx"], rows);
}

// ---- 4. Lighthouse, median of 3 ----
if (only.has("lighthouse")) {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ["--headless=new", "--disable-gpu", ...CHROMIUM_ARGS] });
  const rows = [];
  const perf = [];
  const lcps = [];
  for (const page of LIGHTHOUSE_PAGES) {
    const runs = [];
    for (let run = 0; run < 3; run++) {
      // Lighthouse now and then fails to record a trace (NO_NAVSTART); such a run is repeated, up to three times.
      let result;
      for (let attempt = 1; attempt <= 3; attempt++) {
        result = await lighthouse(`${site}${page}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility", "best-practices", "seo"] });
        if (!result.lhr.runtimeError) break;
      }
      if (result.lhr.runtimeError) failures.push(`Lighthouse ${page}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
      const c = result.lhr.categories;
      const a = result.lhr.audits;
      runs.push({
        performance: Math.round((c.performance?.score ?? 0) * 100),
        accessibility: Math.round((c.accessibility?.score ?? 0) * 100),
        best: Math.round((c["best-practices"]?.score ?? 0) * 100),
        seo: Math.round((c.seo?.score ?? 0) * 100),
        fcp: a["first-contentful-paint"].numericValue,
        lcp: a["largest-contentful-paint"].numericValue,
        tbt: a["total-blocking-time"].numericValue,
      });
    }
    const m = (key) => median(runs.map((r) => r[key]));
    perf.push(m("performance"));
    lcps.push(m("lcp"));
    rows.push([page, m("performance"), runs.map((r) => r.performance).join("/"), m("accessibility"), m("best"), m("seo"), `${(m("fcp") / 1000).toFixed(2)} s`, `${(m("lcp") / 1000).toFixed(2)} s`, `${Math.round(m("tbt"))} ms`]);
  }
  await chrome.kill();
  table("Lighthouse, mobile settings (simulated slow 4G, 4x CPU slowdown), median of 3 runs", ["page", "perf", "runs", "a11y", "best pr.", "SEO", "FCP", "LCP", "TBT"], rows);
  summarise(
    `Lighthouse mobile performance, ${LIGHTHOUSE_PAGES.join(", ")} (median of 3)`,
    `${Math.min(...perf)}–${Math.max(...perf)}; LCP ${(Math.min(...lcps) / 1000).toFixed(2)}–${(Math.max(...lcps) / 1000).toFixed(2)} s`,
    `client-only SPA (the issue's measurement): LCP ${(SPA_LCP_MS / 1000).toFixed(2)} s`,
    "",
    "100 on all five, LCP ≤ 1.2 s",
    Math.min(...perf) >= TARGET.lighthouse && Math.max(...lcps) <= TARGET.lcpMs,
  );
}

// ---- 5 and 6. Contact submissions, and memory under sustained load ----
const loadRows = [];
function loadRow(name, result, check) {
  loadRows.push([name, `${result.accepted}/${result.results.length}`, result.serverErrors, Math.round(result.rps), Math.round(result.p50), Math.round(result.p99), check ? check.rows : "—", check ? check.delivered : "—", check ? check.problems.length : "—"]);
  if (result.serverErrors) failures.push(`${name}: ${result.serverErrors} failed answers ${JSON.stringify(result.statuses)}`);
  if (check?.problems.length) failures.push(`${name}: ${check.problems.slice(0, 5).join("; ")}`);
}

async function waitForMails(count, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (smtp.mails.length < count && Date.now() < until) await sleep(500);
}

/** Sends `total` submissions in rounds of `ROUND`, reading the process's memory after each; answers the whole run and the readings. */
async function sendInRounds({ url, run, total, pid }) {
  const rounds = [];
  const all = { results: [], statuses: {}, seconds: 0 };
  for (let sent = 0; sent < total; sent += ROUND) {
    const part = await sendContacts({ url, run: `${run}-${sent / ROUND}`, total: Math.min(ROUND, total - sent), concurrency: CONNECTIONS });
    all.results.push(...part.results);
    all.seconds += part.seconds;
    for (const [status, n] of Object.entries(part.statuses)) all.statuses[status] = (all.statuses[status] ?? 0) + n;
    if (pid) rounds.push(residentBytes(pid));
  }
  const latencies = all.results.map((r) => r.ms).sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  return {
    ...all,
    rps: all.results.length / all.seconds,
    p50: at(50),
    p99: at(99),
    accepted: all.results.filter((r) => r.status >= 200 && r.status < 300).length,
    serverErrors: all.results.filter((r) => r.status === "network" || r.status >= 500).length,
    rounds,
  };
}

/** Checks what was stored and mailed for every round of a run. */
async function checkRounds({ result, run, query }) {
  const problems = [];
  let rows = 0;
  let delivered = 0;
  for (let round = 0; round * ROUND < result.results.length; round++) {
    const part = result.results.slice(round * ROUND, (round + 1) * ROUND);
    const name = `${run}-${round}`;
    const check = checkRun({ run: name, total: part.length, results: part, stored: await storedFor(query, name), mails: smtp.mails, company: COMPANY });
    problems.push(...check.problems);
    rows += check.rows;
    delivered += check.delivered;
  }
  return { problems, rows, delivered };
}

const flatness = (rounds) => {
  // Growth over the second half of the run, relative to where it stood at the half.
  const half = rounds[Math.floor(rounds.length / 2) - 1];
  return (rounds.at(-1) - half) / half;
};

if (only.has("load")) {
  // The embedded database, one process: 8 rounds of 1,000, memory after each.
  {
    const run = "bench-pglite";
    const before = smtp.mails.length;
    const result = await sendInRounds({ url: site, run, total: MEMORY_ROUNDS * ROUND, pid: app.pid });
    await waitForMails(before + 2 * result.accepted, 300_000);
    await app.stop();
    app = null;
    const db = new PGlite(path.join(dataDir, "pglite"));
    const check = await checkRounds({ result, run, query: async (text, params) => (await db.query(text, params)).rows });
    await db.close();
    loadRow(`embedded database, 1 process (${result.results.length})`, result, check);
    memoryRows.push(...result.rounds.map((bytes, i) => [`embedded database, after ${(i + 1) * ROUND} submissions`, bytes]));
    const growth = flatness(result.rounds);
    summarise(
      `RSS under sustained load (embedded, ${MEMORY_ROUNDS * ROUND} submissions)`,
      result.rounds.map(mb).join(", "),
      "",
      `+${pct(growth)} over the second half`,
      "flat (≤ 5 % over the second half)",
      growth <= TARGET.flatGrowth,
    );
  }

  // PostgreSQL: the floor and one process of the site, on the same server, one after the other.
  {
    const postgres = await startPostgres({ port: PORT + 50 });
    const pool = new pg.Pool({ connectionString: postgres.url, max: 2 });
    const env = { ...baseEnv, DATABASE_URL: postgres.url, PHI_KEY: randomBytes(32).toString("hex"), SMTP_URL: smtp.url, DATA_DIR: path.join(work, "postgres-app") };
    try {
      // The site's first start migrates the database the floor writes to.
      const one = await startApp({ port: PORT + 20, env, logFile: path.join(work, "postgres.log") });
      await sleep(2000);
      const idle = residentBytes(one.pid);
      await one.stop();

      const floor = spawn(process.execPath, ["scripts/lib/floor-server.mjs", String(PORT + 30), postgres.url], { stdio: "ignore" });
      await waitForFloor(`http://127.0.0.1:${PORT + 30}`);
      const floorResult = await sendContacts({ url: `http://127.0.0.1:${PORT + 30}`, run: "bench-floor", total: SUBMISSIONS, concurrency: CONNECTIONS });
      floor.kill("SIGTERM");
      loadRow("floor: node:http + pg, 1 process", floorResult, null);
      // The floor delivers no mail: its outbox rows are not the site's to send.
      await pool.query(`update outbox set status = 'sent', sent_at = now() where submission_id in (select id from submissions where email like 'bench-floor-%')`);

      const server = await startApp({ port: PORT + 21, env, logFile: path.join(work, "postgres.log") });
      await sleep(1000);
      const run = "bench-postgres";
      const before = smtp.mails.length;
      const result = await sendInRounds({ url: `http://127.0.0.1:${server.port}`, run, total: SUBMISSIONS, pid: server.pid });
      await waitForMails(before + 2 * result.accepted, 300_000);
      memoryRows.push(["PostgreSQL, 1 process, idle", idle], ...result.rounds.map((bytes, i) => [`PostgreSQL, 1 process, after ${(i + 1) * ROUND} submissions`, bytes]));
      await server.stop();
      const check = await checkRounds({ result, run, query: async (text, params) => (await pool.query(text, params)).rows });
      loadRow("site: PostgreSQL, 1 process", result, check);
      const share = result.rps / floorResult.rps;
      summarise(
        `${SUBMISSIONS} contact submissions, ${CONNECTIONS} connections (PostgreSQL, 1 process)`,
        `${Math.round(result.rps)} req/s, p99 ${Math.round(result.p99)} ms`,
        `floor: ${Math.round(floorResult.rps)} req/s, p99 ${Math.round(floorResult.p99)} ms`,
        pct(share),
        "≥ 50 % of the floor, p99 ≤ 100 ms",
        share >= TARGET.submissionShare && result.p99 <= TARGET.submissionP99,
      );
      summarise("RSS of one process on PostgreSQL (reference)", `idle ${mb(idle)}, after ${SUBMISSIONS}: ${mb(result.rounds.at(-1))}`, "", "", "", null);

      // Two processes behind nginx, as `npm run start:cluster` runs.
      const cluster = await startCluster({ port: PORT + 10, processes: 2, env, logFile: path.join(work, "cluster.log") });
      await sleep(1000);
      const clusterRun = "bench-cluster";
      const clusterBefore = smtp.mails.length;
      const clustered = await sendInRounds({ url: cluster.url, run: clusterRun, total: SUBMISSIONS });
      await waitForMails(clusterBefore + 2 * clustered.accepted, 300_000);
      await cluster.stop();
      loadRow("site: PostgreSQL, 2 processes + nginx", clustered, await checkRounds({ result: clustered, run: clusterRun, query: async (text, params) => (await pool.query(text, params)).rows }));
    } finally {
      await pool.end();
      postgres.destroy();
    }
  }
  table(`Contact submissions, ${CONNECTIONS} connections (each 2xx checked: one row, its message, both mails delivered)`, ["setup", "2xx", "5xx", "req/s", "p50 ms", "p99 ms", "rows", "mailed", "problems"], loadRows);
}

async function waitForFloor(url) {
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    try {
      await fetch(`${url}/`);
      return;
    } catch {
      await sleep(100);
    }
  }
  throw new Error("the floor server did not start");
}

if (only.has("patients")) {
  // Its own process and database, so nothing else in this run shares its cores.
  const output = await new Promise((resolve, reject) => {
    const child = spawn("npx", ["tsx", "scripts/patient-search-cost.ts", "--patients", "10000"], { stdio: ["ignore", "pipe", "inherit"] });
    let text = "";
    child.stdout.on("data", (chunk) => (text += chunk));
    child.on("close", (code) => (code === 0 ? resolve(text) : reject(new Error(`patient-search-cost exited ${code}`))));
  });
  const rows = [];
  for (const line of output.split("\n")) {
    const m = /^(.+?)\s+(\d+\+?)\s+([\d.]+)\s+([\d.]+)$/.exec(line);
    if (m) rows.push([m[1].trim(), m[2], Number(m[3]), Number(m[4])]);
  }
  const scan = /opening all \d+ to match in memory: median (\d+) ms/.exec(output);
  table("Finding a patient among 10,000 of one practice (embedded database)", ["query", "matches", "median ms", "p95 ms"], rows);
  const worst = Math.max(...rows.map((r) => r[2]));
  summarise("patient search, slowest median (10,000 patients)", `${worst.toFixed(1)} ms`, scan ? `${scan[1]} ms opening all` : "—", scan ? `${(worst / Number(scan[1])).toFixed(3)}` : "", `< ${TARGET.patientSearchMs} ms`, rows.length > 0 && worst < TARGET.patientSearchMs);
}

if (only.has("scale")) await benchScale({ port: PORT, smtp, baseEnv, work, table, summarise, failures });

if (only.has("ivrs")) await benchIvrs({ port: PORT, smtp, baseEnv, work, table, summarise, failures });

if (app) await app.stop();
await smtp.stop();
if (memoryRows.length) table("Resident memory", ["process", "RSS"], memoryRows.map(([name, bytes]) => [name, mb(bytes)]));

table("The figures against their references and targets (one run)", ["figure", "now", "reference, same run", "ratio", "target", ""], summary);
if (failures.length) {
  console.log(`\nShort of a target (${failures.length}):`);
  for (const f of failures) console.log(`  - ${f}`);
  process.exit(1);
}
console.log("\nEvery figure meets its target.");
