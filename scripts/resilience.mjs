// `npm run resilience`: the site under faults, on PostgreSQL, two processes
// behind nginx. Each phase sends contact submissions as the browser does
// (a failed send is kept and sent again with the same idempotency key) and
// then checks that nothing was lost and nothing was stored twice:
//   1. the SMTP server is down for the first half of the run;
//   2. one of the two processes is killed with SIGKILL mid-run;
//   3. PostgreSQL is restarted mid-run (503 during the gap, then recovery);
//   4. one process gets SIGTERM mid-run and drains;
//   5. a corpus of hostile requests against every action;
//   6. an upload flood (30 bodies of 30 MB at once) while /healthz must keep
//      answering within 50 ms, and forged Host and X-Forwarded-Host headers.
// Uses its own PostgreSQL server (initdb in a temporary folder), so the
// machine's server is left alone. Prints its counts; exits 1 on any failure.
import { randomBytes } from "node:crypto";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { outageSmtpServer } from "../tests/support/smtp.ts";
import { ensureBuild } from "./lib/build.mjs";
import { frontedEnv, residentBytes, startApp, startCluster, waitForOk } from "./lib/cluster.mjs";
import { hostHeaderCases, hostileCorpus, sendFlood, sendRaw, watchHealth } from "./lib/hostile.mjs";
import { checkRun, sendContacts, storedFor, waitForOutbox } from "./lib/load.mjs";
import { startPostgres } from "./lib/postgres.mjs";

const PER_PHASE = Number.parseInt(process.env.RESILIENCE_SUBMISSIONS ?? "1000", 10);
const CONCURRENCY = 50;
const PORT = Number.parseInt(process.env.RESILIENCE_PORT ?? "4100", 10);
const COMPANY = "inbox@company.example";
const STAFF = { email: "staff@resilience.example", password: "Resilience-Staff-2026!" };
// The slowest /healthz answer allowed while an upload flood runs.
const HEALTH_LIMIT_MS = Number.parseInt(process.env.RESILIENCE_HEALTH_MS ?? "50", 10);

const failures = [];
const report = [];
function expect(ok, what) {
  if (!ok) failures.push(what);
  return ok;
}
const log = (line) => console.log(`[resilience] ${line}`);

ensureBuild();
const work = mkdtempSync(path.join(tmpdir(), "site-resilience-"));
const logFile = path.join(work, "server.log");
const postgres = await startPostgres({ port: PORT + 50 });
const smtp = await outageSmtpServer();
const pool = new pg.Pool({ connectionString: postgres.url, max: 4 });
pool.on("error", () => {});
const query = async (text, params) => (await pool.query(text, params)).rows;

const env = {
  DATABASE_URL: postgres.url,
  // Throw-away patient-data key: the run writes test data only.
  PHI_KEY: randomBytes(32).toString("hex"),
  SMTP_URL: smtp.url,
  DATA_DIR: path.join(work, "data"),
  MAIL_TO_CONTACT: COMPANY,
  MAIL_POLL_MS: "500",
  // Mail a killed process had claimed is free again after 15 s instead of 2 minutes.
  MAIL_LEASE_SECONDS: "15",
  // Every request comes from 127.0.0.1: the per-address limits would stop the run, not a person.
  FORM_RATE_LIMIT: "10000000",
  SIGN_IN_ADDRESS_RATE_LIMIT: "10000000",
  LOG_LEVEL: "info",
};

let cluster;
try {
  log(`PostgreSQL on ${postgres.url}; logs in ${logFile}`);
  const added = spawnSync("npx", ["tsx", "scripts/user-add.ts", "--email", STAFF.email, "--password", STAFF.password, "--role", "staff"], {
    env: { ...process.env, ...env },
    encoding: "utf8",
  });
  if (added.status !== 0) throw new Error(`could not create the staff account: ${added.stderr}`);
  cluster = await startCluster({ port: PORT, processes: 2, env, logFile });
  const url = cluster.url;
  log(`nginx on ${url} in front of ${cluster.apps.map((a) => a.port).join(" and ")}`);

  /** One run of PER_PHASE submissions; `fault` runs once when `at` (a fraction) of them are answered. */
  const submit = (run, { at, fault, resend = false, resendDelayMs }) =>
    sendContacts({
      url,
      run,
      total: PER_PHASE,
      concurrency: CONCURRENCY,
      resend,
      resendDelayMs,
      onProgress: (done) => (done === Math.floor(PER_PHASE * at) ? fault() : undefined),
    });
  /** Waits for the run's mail to go out, then checks its rows and mails. */
  const settle = async (run, result, timeoutMs = 120_000) => {
    const unsent = await waitForOutbox(query, run, timeoutMs);
    const check = checkRun({ run, total: PER_PHASE, results: result.results, stored: await storedFor(query, run), mails: smtp.mails, company: COMPANY });
    expect(unsent === 0, `${run}: ${unsent} mails still unsent`);
    expect(check.problems.length === 0, `${run}: ${check.problems.slice(0, 5).join("; ")}`);
    return check;
  };

  // ---- 1. SMTP down for the first half --------------------------------
  {
    const run = "smtp-down";
    log(`${run}: ${PER_PHASE} submissions, SMTP server down until half are answered`);
    const result = await submit(run, { at: 0.5, fault: () => smtp.start() });
    log(`${run}: waiting for the outbox (mails whose first attempt failed wait 30 s to retry)`);
    const check = await settle(run, result, 240_000);
    const [{ retried }] = await query(
      `select count(*)::int as retried from outbox o join submissions s on s.id = o.submission_id where s.email like $1 and o.attempts > 1`,
      [`${run}-%`],
    );
    expect(result.serverErrors === 0, `${run}: ${result.serverErrors} requests failed`);
    expect(retried > 0, `${run}: no mail was attempted while the SMTP server was down`);
    report.push([run, `${result.accepted}/${PER_PHASE} accepted, ${check.rows} rows, ${check.delivered} with both mails delivered, ${retried} mails retried after the outage`]);
  }

  // ---- 2. SIGKILL one process mid-run ------------------------------------
  {
    const run = "sigkill";
    const victim = cluster.apps[0];
    let killedAt = 0;
    log(`${run}: ${PER_PHASE} submissions, process on ${victim.port} killed with SIGKILL after ${Math.floor(PER_PHASE * 0.4)}`);
    const result = await submit(run, {
      at: 0.4,
      resend: true,
      fault: () => {
        killedAt = Math.floor(PER_PHASE * 0.4);
        return victim.kill();
      },
    });
    // Mail the killed process had claimed waits out its lease before the other one sends it.
    const check = await settle(run, result);
    const [{ orphans }] = await query(
      `select count(*)::int as orphans from submissions s where s.kind = 'contact' and not exists (select 1 from contact_messages c where c.submission_id = s.id)`,
    );
    const [{ unmailed }] = await query(`select count(*)::int as unmailed from submissions s where (select count(*) from outbox o where o.submission_id = s.id) <> 2`);
    const failedAnswers = Object.entries(result.statuses).filter(([s]) => s === "network" || Number(s) >= 500).reduce((n, [, c]) => n + c, 0);
    expect(killedAt > 0, `${run}: the process was not killed`);
    expect(result.accepted === PER_PHASE, `${run}: ${PER_PHASE - result.accepted} submissions never accepted`);
    expect(orphans === 0 && unmailed === 0, `${run}: ${orphans} half-written submissions, ${unmailed} without their two mails`);
    report.push([run, `${result.accepted}/${PER_PHASE} accepted, ${failedAnswers} answers lost with the process and sent again, ${check.rows} rows, ${orphans} half-written, ${check.delivered} with both mails (${check.duplicates} sent again after the kill, same Message-ID)`]);
    // Bring the process back for the next phases.
    cluster.apps[0] = await startApp({ port: victim.port, env: frontedEnv(env, PORT), logFile });
  }

  // ---- 3. PostgreSQL restarted mid-run -----------------------------------
  {
    const run = "pg-restart";
    const pids = cluster.apps.map((a) => a.pid);
    const readiness = cluster.apps.map(() => []);
    let polling = true;
    const poller = (async () => {
      while (polling) {
        await Promise.all(
          cluster.apps.map(async (a, i) => {
            try {
              const r = await fetch(`http://127.0.0.1:${a.port}/readyz`, { signal: AbortSignal.timeout(3000) });
              await r.arrayBuffer();
              if (readiness[i].at(-1) !== r.status) readiness[i].push(r.status);
            } catch {
              if (readiness[i].at(-1) !== "down") readiness[i].push("down");
            }
          }),
        );
        await sleep(100);
      }
    })();
    let restart;
    log(`${run}: ${PER_PHASE} submissions, PostgreSQL stopped for 3 s after ${Math.floor(PER_PHASE * 0.3)}`);
    const result = await submit(run, {
      at: 0.3,
      resend: true,
      resendDelayMs: 1000,
      fault: () => {
        restart = postgres.restart(3000);
      },
    });
    await restart;
    // Recovery without a restart: both processes (same pids) ready again.
    await Promise.all(cluster.apps.map((a) => waitForOk(`http://127.0.0.1:${a.port}/readyz`, 30_000)));
    await sleep(300);
    polling = false;
    await poller;
    const check = await settle(run, result);
    const s503 = result.statuses[503] ?? 0;
    const otherErrors = Object.entries(result.statuses).filter(([s]) => s === "network" || (Number(s) >= 500 && Number(s) !== 503));
    expect(s503 > 0, `${run}: no request was answered 503 while the database was down`);
    expect(otherErrors.length === 0, `${run}: other failures ${JSON.stringify(Object.fromEntries(otherErrors))}`);
    expect(result.accepted === PER_PHASE, `${run}: ${PER_PHASE - result.accepted} submissions never accepted`);
    expect(cluster.apps.every((a, i) => a.pid === pids[i]), `${run}: a process was restarted`);
    for (const [i, seen] of readiness.entries()) {
      expect(seen.includes(503) && seen.at(-1) === 200, `${run}: /readyz of process ${i + 1} went ${seen.join(" → ")}`);
    }
    report.push([
      run,
      `${result.accepted}/${PER_PHASE} accepted, ${s503} answers 503 during the gap (sent again), ${check.rows} rows, /readyz ${readiness.map((s) => s.join("→")).join(" and ")}, same processes`,
    ]);
  }

  // ---- 4. SIGTERM one process mid-run: it drains --------------------------
  {
    const run = "sigterm";
    const victim = cluster.apps[1];
    let stopped;
    log(`${run}: ${PER_PHASE} submissions, process on ${victim.port} stopped with SIGTERM after ${Math.floor(PER_PHASE * 0.5)}`);
    const result = await submit(run, {
      at: 0.5,
      fault: () => {
        stopped = victim.stop();
      },
    });
    const exit = await stopped;
    const check = await settle(run, result);
    const cleanly = readFileSync(logFile, "utf8").split("\n").filter((l) => l.includes('"stopped cleanly"')).length;
    expect(exit?.code === 0, `${run}: the process exited with ${JSON.stringify(exit)}`);
    expect(result.serverErrors === 0, `${run}: ${result.serverErrors} requests failed (${JSON.stringify(result.statuses)})`);
    expect(cleanly >= 1, `${run}: no "stopped cleanly" line`);
    report.push([run, `${result.accepted}/${PER_PHASE} accepted, ${result.serverErrors} failed, exit code ${exit?.code}, worker stopped cleanly, ${check.rows} rows`]);
    cluster.apps[1] = await startApp({ port: victim.port, env: frontedEnv(env, PORT), logFile });
  }

  // ---- 5. Hostile requests -----------------------------------------------
  {
    const signIn = await fetch(`${url}/auth`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
      body: new URLSearchParams(STAFF).toString(),
      redirect: "manual",
    });
    const staffCookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(signIn.status === 302 && staffCookie.includes("session_token"), `hostile: staff sign-in answered ${signIn.status}`);
    const [{ id: submissionId }] = await query(`select id from submissions order by created_at limit 1`);
    const tables = ["submissions", "contact_messages", "intakes", "callbacks", "applications", "submission_files", "submission_notes", "outbox", '"user"', "password_tokens"];
    const counts = async () => Object.fromEntries(await Promise.all(tables.map(async (t) => [t, (await query(`select count(*)::int as n from ${t}`))[0].n])));
    const before = await counts();
    const corpus = hostileCorpus({ origin: url, staffCookie, submissionId });
    const outcomes = {};
    const wrong = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < corpus.length) {
          const item = corpus[next++];
          const { status } = await sendRaw(url, item);
          outcomes[status] = (outcomes[status] ?? 0) + 1;
          if (!(typeof status === "number" && status >= 400 && status < 500)) wrong.push(`${item.name} → ${status}`);
        }
      }),
    );
    const after = await counts();
    const changed = tables.filter((t) => before[t] !== after[t]);
    const alive = await Promise.all(cluster.apps.map((a) => fetch(`http://127.0.0.1:${a.port}/healthz`).then((r) => r.status === 200, () => false)));
    expect(corpus.length >= 200, `hostile: only ${corpus.length} requests`);
    expect(wrong.length === 0, `hostile: not refused with a 4xx: ${wrong.slice(0, 10).join("; ")}${wrong.length > 10 ? ` and ${wrong.length - 10} more` : ""}`);
    expect(changed.length === 0, `hostile: stored something in ${changed.map((t) => `${t} (${before[t]} → ${after[t]})`).join(", ")}`);
    expect(alive.every(Boolean), "hostile: a process stopped answering");

    // The same strings where they are allowed (free text) are stored as text, byte for byte.
    const strings = ["' OR '1'='1", "'; DROP TABLE submissions; --", "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "Robert'); DELETE FROM outbox;--"];
    let verbatim = 0;
    for (const [i, s] of strings.entries()) {
      const email = `verbatim-${i}@hostile.example`;
      const r = await fetch(`${url}/contact`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: url, "x-resend": "1" },
        body: new URLSearchParams({ firstName: "Text", lastName: "Only", email, message: s }).toString(),
      });
      const rows = await query(`select c.message from contact_messages c join submissions s on s.id = c.submission_id where s.email = $1`, [email]);
      if (r.status === 200 && rows.length === 1 && rows[0].message === s) verbatim++;
    }
    expect(verbatim === strings.length, `hostile: ${strings.length - verbatim} injection strings in a message were not stored as written`);
    report.push([
      "hostile",
      `${corpus.length} requests: ${Object.entries(outcomes)
        .map(([s, n]) => `${n}×${s}`)
        .join(", ")}; ${wrong.length} not refused; tables changed: ${changed.length ? changed.join(", ") : "none"}; both processes up; ${verbatim}/${strings.length} injection strings in a message stored as text`,
    ]);
  }

  // ---- 6. An upload flood, and forged hosts --------------------------------
  {
    const tables = ["submissions", "applications", "submission_files", "outbox", '"user"', "password_tokens", "audit_log"];
    const counts = async () => Object.fromEntries(await Promise.all(tables.map(async (t) => [t, (await query(`select count(*)::int as n from ${t}`))[0].n])));
    const changedSince = (before, after) => tables.filter((t) => before[t] !== after[t]).map((t) => `${t} (${before[t]} → ${after[t]})`);

    // 30 bodies of 30 MB at once from one address, straight to the processes (nginx would
    // first buffer each body to disk): half of tiny parts, half one oversized file, sent
    // from a separate process at low priority (see sendFlood).
    const healthUrls = cluster.apps.map((a) => `http://127.0.0.1:${a.port}/healthz`);
    // The same polling with nothing else going on, for comparison: on a machine shared with
    // other work, even an idle process answers late at times.
    const idle = watchHealth(healthUrls);
    await idle.ready;
    await sleep(3000);
    const baseline = await idle.stop();
    const before = await counts();
    const rss = cluster.apps.map((a) => residentBytes(a.pid));
    const health = watchHealth(healthUrls);
    await health.ready;
    const started = performance.now();
    const answers = await sendFlood(cluster.apps.map((a) => `http://127.0.0.1:${a.port}`), { count: 15 });
    const seconds = (performance.now() - started) / 1000;
    const polled = await health.stop();
    const grown = cluster.apps.map((a, i) => Math.max(0, residentBytes(a.pid) - rss[i]) / 1024 / 1024);
    const after = await counts();
    const statuses = {};
    for (const a of answers) statuses[`${a.name} ${a.status}`] = (statuses[`${a.name} ${a.status}`] ?? 0) + 1;
    const unrefused = answers.filter((a) => ![400, 413, 429].includes(a.status));
    expect(unrefused.length === 0, `upload flood: not refused: ${unrefused.slice(0, 5).map((a) => `${a.name} → ${a.status}`).join("; ")}`);
    expect(changedSince(before, after).length === 0, `upload flood: stored something in ${changedSince(before, after).join(", ")}`);
    expect(polled.polls > 0 && polled.failures === 0, `upload flood: /healthz failed ${polled.failures} of ${polled.polls + polled.failures} polls`);
    expect(polled.max < HEALTH_LIMIT_MS, `upload flood: /healthz took up to ${polled.max.toFixed(1)} ms (limit ${HEALTH_LIMIT_MS} ms; idle it took up to ${baseline.max.toFixed(1)} ms)`);
    report.push([
      "uploads",
      `${answers.length} bodies of 30 MB in ${seconds.toFixed(1)} s: ${Object.entries(statuses)
        .map(([k, n]) => `${n}× ${k}`)
        .join(", ")}; /healthz answered ${polled.polls} times meanwhile, slowest ${polled.max.toFixed(1)} ms (p99 ${polled.p99.toFixed(1)} ms; idle before: slowest ${baseline.max.toFixed(1)} ms, p99 ${baseline.p99.toFixed(1)} ms); memory grew ${grown.map((m) => `${m.toFixed(0)} MB`).join(" and ")}; tables changed: none`,
    ]);

    // A forged Host (through nginx and straight to each process) and a forged
    // X-Forwarded-Host (straight to the processes: nginx drops the client's).
    const signIn = await fetch(`${url}/auth`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
      body: new URLSearchParams(STAFF).toString(),
      redirect: "manual",
    });
    const staffCookie = signIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const [{ id: submissionId }] = await query(`select id from submissions order by created_at limit 1`);
    const hostBefore = await counts();
    const cases = hostHeaderCases({ origin: url, staffCookie, submissionId });
    const hostOutcomes = {};
    const misdirected = [];
    for (const item of cases) {
      const targets = [...(item.via === "front" ? [url] : []), ...cluster.apps.map((a) => `http://127.0.0.1:${a.port}`)];
      for (const target of targets) {
        // Straight to a process, the site's own host is the process's address.
        const own = new URL(target).host;
        const headers = item.via === "process" ? { ...item.headers, host: own, origin: `http://${own}` } : item.headers;
        const { status } = await sendRaw(target, { ...item, headers });
        hostOutcomes[status] = (hostOutcomes[status] ?? 0) + 1;
        if (status !== 421 && status !== 400) misdirected.push(`${item.name} at ${target} → ${status}`);
      }
    }
    const hostChanged = changedSince(hostBefore, await counts());
    expect(misdirected.length === 0, `hosts: not refused with 421: ${misdirected.slice(0, 8).join("; ")}`);
    expect(hostChanged.length === 0, `hosts: stored something in ${hostChanged.join(", ")}`);
    report.push([
      "hosts",
      `${cases.length} forged requests (Host, X-Forwarded-Host; a page and every action): ${Object.entries(hostOutcomes)
        .map(([s, n]) => `${n}×${s}`)
        .join(", ")}; tables changed: ${hostChanged.length ? hostChanged.join(", ") : "none"}`,
    ]);
  }
} catch (error) {
  failures.push(`aborted: ${error instanceof Error ? error.stack : error}`);
} finally {
  await cluster?.stop().catch(() => {});
  await pool.end().catch(() => {});
  await smtp.stop();
  postgres.destroy();
}

console.log("\nResilience on PostgreSQL, two processes behind nginx");
for (const [phase, line] of report) console.log(`  ${phase.padEnd(11)} ${line}`);
console.log(`  mails received by the SMTP server: ${smtp.mails.length}`);
if (failures.length) {
  console.log(`\nFAILED (${failures.length}):`);
  for (const f of failures) console.log(`  - ${f}`);
  process.exit(1);
}
console.log("\nPASS: nothing lost, nothing stored twice, every hostile request refused, /healthz quick under an upload flood");
