// Contact submissions at a fixed concurrency, as a browser sends them, and the
// checks that every accepted one was stored once with one notification.
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";


/** The submitter of submission `i` of run `run`: a unique address that finds its row and its mails. */
export const submitterOf = (run, i) => `${run}-${i}@load.example`;

/** The `p`th percentile of `sorted` (ascending); 0 for none. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * Sends `total` contact submissions to `url`, `concurrency` at a time. With
 * `resend`, a 5xx or network failure is sent again with the same idempotency
 * key after `resendDelayMs`, as the browser's pending-submission queue does.
 * `onProgress(done)` runs after each answer (for faults injected mid-run).
 */
export async function sendContacts({ url, run, total, concurrency, resend = false, resendDelayMs = 500, maxTries = 60, onProgress }) {
  const results = new Array(total);
  const statuses = {};
  const count = (status) => {
    statuses[status] = (statuses[status] ?? 0) + 1;
  };
  let next = 0;
  let done = 0;
  const started = performance.now();

  async function one(i) {
    const body = new URLSearchParams({
      firstName: "Load",
      lastName: `Test ${i}`,
      email: submitterOf(run, i),
      company: "Benchmark Clinic",
      message: `Submission ${i} of run ${run}: please call about graft sizes.`,
      clientKey: randomUUID(),
    }).toString();
    let tries = 0;
    for (;;) {
      tries++;
      const t0 = performance.now();
      let status;
      try {
        const answer = await fetch(`${url}/contact`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: url, "x-resend": "1" },
          body,
          redirect: "manual",
          signal: AbortSignal.timeout(30_000),
        });
        status = answer.status;
        await answer.arrayBuffer();
      } catch {
        status = "network";
      }
      const ms = performance.now() - t0;
      count(status);
      const failed = status === "network" || status >= 500;
      if (!failed || !resend || tries >= maxTries) {
        results[i] = { status, ms, tries };
        return;
      }
      await sleep(resendDelayMs);
    }
  }

  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        await one(i);
        done++;
        await onProgress?.(done);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
  return {
    results,
    /** Every answer, counting re-sends: status → count. */
    statuses,
    seconds,
    rps: total / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    accepted: results.filter((r) => r.status >= 200 && r.status < 300).length,
    serverErrors: results.filter((r) => r.status === "network" || r.status >= 500).length,
  };
}

/**
 * What the database holds for run `run`: per submitter, the submission rows,
 * contact rows and outbox rows. `query(sql, params)` returns rows.
 */
export async function storedFor(query, run) {
  const rows = await query(
    `select s.email,
            count(distinct s.id)::int as submissions,
            count(distinct c.submission_id)::int as messages,
            count(distinct o.id) filter (where o.purpose = 'contact.notification')::int as notifications,
            count(distinct o.id) filter (where o.purpose = 'contact.confirmation')::int as confirmations,
            count(distinct o.id) filter (where o.status <> 'sent')::int as unsent
       from submissions s
       left join contact_messages c on c.submission_id = s.id
       left join outbox o on o.submission_id = s.id
      where s.email like $1
      group by s.email`,
    [`${run}-%@load.example`],
  );
  return new Map(rows.map((r) => [r.email, r]));
}

/**
 * Checks a run: every accepted submission has exactly one row, its contact
 * message, and exactly one notification and one confirmation delivered (as
 * counted by the SMTP capture); nothing was stored for an answer that was not accepted.
 * Returns a list of problems (empty when all is well) and the counts.
 */
export function checkRun({ run, total, results, stored, mails, company }) {
  const problems = [];
  // Distinct Message-IDs: a mail sent again after a crash (sent, not yet recorded) carries its first one.
  const notifications = new Map();
  const confirmations = new Map();
  const note = (map, key, id) => {
    if (!map.has(key)) map.set(key, new Set());
    map.get(key).add(id);
  };
  let received = 0;
  for (const mail of mails) {
    const recipients = mail.to.map((to) => to.toLowerCase());
    if (!recipients.some((to) => to === company || to.endsWith("@load.example"))) continue;
    if (recipients.includes(company) && mail.replyTo?.startsWith(`${run}-`)) {
      received++;
      note(notifications, mail.replyTo, mail.messageId);
    }
    for (const to of recipients) {
      if (to.startsWith(`${run}-`) && to.endsWith("@load.example")) {
        received++;
        note(confirmations, to, mail.messageId);
      }
    }
  }
  let rows = 0;
  let delivered = 0;
  let distinct = 0;
  for (let i = 0; i < total; i++) {
    const email = submitterOf(run, i);
    const ok = results[i].status >= 200 && results[i].status < 300;
    const row = stored.get(email);
    if (row) rows += row.submissions;
    if (!ok) {
      if (row) problems.push(`${email}: answered ${results[i].status} but stored`);
      continue;
    }
    if (!row || row.submissions !== 1 || row.messages !== 1) problems.push(`${email}: ${row?.submissions ?? 0} rows, ${row?.messages ?? 0} messages`);
    else if (row.notifications !== 1 || row.confirmations !== 1) problems.push(`${email}: ${row.notifications} notifications, ${row.confirmations} confirmations queued`);
    const sentNotifications = notifications.get(email)?.size ?? 0;
    const sentConfirmations = confirmations.get(email)?.size ?? 0;
    distinct += sentNotifications + sentConfirmations;
    if (sentNotifications !== 1 || sentConfirmations !== 1) problems.push(`${email}: ${sentNotifications} notification and ${sentConfirmations} confirmation mails received`);
    else delivered++;
  }
  return { problems, rows, delivered, duplicates: received - distinct };
}

/** Waits until `query` finds no unsent mail for run `run` (or `timeoutMs` passes); returns the number still unsent. */
export async function waitForOutbox(query, run, timeoutMs) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [{ unsent }] = await query(
      `select count(*)::int as unsent from outbox o join submissions s on s.id = o.submission_id
        where s.email like $1 and o.status <> 'sent'`,
      [`${run}-%@load.example`],
    );
    if (unsent === 0 || Date.now() > until) return unsent;
    await sleep(1000);
  }
}
