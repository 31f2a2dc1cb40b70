// `npm run bench`'s "portal and console at scale" part (BENCH_ONLY=scale):
// the signed-in pages of a member and of staff at 50 connections on a year of
// 500 practices (`seed:demo --practices 500`: 50,000 patients, ~190,000 IVRs,
// ~150,000 orders, 200,000 submissions, ~4 million audit rows), each beside the
// same page on a year of 20 practices in the same run; the CSV export of the
// 200,000 submissions; 1,000 open status streams of 500 practices; and the
// staff IVR queue and the board on two processes behind nginx with a streaming
// replica, beside one process. Both databases are made once and reused
// (scripts/lib/scale-data.mjs).
import http from "node:http";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import pg from "pg";
import { LAST_NAMES } from "../seed/vocabulary.ts";
import { residentBytes, startApp, startCluster } from "./cluster.mjs";
import { startReplica } from "./postgres.mjs";
import { scaleServer } from "./scale-data.mjs";

const CONNECTIONS = 50;
const SECONDS = Number.parseInt(process.env.BENCH_SCALE_SECONDS ?? "6", 10);
const STREAMS = Number.parseInt(process.env.BENCH_STREAMS ?? "1000", 10);
const EVENTS = Number.parseInt(process.env.BENCH_STREAM_EVENTS ?? "200", 10);
const TARGET = { p99: 100, ratio: 1.5, exportRowsPerSecond: 50_000, exportRssGrowth: 50 * 1024 * 1024, streamsRss: 300 * 1024 * 1024, deliveryP99: 1_000, stockQueryMs: 50 };

import { enrolIfAsked } from "./second-factor.mjs";

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const at = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0);

/** The authenticator keys staff and admins set up in this run: a second sign-in (the cluster's) answers with the same key. */
const appKeys = new Map();

/** Signs `email` in through the form; answers the session's Cookie header, or null when refused. */
export async function signIn(url, email, password) {
  const answer = await fetch(`${url}/auth`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
    body: new URLSearchParams({ email, password }).toString(),
    redirect: "manual",
  });
  await answer.arrayBuffer();
  const signedIn = answer.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (answer.status !== 302 || !signedIn.includes("session_token")) return null;
  // Staff and admins: the second factor is set up as the page asks (their app was reset before the run).
  const cookie = await enrolIfAsked(url, signedIn, answer.headers.get("location"), appKeys, email);
  // Without the write mark of the sign-in: the pages read as anyone's later reads do.
  return cookie
    .split("; ")
    .filter((c) => !c.startsWith("portal.wrote="))
    .join("; ");
}

/** What the pages are asked about: the first practice (the large one on 500), its admin where one can sign in (every portal page opens to them), and records of it. */
async function subjects(url) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const one = async (text, params = []) => (await pool.query(text, params)).rows[0];
  try {
    const member = await one(
      `select u.email, pm.practice_id from practice_members pm join "user" u on u.id = pm.user_id
        where u.email like 'p1.m%@demo.example' and u.disabled = false order by pm.role = 'admin' desc, u.email limit 1`,
    );
    const practiceId = member.practice_id;
    const ivr = await one(`select id from ivrs where practice_id = $1 and status <> 'draft' order by updated_at desc limit 1`, [practiceId]);
    const order = await one(`select id from orders where practice_id = $1 order by updated_at desc limit 1`, [practiceId]);
    const staff = await one(`select email from "user" where role = 'staff' and disabled = false order by email limit 1`);
    // The audit log is an admin's page.
    const admin = await one(`select email from "user" where role = 'admin' and disabled = false order by email limit 1`);
    // Their second factor is set up afresh at this run's sign-in (the database is kept between runs; the key is not).
    await pool.query(`delete from two_factor where user_id in (select id from "user" where email = any($1))`, [[staff.email, admin.email]]);
    await pool.query(`update "user" set two_factor_enabled = false where email = any($1)`, [[staff.email, admin.email]]);
    const counts = await one(
      `select (select count(*) from patients where practice_id = $1)::int as patients, (select count(*) from ivrs where practice_id = $1)::int as ivrs,
              (select count(*) from ivrs)::int as all_ivrs, (select count(*) from orders)::int as all_orders, (select count(*) from submissions)::int as submissions,
              (select count(*) from audit_log)::int as audit`,
      [practiceId],
    );
    // A lot the practice received: what a recall looks for.
    const unit = await one(`select lot from order_units where practice_id = $1 and lot is not null order by expires_on desc limit 1`, [practiceId]);
    // The practice's latest chat, or the latest of any when its members never chatted: the console's chat page.
    const chat = await one(`select id from chats order by practice_id is not distinct from $1 desc, last_message_at desc limit 1`, [practiceId]);
    return { member: member.email, practiceId, ivrId: ivr.id, orderId: order.id, chatId: chat?.id ?? "none", staff: staff.email, admin: admin.email, counts, lot: unit?.lot ?? "none" };
  } finally {
    await pool.end();
  }
}

/** The pages measured, by who asks for them. */
function pagesOf(s) {
  const name = LAST_NAMES[7].slice(0, 4);
  return [
    ["member", "STATUS board", "/members"],
    ["member", "an IVR page", `/members/ivrs/${s.ivrId}`],
    ["member", "order list", "/members/orders"],
    ["member", "PAY INVOICE", "/members/invoices"],
    ["member", `patient search "${name}"`, `/members/patients?q=${encodeURIComponent(name)}`],
    ["staff", "IVR queue (default)", "/admin/ivrs"],
    ["staff", "IVR queue (practice, older than 3 days)", `/admin/ivrs?status=all&practice=${s.practiceId}&age=3`],
    ["staff", "order queue", "/admin/orders"],
    ["staff", "an IVR page", `/admin/ivrs/${s.ivrId}`],
    ["staff", `inbox, search "${name}"`, `/admin?q=${encodeURIComponent(name)}`],
    ["admin", "audit log, first page", "/admin/audit"],
    ["admin", "audit log, 500 pages deep", null],
    ["staff", "a practice's page", `/admin/practices/${s.practiceId}`],
    ["member", "stock page", "/members/inventory"],
    ["staff", "inventory across practices", "/admin/inventory"],
    ["staff", "recall search by lot", `/admin/recalls?by=lot&value=${encodeURIComponent(s.lot ?? "")}`],
    ["staff", "sessions and security", "/account"],
    ["staff", "portal access requests", "/admin/access-requests"],
    ["staff", "sales partners", "/admin/partners"],
    ["staff", "chat queue", "/admin/chats"],
    ["staff", "a chat's page", `/admin/chats/${s.chatId}`],
    ["member", "chat panel", "/members/chat"],
  ];
}

/**
 * The audit log 500 pages (of 50) deep: the page its "Older entries" link
 * leads to after 499 clicks, asked for at once with the cursor of row 25,000
 * (the shape the page's own links carry: base64url of [time, id]).
 */
async function deepAuditPage(url) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const { rows } = await pool.query(
      `select to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"+00:00"') as at, id from audit_log order by at desc, id desc offset 24999 limit 1`,
    );
    return `/admin/audit?before=${Buffer.from(JSON.stringify([rows[0].at, rows[0].id])).toString("base64url")}`;
  } finally {
    await pool.end();
  }
}

async function measure(url, cookie) {
  await autocannon({ url, connections: 10, duration: 1, headers: { cookie } });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: { cookie, "accept-encoding": "gzip" } });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors, total: r.requests.total };
}

/** Peak resident memory of `pid` while `work` runs, sampled every 50 ms. */
async function peakWhile(pid, work) {
  let peak = residentBytes(pid);
  let on = true;
  const sampler = (async () => {
    while (on) {
      peak = Math.max(peak, residentBytes(pid));
      await sleep(50);
    }
  })();
  try {
    return { result: await work(), peak: () => peak };
  } finally {
    on = false;
    await sampler;
  }
}

/** Opens a status stream; calls `onStatus(data)` per status event. Answers a closer once the stream answered. */
function openStream(url, cookie, agent, onStatus) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { cookie, accept: "text/event-stream" } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`stream answered ${res.statusCode}`));
        return;
      }
      res.setEncoding("utf8");
      let buffer = "";
      res.on("data", (chunk) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.includes("event: status")) {
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (data) onStatus(JSON.parse(data));
          }
        }
      });
      resolve(() => req.destroy());
    });
    req.on("error", reject);
  });
}

export async function benchScale({ port, smtp, baseEnv, work, table, summarise, failures }) {
  const data = await scaleServer({ port: port + 60, settings: { shared_buffers: "1GB", max_connections: 300 } });
  const replicas = [];
  try {
    const small = await data.database(20);
    const large = await data.database(500);
    const sizes = [];
    const results = new Map();
    for (const [label, db] of [
      ["20 practices", small],
      ["500 practices", large],
    ]) {
      const s = await subjects(db.url);
      sizes.push([label, s.counts.all_ivrs, s.counts.all_orders, s.counts.submissions, s.counts.audit, `${s.counts.patients} patients, ${s.counts.ivrs} IVRs`]);
      const env = {
        ...baseEnv,
        DATABASE_URL: db.url,
        PHI_KEY: db.phiKey,
        SMTP_URL: smtp.url,
        DATA_DIR: path.join(work, `scale-${db.practices}`),
        LOG_LEVEL: "warn",
      };
      const app = await startApp({ port: port + 61, env, logFile: path.join(work, "scale.log") });
      const site = `http://127.0.0.1:${app.port}`;
      try {
        const cookies = { member: await signIn(site, s.member, db.password), staff: await signIn(site, s.staff, db.password), admin: await signIn(site, s.admin, db.password) };
        if (!cookies.member || !cookies.staff || !cookies.admin) throw new Error(`could not sign in to the ${label} database as ${s.member}, ${s.staff} and ${s.admin}`);
        for (const [who, page, address] of pagesOf(s)) {
          const target = address ?? (await deepAuditPage(db.url));
          if (!address) {
            // A cursor the page did not take would measure the first page: the deep page links back to newer entries.
            const html = await (await fetch(`${site}${target}`, { headers: { cookie: cookies.admin } })).text();
            if (!html.includes("Newer entries")) failures.push(`${label}: the audit log's deep page did not open (${target})`);
          }
          const m = await measure(`${site}${target}`, cookies[who]);
          if (m.bad) failures.push(`${label}, ${who} ${page}: ${m.bad} of ${m.total} answers not 2xx`);
          results.set(`${who}|${page}|${label}`, m);
        }
        if (db === large) {
          // A part that fails is reported and the others still run.
          for (const [name, part] of [
            ["stock queries", () => benchStockQueries(db)],
            ["export", () => benchExport(site, cookies.staff, app.pid, db.url)],
            // On a process of its own (as the one holding a region's open boards would be): the memory the streams cost, not what the page runs above left behind.
            [
              "streams",
              async () => {
                await app.stop();
                const fresh = await startApp({ port: port + 64, env, logFile: path.join(work, "scale-streams.log") });
                try {
                  return await benchStreams(`http://127.0.0.1:${fresh.port}`, fresh.pid, db);
                } finally {
                  await fresh.stop();
                }
              },
            ],
          ]) {
            try {
              results.set(name, await part());
            } catch (error) {
              failures.push(`${label}, ${name}: ${error.message}${error.cause ? ` (${error.cause.message})` : ""}`);
            }
          }
        }
      } finally {
        await app.stop();
      }
      if (db === large) results.set("cluster", await benchCluster({ port, data, db, env, work, s, replicas }));
    }

    table("The two years measured", ["database", "IVRs", "orders", "submissions", "audit rows", "first practice"], sizes);
    const rows = [];
    for (const [who, page] of pagesOf({})) {
      const a = results.get(`${who}|${page}|20 practices`);
      const b = results.get(`${who}|${page}|500 practices`);
      if (!a || !b) continue;
      const ratio = b.p99 / Math.max(a.p99, 1);
      rows.push([`${who}: ${page}`, Math.round(b.rps), b.p50, b.p99, Math.round(a.rps), a.p99, `${ratio.toFixed(2)} ×`]);
      summarise(
        `${who}: ${page} (500 practices, ${CONNECTIONS} conn.)`,
        `p99 ${b.p99} ms, ${Math.round(b.rps)} req/s`,
        `20 practices: p99 ${a.p99} ms`,
        `${ratio.toFixed(2)} ×`,
        "p99 ≤ 100 ms, ≤ 1.5 ×",
        // A page that answered nothing in time is short, whatever its ratio says.
        b.total > 0 && b.p99 <= TARGET.p99 && ratio <= TARGET.ratio,
      );
    }
    table(`Signed-in pages at ${CONNECTIONS} connections, ${SECONDS} s each, one process (500 practices beside 20)`, ["page", "req/s", "p50 ms", "p99 ms", "20: req/s", "20: p99", "p99 ratio"], rows);

    const sq = results.get("stock queries");
    if (sq) {
      table(`Recall and scan lookups on the seeded year (500 practices, ${sq.units} units shipped), ${sq.runs} of each, one at a time`, ["query", "median ms", "p99 ms", "max ms"], [
        ["recall: every unit of a lot, with practice, facility, disposition and IVR", sq.recall.p50.toFixed(1), sq.recall.p99.toFixed(1), sq.recall.max.toFixed(1)],
        ["scan lookup: a practice's unit by its identifier", sq.scan.p50.toFixed(1), sq.scan.p99.toFixed(1), sq.scan.max.toFixed(1)],
      ]);
      for (const [label, m] of [
        ["recall query by lot", sq.recall],
        ["scan lookup", sq.scan],
      ])
        summarise(`${label} (500 practices)`, `p99 ${m.p99.toFixed(1)} ms`, `median ${m.p50.toFixed(1)} ms`, "", `< ${TARGET.stockQueryMs} ms`, m.p99 < TARGET.stockQueryMs);
    }
    const ex = results.get("export");
    if (ex) {
      table("CSV export of every submission, kind by kind, streamed (500 practices)", ["kind", "rows", "seconds", "rows/s"], ex.kinds);
      summarise(
        `CSV export of ${ex.rows} submissions`,
        `${Math.round(ex.rowsPerSecond)} rows/s; RSS +${mb(ex.peak - ex.idle)} (peak ${mb(ex.peak)})`,
        `idle RSS ${mb(ex.idle)}`,
        "",
        "≥ 50,000 rows/s, RSS within 50 MB of idle",
        ex.rowsPerSecond >= TARGET.exportRowsPerSecond && ex.peak - ex.idle <= TARGET.exportRssGrowth,
      );
    }
    const st = results.get("streams");
    if (st) {
      table(`Live status: ${st.streams} open board streams of ${st.practices} practices in one process`, ["figure", "value"], [
        ["sign-ins to open them", `${st.signIns} in ${st.signInSeconds.toFixed(0)} s`],
        ["RSS before / with the streams open", `${mb(st.idle)} / ${mb(st.held)}`],
        ["status changes sent (pg_notify as a status change does, at commit)", st.sent],
        ["deliveries expected / received", `${st.expected} / ${st.received}`],
        ["events reaching a board of another practice", st.stray],
        ["delivery p50 / p99 / max", `${st.p50.toFixed(0)} / ${st.p99.toFixed(0)} / ${st.max.toFixed(0)} ms`],
      ]);
      summarise(
        `${st.streams} open status streams, one process`,
        `RSS ${mb(st.held)}; delivery p99 ${st.p99.toFixed(0)} ms; ${st.received}/${st.expected} delivered, ${st.stray} astray`,
        `idle RSS ${mb(st.idle)}`,
        "",
        "< 300 MB, p99 ≤ 1 s, only its practice",
        st.held < TARGET.streamsRss && st.p99 <= TARGET.deliveryP99 && st.stray === 0 && st.received === st.expected,
      );
    }
    const cl = results.get("cluster");
    if (cl) {
      const crow = [];
      for (const [who, page] of [
        ["staff", "IVR queue (default)"],
        ["member", "STATUS board"],
      ]) {
        const one = results.get(`${who}|${page}|500 practices`);
        const two = cl.get(`${who}|${page}`);
        crow.push([`${who}: ${page}`, Math.round(one.rps), one.p99, Math.round(two.rps), two.p99, `${(two.rps / one.rps).toFixed(2)} ×`]);
        summarise(`${who}: ${page}, 2 processes + nginx + replica`, `${Math.round(two.rps)} req/s, p99 ${two.p99} ms`, `1 process: ${Math.round(one.rps)} req/s, p99 ${one.p99} ms`, `${(two.rps / one.rps).toFixed(2)} ×`, "", null);
      }
      table("Two processes behind nginx, primary and streaming replica (500 practices), beside one process on the primary", ["page", "1 process req/s", "p99", "cluster req/s", "p99", "throughput"], crow);
    }
  } finally {
    for (const r of replicas) r.destroy();
    await data.stop();
  }
}

/**
 * The recall query and the scan lookup, called as the pages call them, on
 * lots and identifiers drawn from the seeded shelves: each timed on its own
 * (no other load), `runs` times.
 */
async function benchStockQueries(db) {
  const { openDatabase } = await import("../../app/.server/db/client.ts");
  const { findRecallUnits } = await import("../../app/.server/inventory/recalls.ts");
  const { findStockUnit } = await import("../../app/.server/inventory/stock.ts");
  const database = await openDatabase({ url: db.url, poolSize: 2 });
  const runs = 200;
  try {
    const pool = new pg.Pool({ connectionString: db.url, max: 1 });
    const { rows: picks } = await pool.query(`select lot, tissue_id, practice_id from order_units where lot is not null order by random() limit ${runs}`);
    const units = Number((await pool.query(`select count(*) from order_units`)).rows[0].count);
    await pool.end();
    const time = async (fn) => {
      const times = [];
      for (const pick of picks) {
        const start = performance.now();
        await fn(pick);
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      return { p50: times[Math.floor(times.length / 2)], p99: times[Math.floor(times.length * 0.99)], max: times.at(-1) };
    };
    // Warm the pool and the plans once.
    await findRecallUnits(database.db, { by: "lot", value: picks[0].lot });
    const recall = await time((p) => findRecallUnits(database.db, { by: "lot", value: p.lot }));
    const scan = await time((p) => findStockUnit(database.db, { practiceId: p.practice_id, scan: p.tissue_id }));
    return { runs: picks.length, units, recall, scan };
  } finally {
    await database.close();
  }
}

async function benchExport(site, cookie, pid, url) {
  await sleep(1000);
  const idle = residentBytes(pid);
  const kinds = [];
  let rows = 0;
  const started = performance.now();
  const { peak } = await peakWhile(pid, async () => {
    for (const kind of ["contact", "intake", "application", "callback"]) {
      const t0 = performance.now();
      const answer = await fetch(`${site}/admin/export/${kind}.csv`, { headers: { cookie } });
      if (answer.status !== 200) throw new Error(`export of ${kind} answered ${answer.status}`);
      let bytes = 0;
      for await (const chunk of answer.body) bytes += chunk.length;
      const seconds = (performance.now() - t0) / 1000;
      kinds.push({ kind, seconds, bytes });
    }
  });
  const seconds = (performance.now() - started) / 1000;
  // The rows each export sent, as its audit row says.
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  for (const k of kinds) {
    const { rows: found } = await pool.query(`select detail from audit_log where action = 'export.csv' and target = $1 order by at desc limit 1`, [k.kind]);
    k.rows = Number(/: (\d+) rows?$/.exec(found[0]?.detail ?? "")?.[1] ?? 0);
    rows += k.rows;
  }
  await pool.end();
  return {
    rows,
    rowsPerSecond: rows / seconds,
    idle,
    peak: peak(),
    kinds: kinds.map((k) => [k.kind, k.rows, k.seconds.toFixed(1), Math.round(k.rows / k.seconds)]),
  };
}

async function benchStreams(site, pid, db) {
  const pool = new pg.Pool({ connectionString: db.url, max: 4 });
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const closers = [];
  try {
    // Two boards per practice (a member with two tabs, or two members), 500 practices.
    const { rows: practices } = await pool.query(
      `select p.id, min(u.email) as email from practices p join practice_members pm on pm.practice_id = p.id join "user" u on u.id = pm.user_id
        where u.disabled = false group by p.id order by p.id limit $1`,
      [Math.ceil(STREAMS / 2)],
    );
    const idle = residentBytes(pid);
    const t0 = performance.now();
    const cookies = new Map();
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < practices.length) {
          const p = practices[next++];
          const cookie = await signIn(site, p.email, db.password);
          if (!cookie) throw new Error(`could not sign in ${p.email}`);
          cookies.set(p.id, cookie);
        }
      }),
    );
    const signInSeconds = (performance.now() - t0) / 1000;
    const got = new Map(); // IVR id -> [{ practiceId, at }]
    const boardsOf = new Map(); // practice id -> streams open
    let opened = 0;
    for (const p of practices) {
      for (let tab = 0; tab < 2 && opened < STREAMS; tab++, opened++) {
        closers.push(
          await openStream(`${site}/members/events`, cookies.get(p.id), agent, (event) => {
            const list = got.get(event.id) ?? [];
            list.push({ practiceId: p.id, at: performance.now() });
            got.set(event.id, list);
          }),
        );
        boardsOf.set(p.id, (boardsOf.get(p.id) ?? 0) + 1);
      }
    }
    await sleep(3000);
    const held = residentBytes(pid);
    // Status changes of one IVR in each of EVENTS practices, 20 a second, as the lifecycle publishes them at its commit.
    const { rows: ivrs } = await pool.query(
      `select distinct on (practice_id) id, practice_id, status from ivrs where practice_id = any($1::uuid[]) and status <> 'draft' order by practice_id, updated_at desc`,
      [practices.map((p) => p.id)],
    );
    const sent = [];
    for (const ivr of ivrs.slice(0, EVENTS)) {
      const event = { practiceId: ivr.practice_id, kind: "ivr", id: ivr.id, status: ivr.status };
      // Timed from before the statement is sent (its commit is when the boards may hear of it): the figure errs long, not short.
      const at = performance.now();
      await pool.query("select pg_notify('status_events', $1)", [JSON.stringify(event)]);
      sent.push({ ...event, at });
      await sleep(50);
    }
    await sleep(2000);
    const delays = [];
    let received = 0;
    let stray = 0;
    let expected = 0;
    for (const e of sent) {
      expected += boardsOf.get(e.practiceId) ?? 0;
      for (const h of got.get(e.id) ?? []) {
        if (h.practiceId !== e.practiceId) stray++;
        else {
          received++;
          delays.push(h.at - e.at);
        }
      }
    }
    delays.sort((a, b) => a - b);
    return {
      streams: opened,
      practices: practices.length,
      signIns: cookies.size,
      signInSeconds,
      idle,
      held,
      sent: sent.length,
      expected,
      received,
      stray,
      p50: Math.max(0, at(delays, 50)),
      p99: Math.max(0, at(delays, 99)),
      max: Math.max(0, delays.at(-1) ?? 0),
    };
  } finally {
    for (const close of closers) close();
    agent.destroy();
    await pool.end();
  }
}

async function benchCluster({ port, data, db, env, work, s, replicas }) {
  const replica = await startReplica({ primaryUrl: data.server.url, port: port + 62 });
  replicas.push(replica);
  const replicaUrl = replica.url.replace(/\/postgres$/, `/demo_${db.practices}_s${db.seed}`);
  const cluster = await startCluster({ port: port + 63, processes: 2, env: { ...env, DATABASE_REPLICA_URL: replicaUrl }, logFile: path.join(work, "scale-cluster.log") });
  const out = new Map();
  try {
    const cookies = { member: await signIn(cluster.url, s.member, db.password), staff: await signIn(cluster.url, s.staff, db.password) };
    await replica.caughtUp();
    for (const [who, page, address] of [
      ["staff", "IVR queue (default)", "/admin/ivrs"],
      ["member", "STATUS board", "/members"],
    ]) {
      out.set(`${who}|${page}`, await measure(`${cluster.url}${address}`, cookies[who]));
    }
  } finally {
    await cluster.stop();
  }
  return out;
}
