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
//      answering within 50 ms, and forged Host and X-Forwarded-Host headers;
//   7. the read replica stopped while staff and a member read their queues and
//      board: every read answered (by the primary) and none slow;
//   8. the read replica lagging (its replay paused): a member's draft shows on
//      their next page at once, while a page without their write mark still
//      comes from the replica, until the lag passes its bound.
// Uses its own PostgreSQL server (initdb in a temporary folder) and a
// streaming replica of it (pg_basebackup), so the machine's server is left
// alone. Prints its counts; exits 1 on any failure.
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
import { checkRun, percentile, sendContacts, storedFor, waitForOutbox } from "./lib/load.mjs";
import { startPostgres, startReplica } from "./lib/postgres.mjs";
import { enrolIfAsked } from "./lib/second-factor.mjs";

const PER_PHASE = Number.parseInt(process.env.RESILIENCE_SUBMISSIONS ?? "1000", 10);
const CONCURRENCY = 50;
const PORT = Number.parseInt(process.env.RESILIENCE_PORT ?? "4100", 10);
const COMPANY = "inbox@company.example";
const STAFF = { email: "staff@resilience.example", password: "Resilience-Staff-2026!" };
const MEMBER = { email: "member@resilience.example", password: "Resilience-Member-2026!" };
// The primary's port (the replica takes the next one).
const PG_PORT = Number.parseInt(process.env.RESILIENCE_POSTGRES_PORT ?? String(PORT + 50), 10);
// Beyond this lag the processes stop reading the replica.
const REPLICA_MAX_LAG_MS = 5_000;
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
const postgres = await startPostgres({ port: PG_PORT });
const replica = await startReplica({ primaryUrl: postgres.url, port: PG_PORT + 1 });
const smtp = await outageSmtpServer();
const pool = new pg.Pool({ connectionString: postgres.url, max: 4 });
pool.on("error", () => {});
const query = async (text, params) => (await pool.query(text, params)).rows;

const env = {
  DATABASE_URL: postgres.url,
  DATABASE_REPLICA_URL: replica.url,
  DATABASE_REPLICA_MAX_LAG_MS: String(REPLICA_MAX_LAG_MS),
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
  log(`PostgreSQL on ${postgres.url}, its streaming replica on ${replica.url}; logs in ${logFile}`);
  for (const args of [
    ["--email", STAFF.email, "--password", STAFF.password, "--role", "staff"],
    ["--email", MEMBER.email, "--password", MEMBER.password, "--role", "member", "--practice", "Resilience Wound Clinic"],
  ]) {
    const added = spawnSync("npx", ["tsx", "scripts/user-add.ts", ...args], { env: { ...process.env, ...env }, encoding: "utf8" });
    if (added.status !== 0) throw new Error(`could not create the account ${args[1]}: ${added.stderr}`);
  }
  cluster = await startCluster({ port: PORT, processes: 2, env, logFile });
  const url = cluster.url;
  /**
   * Signs `account` in through the form; answers its cookies as a Cookie header,
   * without the write mark the sign-in gave (so later reads count as anyone's).
   */
  const appKeys = new Map();
  const signIn = async (account) => {
    const answer = await fetch(`${url}/auth`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
      body: new URLSearchParams(account).toString(),
      redirect: "manual",
    });
    const signedIn = answer.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(answer.status === 302 && signedIn.includes("session_token"), `${account.email}: sign-in answered ${answer.status}`);
    // Staff: the second factor is set up as the page asks, or, once set up, answered with the same key.
    const cookie = await enrolIfAsked(url, signedIn, answer.headers.get("location"), appKeys, account.email);
    return cookie
      .split("; ")
      .filter((c) => !c.startsWith("portal.wrote="))
      .join("; ");
  };
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
    const staffCookie = await signIn(STAFF);
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
    const staffCookie = await signIn(STAFF);
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

  // ---- 7. The read replica stopped while people read ---------------------
  // The staff's queues and a member's board read the replica; with it stopped,
  // each read is answered by the primary (a failed replica query is asked
  // again there), and the processes mark it down and, once back and caught up,
  // up again (their log says when).
  const staffCookie = await signIn(STAFF);
  const memberCookie = await signIn(MEMBER);
  const readPages = [
    [`${url}/admin/ivrs`, staffCookie],
    [`${url}/admin/orders`, staffCookie],
    [`${url}/members`, memberCookie],
  ];
  /** Scans of the site's tables the replica ran itself (its statistics reach the view within about a second). */
  const replicaScans = async () => {
    const client = new pg.Client({ connectionString: replica.url });
    await client.connect();
    try {
      const [{ n }] = (await client.query("select coalesce(sum(seq_scan), 0) + coalesce(sum(idx_scan), 0) as n from pg_stat_user_tables")).rows;
      return Number(n);
    } finally {
      await client.end();
    }
  };
  /** Lines of the processes' log with `msg`, written at or after `since`. */
  const logged = (msg, since) =>
    readFileSync(logFile, "utf8")
      .split("\n")
      .filter((l) => l.includes(`"msg":"${msg}"`))
      .map((l) => JSON.parse(l).time)
      .filter((t) => t >= since);
  /** Reads the pages above, 6 at a time, until stopped; each answer's time, status and duration. */
  const readLoad = () => {
    const answers = [];
    let running = true;
    const loops = Array.from({ length: 6 }, async (_, i) => {
      for (let n = i; running; n++) {
        const [page, cookie] = readPages[n % readPages.length];
        const started = performance.now();
        let status;
        try {
          const r = await fetch(page, { headers: { cookie }, redirect: "manual", signal: AbortSignal.timeout(30_000) });
          await r.arrayBuffer();
          status = r.status;
        } catch {
          status = "network";
        }
        answers.push({ at: Date.now(), status, ms: performance.now() - started });
      }
    });
    return {
      answers,
      async stop() {
        running = false;
        await Promise.all(loops);
        return answers;
      },
    };
  };
  const ok = (a) => a.status === 200;
  {
    await replica.caughtUp();
    await sleep(1_000);
    const scansBefore = await replicaScans();
    const load = readLoad();
    await sleep(2_000);
    const scansAtStop = await replicaScans();
    const stoppedAt = Date.now();
    replica.stop("fast");
    log(`replica-stop: replica stopped at ${new Date(stoppedAt).toISOString()} while staff and a member read`);
    await sleep(3_000);
    const startedAt = Date.now();
    replica.start();
    // Both processes mark it up again once it has caught up (their probe runs every 500 ms).
    const upAgainBy = Date.now() + 30_000;
    while (logged("read replica up: reads that may be a moment behind go to it", startedAt).length < 2 && Date.now() < upAgainBy) await sleep(100);
    const upAgain = logged("read replica up: reads that may be a moment behind go to it", startedAt);
    const scansAfterRestart = await replicaScans();
    await sleep(2_000);
    const answers = await load.stop();
    await sleep(1_500);
    const scansAfter = await replicaScans();
    const before = answers.filter((a) => a.at < stoppedAt);
    const during = answers.filter((a) => a.at >= stoppedAt && a.at < startedAt);
    const failed = answers.filter((a) => !ok(a));
    const slowest = Math.max(0, ...during.map((a) => a.ms));
    // No read waits on the stopped replica: the slowest while it was stopped is within a second of the slowest before.
    const slowestBefore = Math.max(0, ...before.map((a) => a.ms));
    const markedDown = logged("read replica unavailable: reads go to the primary", stoppedAt).filter((t) => t < startedAt).map((t) => t - stoppedAt);
    expect(failed.length === 0, `replica-stop: ${failed.length} of ${answers.length} reads failed (${[...new Set(failed.map((a) => a.status))].join(", ")})`);
    expect(during.length > 0, "replica-stop: no read was answered while the replica was stopped");
    expect(slowest < slowestBefore + 1_000, `replica-stop: a read took ${slowest.toFixed(0)} ms while the replica was stopped (slowest before: ${slowestBefore.toFixed(0)} ms)`);
    expect(markedDown.length === 2 && markedDown.every((ms) => ms < 1_000), `replica-stop: marked down after ${markedDown.join(", ") || "never"} ms (limit 1000 ms, both processes)`);
    // (At least) one line per process: a process may count it as behind once more before it is up for good.
    expect(upAgain.length >= 2, `replica-stop: ${upAgain.length} of 2 processes marked the replica up again`);
    expect(scansAtStop > scansBefore, "replica-stop: the replica served no read before it was stopped");
    expect(scansAfter > scansAfterRestart, "replica-stop: the replica served no read after it came back");
    report.push([
      "replica-stop",
      `${answers.length} reads (staff IVR and order queues, a member's board), ${failed.length} failed; ${during.length} while the replica was stopped for 3 s, slowest ${slowest.toFixed(0)} ms (before the stop: slowest ${slowestBefore.toFixed(0)} ms, p99 ${percentile(before.map((a) => a.ms).sort((a, b) => a - b), 99).toFixed(0)} ms); marked down after ${markedDown.map((ms) => `${ms} ms`).join(" and ")}; up again ${upAgain.map((t) => `${((t - startedAt) / 1000).toFixed(1)} s`).join(" and ")} after its restart; replica scans: ${scansAtStop - scansBefore} before the stop, ${scansAfter - scansAfterRestart} after it came back`,
    ]);
  }

  // ---- 8. The read replica lagging: a member still sees their own write ----
  {
    await replica.caughtUp();
    await sleep(1_000);
    await replica.pauseReplay();
    const load = readLoad();
    try {
      const form = new FormData();
      form.set("intent", "draft");
      form.set("requestType", "new-wound");
      const saved = await fetch(`${url}/members/ivrs/new`, { method: "POST", headers: { cookie: memberCookie, origin: url }, body: form, redirect: "manual" });
      const savedAt = Date.now();
      await saved.arrayBuffer();
      const draftId = new URL(saved.headers.get("location") ?? "/", url).searchParams.get("draft");
      const mark = saved.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .find((c) => c.startsWith("portal.wrote="));
      expect(saved.status >= 300 && saved.status < 400 && draftId, `replica-lag: saving a draft answered ${saved.status}`);
      expect(Boolean(mark), "replica-lag: the save gave the browser no write mark");
      const boardShows = async (cookie) => {
        const r = await fetch(`${url}/members`, { headers: { cookie } });
        return r.status === 200 && (await r.text()).includes(`draft=${draftId}`);
      };
      // The member's next page, with the mark: the primary, so the draft is there.
      const ownPage = await boardShows(`${memberCookie}; ${mark}`);
      // The same page without the mark (any other reader): the paused replica, which has not replayed it.
      const othersPage = await boardShows(memberCookie);
      // Once the replica is further behind than the bound, every reader gets the primary.
      let shownToAllAfter = null;
      while (shownToAllAfter === null && Date.now() - savedAt < REPLICA_MAX_LAG_MS + 10_000) {
        if (await boardShows(memberCookie)) shownToAllAfter = Date.now() - savedAt;
        else await sleep(200);
      }
      const lagging = logged("read replica too far behind: reads go to the primary", savedAt);
      const resumedAt = Date.now();
      await replica.resumeReplay();
      await replica.caughtUp();
      const caughtUpMs = Date.now() - resumedAt;
      await sleep(1_500);
      const answers = await load.stop();
      const failed = answers.filter((a) => !ok(a));
      const fromReplicaAgain = await boardShows(memberCookie);
      expect(ownPage, "replica-lag: the member's next page did not show their draft");
      expect(!othersPage, "replica-lag: the page without the write mark showed the draft: the replica was not behind, or not read");
      expect(shownToAllAfter !== null && shownToAllAfter >= REPLICA_MAX_LAG_MS - 1_000, `replica-lag: reads moved to the primary after ${shownToAllAfter} ms (bound ${REPLICA_MAX_LAG_MS} ms)`);
      expect(lagging.length === 2, `replica-lag: ${lagging.length} of 2 processes said the replica was too far behind`);
      expect(fromReplicaAgain, "replica-lag: the draft did not show once the replica caught up");
      expect(failed.length === 0, `replica-lag: ${failed.length} of ${answers.length} reads failed`);
      report.push([
        "replica-lag",
        `replay paused: the member's draft showed on their next page at once; without their write mark the same page (from the replica) lacked it; reads moved to the primary ${(shownToAllAfter / 1000).toFixed(1)} s after the save (bound ${REPLICA_MAX_LAG_MS / 1000} s, both processes); replay resumed, caught up in ${(caughtUpMs / 1000).toFixed(1)} s; ${answers.length} reads meanwhile, ${failed.length} failed`,
      ]);
    } finally {
      await replica.resumeReplay().catch(() => {});
      await load.stop();
    }
  }
} catch (error) {
  failures.push(`aborted: ${error instanceof Error ? error.stack : error}`);
} finally {
  await cluster?.stop().catch(() => {});
  await pool.end().catch(() => {});
  await smtp.stop();
  replica.destroy();
  postgres.destroy();
}

console.log("\nResilience on PostgreSQL and its streaming replica, two processes behind nginx");
for (const [phase, line] of report) console.log(`  ${phase.padEnd(12)} ${line}`);
console.log(`  mails received by the SMTP server: ${smtp.mails.length}`);
if (failures.length) {
  console.log(`\nFAILED (${failures.length}):`);
  for (const f of failures) console.log(`  - ${f}`);
  process.exit(1);
}
console.log("\nPASS: nothing lost, nothing stored twice, every hostile request refused, /healthz quick under an upload flood, every read answered with the replica stopped or lagging, a member's own write seen at once");
