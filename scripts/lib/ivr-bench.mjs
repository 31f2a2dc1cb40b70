// `npm run bench`'s IVR part (BENCH_ONLY=ivrs): a member sends IVRs through
// the portal's form (POST /members/ivrs/new, as the browser posts it, each with
// its own client key and its own patient) at CONNECTIONS connections for
// SECONDS, twice on one process on PostgreSQL: with eligibility checks off,
// then with ELIGIBILITY_CONNECTOR=core pointed at a CORE endpoint on this
// machine (tests/support/core-endpoint.ts) that answers every member id with
// an active 271 after DELAY_MS, the server restarted with that environment.
// A check never holds a sending up (it is a job, run after the transaction),
// so IVRs sent per second with checks on should be at least 0.9 of off. Each
// sending answered "sent" must have made exactly one IVR (the IVRs beyond them
// are at most the sendings cut off unanswered when a phase ended) and, with
// checks on, every IVR exactly one check, all answered within ten minutes.
// The worker runs as it does by default (JOB_CONCURRENCY 2): the checks of a
// burst queue behind the sendings and are answered after it.
//
// PostgreSQL rather than the embedded database: the rows and the checks'
// answers are counted while the server runs (the embedded database takes one
// process at a time). Both runs use the same database, each with patients of
// its own, so the second run starts on the first one's rows: slightly against
// "on".
import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import pg from "pg";
import { sample } from "../../app/.server/eligibility/samples/index.ts";
import { startCoreEndpoint } from "../../tests/support/core-endpoint.ts";
import { ivrFormData } from "../../tests/support/factories.ts";
import { startApp } from "./cluster.mjs";
import { startPostgres } from "./postgres.mjs";
import { signIn } from "./scale-bench.mjs";

const CONNECTIONS = Number.parseInt(process.env.BENCH_IVR_CONNECTIONS ?? "16", 10);
const SECONDS = Number.parseInt(process.env.BENCH_IVR_SECONDS ?? "15", 10);
/** Patients made for each run: one per IVR sent, so each IVR's check is its own (a coverage's checks wait one at a time). */
const PATIENTS = Number.parseInt(process.env.BENCH_IVR_PATIENTS ?? "2000", 10);
/** How long the CORE stand-in takes to answer, as a payer's round trip through a clearinghouse does. */
const DELAY_MS = Number.parseInt(process.env.BENCH_IVR_CORE_DELAY_MS ?? "300", 10);
const ANSWER_WAIT_MS = 600_000;
const TARGET = { share: 0.9 };
const MEMBER = { email: "nurse@bench-ivrs.example", password: "a long bench password" };
const CORE = { user: "bench", password: "bench-core-pass", sender: "CARDINALBIO", receiver: "CLEARHOUSE" };
const SENT = /^\/members\/ivrs\/[0-9a-f-]{36}$/;

/** Runs `tsx file args` with `env` on top of ours; answers its stdout, or throws with its stderr. */
function runTsx(file, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn("npx", ["tsx", file, ...args], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("close", (code) => (code === 0 ? resolve(out) : reject(new Error(`${file} exited ${code}: ${err.slice(-2000)}`))));
  });
}

/** The IVR form for a patient as the browser posts it (the tests' `ivrFormData`), with a client key of its own. */
function ivrFields(parties, patientId) {
  return Object.fromEntries(ivrFormData({ patientId, providerId: parties.providerId, facilityId: parties.facilityId }, { clientKey: randomUUID() }));
}

/** Fields as multipart/form-data, as the browser sends the form (it takes attachments). */
function multipart(fields) {
  const boundary = `----bench${randomBytes(12).toString("hex")}`;
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return { body: `${parts.join("")}--${boundary}--\r\n`, type: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Sends IVRs at CONNECTIONS connections for `seconds`, each for the next
 * patient of `patients`. Answers autocannon's figures and the IVR ids the
 * answers named (a sending is "sent" when it is answered with a redirect to
 * its IVR's page (303), as the form's plain post is).
 */
async function send({ site, cookie, parties, patients, cursor, seconds }) {
  const sent = [];
  const statuses = {};
  const result = await autocannon({
    url: `${site}/members/ivrs/new`,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 30,
    requests: [
      {
        method: "POST",
        setupRequest: (req) => {
          if (cursor.next >= patients.length) cursor.ranOut = true;
          const { body, type } = multipart(ivrFields(parties, patients[cursor.next++ % patients.length]));
          return { ...req, body, headers: { ...req.headers, cookie, origin: site, "content-type": type } };
        },
        onResponse: (status, _body, _context, headers) => {
          statuses[status] = (statuses[status] ?? 0) + 1;
          const location = headers?.location ?? "";
          if ((status === 302 || status === 303) && SENT.test(location)) sent.push(location.slice("/members/ivrs/".length));
        },
      },
    ],
  });
  return { result, sent, statuses };
}

/** The checks of the IVRs `ids`: how many rows and how many answered, per IVR counts. */
async function checksOf(pool, ids) {
  const { rows } = await pool.query(
    `select count(*)::int as checks, count(*) filter (where state = 'answered')::int as answered,
            count(*) filter (where state = 'waiting')::int as waiting, count(distinct ivr_id)::int as ivrs
       from eligibility_checks where ivr_id = any($1::uuid[])`,
    [ids],
  );
  return rows[0];
}

export async function benchIvrs({ port, smtp, baseEnv, work, table, summarise, failures }) {
  const postgres = await startPostgres({ port: port + 70 });
  const endpoint = await startCoreEndpoint({
    user: CORE.user,
    password: CORE.password,
    receiverId: CORE.receiver,
    answers: {},
    otherwise: { x12: sample("commercial-ppo.271") },
    delayMs: DELAY_MS,
  });
  const pool = new pg.Pool({ connectionString: postgres.url, max: 2 });
  const env = {
    ...baseEnv,
    DATABASE_URL: postgres.url,
    PHI_KEY: randomBytes(32).toString("hex"),
    SMTP_URL: smtp.url,
    DATA_DIR: path.join(work, "ivrs-app"),
  };
  const checksEnv = {
    ELIGIBILITY_CONNECTOR: "core",
    ELIGIBILITY_CORE_URL: endpoint.url,
    ELIGIBILITY_CORE_USER: CORE.user,
    ELIGIBILITY_CORE_PASSWORD: CORE.password,
    ELIGIBILITY_SENDER_ID: CORE.sender,
    ELIGIBILITY_RECEIVER_ID: CORE.receiver,
  };
  const rows = [];
  const figures = {};
  try {
    console.log(`\nIVRs: making a practice with ${2 * PATIENTS} patients...`);
    const made = await runTsx("scripts/lib/ivr-bench-data.ts", ["--email", MEMBER.email, "--password", MEMBER.password, "--patients", String(2 * PATIENTS)], env);
    const parties = JSON.parse(made.trim().split("\n").at(-1));
    const runs = [
      { name: "off", label: "checks off", env: {}, patients: parties.patientIds.slice(0, PATIENTS) },
      { name: "on", label: `checks on (CORE, ${DELAY_MS} ms answers)`, env: checksEnv, patients: parties.patientIds.slice(PATIENTS) },
    ];
    for (const run of runs) {
      const app = await startApp({ port: port + 71, env: { ...env, ...run.env }, logFile: path.join(work, "ivrs.log") });
      try {
        const site = `http://127.0.0.1:${app.port}`;
        const cookie = await signIn(site, MEMBER.email, MEMBER.password);
        if (!cookie) throw new Error(`IVRs ${run.name}: the member could not sign in`);
        const cursor = { next: 0, ranOut: false };
        // Warming up (its IVRs are counted below, not its figures).
        const warm = await send({ site, cookie, parties, patients: run.patients, cursor, seconds: 2 });
        const { result, sent, statuses } = await send({ site, cookie, parties, patients: run.patients, cursor, seconds: SECONDS });
        if (cursor.ranOut) failures.push(`IVRs ${run.name}: more IVRs than the ${PATIENTS} patients made (raise BENCH_IVR_PATIENTS): some patients had two`);
        const all = [...warm.sent, ...sent];
        const other = Object.entries(statuses).filter(([s]) => s !== "302" && s !== "303");
        if (result.errors || result.timeouts || other.length || sent.length !== result.requests.total)
          failures.push(`IVRs ${run.name}: ${result.requests.total - sent.length} sendings not sent (${JSON.stringify(statuses)}, ${result.errors} errors, ${result.timeouts} timeouts)`);

        // A sending still under way when a phase ended was cut off unanswered, but the server finishes it: count once the IVRs stop growing.
        const storedIvrs = async () =>
          (
            await pool.query(`select id, patient_id from ivrs where practice_id = $1 and patient_id = any($2::uuid[]) and status <> 'draft'`, [
              parties.practiceId,
              run.patients,
            ])
          ).rows;
        let stored = await storedIvrs();
        for (let settled = 0, since = performance.now(); settled < 2 && performance.now() - since < 30_000; ) {
          await sleep(1_000);
          const again = await storedIvrs();
          settled = again.length === stored.length ? settled + 1 : 0;
          stored = again;
        }
        const storedIds = new Set(stored.map((r) => r.id));
        const patientCount = new Set(stored.map((r) => r.patient_id)).size;
        // Every sending answered "sent" made exactly one IVR, of the patient it was for; the others are at most the ones cut off.
        const cutOff = stored.length - all.length;
        const missing = all.filter((id) => !storedIds.has(id)).length;
        if (missing || new Set(all).size !== all.length || patientCount !== stored.length || cutOff < 0 || cutOff > 2 * CONNECTIONS)
          failures.push(
            `IVRs ${run.name}: ${all.length} answered sent (${new Set(all).size} distinct, ${missing} not stored), ${stored.length} IVRs stored for ${patientCount} patients, at most ${2 * CONNECTIONS} cut off`,
          );

        let checks = { checks: 0, answered: 0, waiting: 0, ivrs: 0 };
        let answerMs = 0;
        const ids = [...storedIds];
        if (run.name === "on") {
          const started = performance.now();
          for (;;) {
            checks = await checksOf(pool, ids);
            if (checks.answered === ids.length || performance.now() - started > ANSWER_WAIT_MS) break;
            await sleep(500);
          }
          answerMs = performance.now() - started;
          if (checks.checks !== ids.length || checks.ivrs !== ids.length) failures.push(`IVRs on: ${ids.length} IVRs stored, ${checks.checks} checks for ${checks.ivrs} of them (one each expected)`);
          if (checks.answered !== ids.length)
            failures.push(`IVRs on: ${checks.answered} of ${ids.length} checks answered ${ANSWER_WAIT_MS / 1000} s after the run (${checks.waiting} waiting)`);
        } else {
          checks = await checksOf(pool, ids);
          if (checks.checks !== 0) failures.push(`IVRs off: ${checks.checks} checks made with the connector off`);
        }

        const perSecond = sent.length / SECONDS;
        figures[run.name] = perSecond;
        rows.push([
          run.label,
          perSecond.toFixed(1),
          result.latency.p50,
          result.latency.p99,
          `${all.length} / ${stored.length} / ${patientCount}`,
          run.name === "on" ? `${checks.checks} / ${checks.answered}` : String(checks.checks),
          run.name === "on" ? `${(answerMs / 1000).toFixed(1)} s` : "",
        ]);
      } finally {
        await app.stop();
      }
    }
  } finally {
    await pool.end();
    await endpoint.stop();
    postgres.destroy();
  }

  const ratio = figures.off ? figures.on / figures.off : 0;
  if (figures.off !== undefined && figures.on !== undefined) rows.push(["on ÷ off", ratio.toFixed(2), "", "", "", "", ""]);
  table(
    `IVRs sent through the portal's form, one process on PostgreSQL, ${CONNECTIONS} connections for ${SECONDS} s (after 2 s warming up), with eligibility checks off and on`,
    ["run", "IVRs sent/s", "p50 ms", "p99 ms", "answered sent / IVRs / patients", "checks / answered", "all answered after"],
    rows,
  );
  summarise(
    `IVRs sent per second with eligibility checks on (${CONNECTIONS} connections)`,
    figures.on !== undefined ? `${figures.on.toFixed(1)}/s` : "—",
    figures.off !== undefined ? `${figures.off.toFixed(1)}/s checks off` : "—",
    figures.off ? ratio.toFixed(2) : "",
    `≥ ${TARGET.share} × off`,
    Boolean(figures.off) && ratio >= TARGET.share,
  );
}
