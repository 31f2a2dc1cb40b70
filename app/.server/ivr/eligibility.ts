import { and, count, desc, eq, gte, inArray, isNull, ne, sql } from "drizzle-orm";
import { outsideDemo } from "~/.server/demo/scope";
import { z } from "zod";
import { PAYERS, payersById } from "~/content/payers";
import {
  attentionRank,
  ELIGIBILITY_OFF,
  ELIGIBILITY_SYNTHETIC,
  ELIGIBILITY_UNDER_WAY,
  type EligibilityAttention,
  type EligibilityCheckState,
  type EligibilityCheckWhy,
} from "~/lib/eligibility";
import { IVR_ORDERABLE_STATUSES, ivrReference } from "~/lib/ivr";
import { JOB_IN_FLIGHT } from "~/lib/jobs";
import { maskMemberId } from "~/lib/patients";
import { auditRead, type Actor } from "~/.server/audit";
import { openJson, sealJson } from "~/.server/crypto";
import type { Db } from "~/.server/db/client";
import { coverages, eligibilityChecks, facilities, ivrs, jobs, orders, outbox, patients, providers } from "~/.server/db/schema";
import { inTransaction } from "~/.server/db/transaction";
import { publishStatus } from "~/.server/events";
import {
  eligibilityConnector,
  practiceLine,
  type EligibilityConnector,
  type EligibilityInquiry,
  type EligibilitySummary,
  type InformationReceiver,
  type Sex,
} from "~/.server/eligibility";
import { eligibilityConfigured, env, parseEnv, siteConfig, siteOrigin } from "~/.server/env";
import { mailFollowers } from "~/.server/mail";
import { backoffSeconds, defineJob, enqueue, RetryAt, type RetryPolicy } from "~/.server/jobs";
import { getPatient } from "~/.server/patients";
import { SEALED } from "./sealed";

/**
 * Real-time eligibility checks of IVRs: asked for in the transaction of what
 * calls for them (an IVR sent, a re-verification started, staff asking again,
 * an order placed on an old answer), run by the job `eligibility.check` outside
 * any request, and kept with the IVR (the raw 271 and its summary sealed).
 * What the library in app/.server/eligibility builds and reads, this module
 * stores and shows.
 */

/** The connector the environment chooses now (read afresh: see eligibilityConfigured); null when checks are off. */
export function currentConnector(): EligibilityConnector | null {
  return eligibilityConfigured() ? eligibilityConnector(parseEnv()) : null;
}

/** A payer that does not answer: tried again after a minute, doubling up to half an hour, six tries in all. */
export const ELIGIBILITY_RETRY: RetryPolicy = { maxAttempts: 6, baseSeconds: 60, capSeconds: 1800 };

export type CheckRequest = { ivrId: string; why: EligibilityCheckWhy; requestedBy?: string | null };
export type CheckRequested = { queued: true; checkId: string } | { queued: false; reason: "off" | "no-coverage" | "under-way"; message: string };

/**
 * Asks for a check of the IVR's primary coverage, inside the caller's
 * transaction: a waiting check row and its job, or nothing when checks are off,
 * the IVR has no coverage, or a check of that coverage already waits.
 */
export async function requestEligibilityCheck(
  tx: Db,
  { ivrId, why, requestedBy = null, runAt }: CheckRequest & { runAt?: Date },
  connector: EligibilityConnector | null = currentConnector(),
): Promise<CheckRequested> {
  if (!connector) return { queued: false, reason: "off", message: ELIGIBILITY_OFF };
  const [cover] = await tx
    .select({ id: coverages.id })
    .from(ivrs)
    .innerJoin(coverages, and(eq(coverages.patientId, ivrs.patientId), isNull(coverages.replacedAt)))
    .where(and(eq(ivrs.id, ivrId), outsideDemo(ivrs.practiceId)))
    .orderBy(coverages.rank)
    .limit(1);
  if (!cover) return { queued: false, reason: "no-coverage", message: "The IVR's patient has no coverage to check." };
  const key = `eligibility:${cover.id}`;
  const insert = () =>
    tx
      .insert(eligibilityChecks)
      .values({ ivrId, coverageId: cover.id, why, requestedBy })
      .onConflictDoNothing({ target: eligibilityChecks.coverageId, where: sql`state = 'waiting'` })
      .returning({ id: eligibilityChecks.id });
  let [check] = await insert();
  if (!check) {
    // A waiting check whose job no longer runs (staff cancelled it in the jobs console) must not hold the coverage for ever.
    const [running] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.key, key), inArray(jobs.status, [...JOB_IN_FLIGHT])));
    if (running) return { queued: false, reason: "under-way", message: `${ELIGIBILITY_UNDER_WAY}.` };
    await tx
      .update(eligibilityChecks)
      .set({ state: "failed", failureReason: "The check's job was stopped before it answered.", retryAt: null })
      .where(and(eq(eligibilityChecks.coverageId, cover.id), eq(eligibilityChecks.state, "waiting")));
    [check] = await insert();
    if (!check) return { queued: false, reason: "under-way", message: `${ELIGIBILITY_UNDER_WAY}.` };
  }
  await enqueue(tx, { kind: "eligibility.check", payload: { checkId: check.id }, key, ...(runAt ? { runAt } : {}) });
  return { queued: true, checkId: check.id };
}

/**
 * Before an order: a check when the IVR's last answered one is older than
 * ELIGIBILITY_MAX_AGE_DAYS (or there is none). Never refuses or waits: the
 * order goes ahead whatever the payer says.
 */
export async function checkBeforeOrder(tx: Db, ivrId: string, now = new Date()): Promise<CheckRequested | null> {
  const connector = currentConnector();
  if (!connector) return null;
  const [last] = await tx
    .select({ answeredAt: eligibilityChecks.answeredAt })
    .from(eligibilityChecks)
    .where(and(eq(eligibilityChecks.ivrId, ivrId), eq(eligibilityChecks.state, "answered")))
    .orderBy(desc(eligibilityChecks.createdAt))
    .limit(1);
  const maxAgeMs = env().ELIGIBILITY_MAX_AGE_DAYS * 86_400_000;
  if (last?.answeredAt && now.getTime() - last.answeredAt.getTime() <= maxAgeMs) return null;
  return requestEligibilityCheck(tx, { ivrId, why: "before-order" }, connector);
}

// ---------------------------------------------------------------------------
// The job

/** What an answer asks of a person, most pressing first; null when nothing does. */
export function attentionOf(summary: EligibilitySummary): EligibilityAttention | null {
  if (summary.coverage === "inactive") return "inactive";
  if (summary.coverage === "unknown" && summary.rejections.length > 0) return "rejected";
  if (summary.authorizationRequired === true) return "authorisation";
  if (summary.otherCoverages.some((c) => c.kind !== "other" && c.kind !== "medicare-part-d")) return "other-payer";
  return null;
}

const SEX_CODES: Record<string, Sex> = { female: "F", male: "M" };

/** The payer id a coverage is checked with: its name in the payer list, or Medicare's (CMS) for a Medicare coverage. */
export function payerIdOf(coverage: { payerName: string; payerType: string }): { id: string; name: string } | null {
  const name = coverage.payerName.trim().toLowerCase();
  const listed = PAYERS.find((p) => p.name.toLowerCase() === name || p.id.toLowerCase() === name);
  if (listed) return { id: listed.id, name: listed.name };
  if (coverage.payerType === "medicare") return { id: "CMS", name: payersById("CMS")[0]?.name ?? "Medicare" };
  return null;
}

function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/);
  return words.length > 1 ? { firstName: words.slice(0, -1).join(" "), lastName: words.at(-1)! } : { firstName: "", lastName: words[0] ?? "" };
}

/** The patient's relationship to the subscriber (INS02), from the subscriber's relationship to the patient the practice chose. */
const RELATIONSHIPS: Record<string, "spouse" | "child" | "other"> = { spouse: "spouse", parent: "child" };

/** The inquiry an IVR's coverage makes, or the reason (in words, without patient data) it cannot be sent. */
async function inquiryOf(db: Db, check: typeof eligibilityChecks.$inferSelect): Promise<{ inquiry: EligibilityInquiry } | { refused: string }> {
  const [ivr] = await db.select().from(ivrs).where(eq(ivrs.id, check.ivrId));
  if (!ivr?.patientId) return { refused: "Not sent: the IVR has no patient." };
  const [flag] = await db.select({ synthetic: patients.synthetic }).from(patients).where(eq(patients.id, ivr.patientId));
  if (flag?.synthetic) return { refused: ELIGIBILITY_SYNTHETIC };
  const patient = await getPatient(db, null, ivr.patientId);
  const coverage = [...(patient?.coverages ?? []), ...(patient?.coverageHistory ?? [])].find((c) => c.id === check.coverageId);
  if (!patient || !coverage) return { refused: "Not sent: the coverage is no longer on file." };
  const payer = payerIdOf(coverage);
  if (!payer) return { refused: `Not sent: no payer id is known for "${coverage.payerName}" (add it to the payer list).` };
  const [provider] = ivr.providerId ? await db.select().from(providers).where(eq(providers.id, ivr.providerId)) : [];
  const [facility] = ivr.facilityId ? await db.select().from(facilities).where(eq(facilities.id, ivr.facilityId)) : [];
  const receiver: InformationReceiver | null = provider
    ? { npi: provider.npi, firstName: provider.firstName, lastName: provider.lastName }
    : facility?.groupNpi
      ? { npi: facility.groupNpi, organizationName: facility.name }
      : null;
  if (!receiver) return { refused: "Not sent: the IVR names no provider NPI or facility group NPI." };
  const person = { firstName: patient.firstName, lastName: patient.lastName, dateOfBirth: patient.birthDate, sex: SEX_CODES[patient.sex] ?? "U" };
  const relationship = coverage.subscriber?.relationship?.toLowerCase() ?? "self";
  const dependent = coverage.subscriber && relationship !== "self";
  const inquiry: EligibilityInquiry = {
    payer,
    receiver,
    subscriber: dependent
      ? { ...splitName(coverage.subscriber!.name), dateOfBirth: coverage.subscriber!.birthDate ?? undefined, memberId: coverage.memberId, groupNumber: coverage.groupNumber ?? undefined }
      : { ...person, memberId: coverage.memberId, groupNumber: coverage.groupNumber ?? undefined },
    dependent: dependent ? { ...person, relationship: RELATIONSHIPS[relationship] ?? "other" } : undefined,
    dateOfService: ivr.dateOfService ?? new Date().toISOString().slice(0, 10),
    serviceTypesPerEq: payersById(payer.id)[0]?.serviceTypesPerEq,
  };
  return { inquiry };
}

/** A check ends without an answer: failed, with the reason in words. */
async function failCheck(db: Db, checkId: string, reason: string, attempts: number) {
  await db
    .update(eligibilityChecks)
    .set({ state: "failed", failureReason: reason.slice(0, 500), attempts, retryAt: null })
    .where(and(eq(eligibilityChecks.id, checkId), eq(eligibilityChecks.state, "waiting")));
}

/**
 * Runs one waiting check: builds the inquiry, asks the connector, and keeps
 * the answer (sealed) with the attention it asks for, copied onto the IVR for
 * the queue. A synthetic patient is never sent. A failure that may clear is
 * tried again with backoff (RetryAt: the job waits; the check says when);
 * the last try, or one that cannot clear, fails the check.
 */
export async function runEligibilityCheck(
  db: Db,
  { checkId, attempt, signal, connector = currentConnector(), now = () => new Date() }: { checkId: string; attempt: number; signal?: AbortSignal; connector?: EligibilityConnector | null; now?: () => Date },
): Promise<void> {
  const [check] = await db.select().from(eligibilityChecks).where(eq(eligibilityChecks.id, checkId));
  if (!check || check.state !== "waiting") return;
  const built = await inquiryOf(db, check);
  if ("refused" in built) return failCheck(db, checkId, built.refused, check.attempts);
  if (!connector) return failCheck(db, checkId, ELIGIBILITY_OFF, check.attempts);
  const outcome = await connector.check(built.inquiry, { signal });
  const attempts = check.attempts + 1;
  const lastTry = attempt >= ELIGIBILITY_RETRY.maxAttempts;
  // A payer that answered only "try later" (AAA 42...) is asked again like one that did not answer; the last answer is kept.
  const tryLater = outcome.ok && outcome.summary.tryLater && !lastTry;
  if (outcome.ok && !tryLater) {
    const attention = attentionOf(outcome.summary);
    await inTransaction(db, async (tx) => {
      const [answered] = await tx
        .update(eligibilityChecks)
        .set({
          state: "answered",
          attempts,
          retryAt: null,
          failureReason: null,
          raw271Sealed: sealJson(outcome.raw271, SEALED.raw271),
          summarySealed: sealJson(outcome.summary, SEALED.eligibilitySummary),
          attention,
          answeredAt: now(),
        })
        .where(and(eq(eligibilityChecks.id, checkId), eq(eligibilityChecks.state, "waiting")))
        .returning({ id: eligibilityChecks.id });
      if (!answered) return;
      // The queue's order: a bump of updated_at would move the practice's board, which this is not a change of.
      const [ivr] = await tx
        .update(ivrs)
        .set({ eligibilityAttention: attentionRank(attention) })
        .where(eq(ivrs.id, check.ivrId))
        .returning({ practiceId: ivrs.practiceId, status: ivrs.status });
      // The practice's open IVR page and board reload and show the answer's line (the event carries ids and the status only).
      if (ivr) await publishStatus(tx, { practiceId: ivr.practiceId, kind: "ivr", id: check.ivrId, status: ivr.status });
      if (ivr && attention === "inactive" && (IVR_ORDERABLE_STATUSES as readonly string[]).includes(ivr.status)) await tellCoverageEnded(tx, check);
    });
    return;
  }
  const reason = outcome.ok ? (outcome.summary.rejections[0]?.message ?? "The payer cannot answer right now.") : outcome.reason;
  if (!outcome.ok && (!outcome.retryable || lastTry)) {
    return failCheck(db, checkId, reason, attempts);
  }
  const retryAt = new Date(now().getTime() + backoffSeconds(ELIGIBILITY_RETRY, attempt) * 1000);
  await db
    .update(eligibilityChecks)
    .set({ attempts, retryAt, failureReason: reason.slice(0, 500) })
    .where(and(eq(eligibilityChecks.id, checkId), eq(eligibilityChecks.state, "waiting")));
  throw new RetryAt(retryAt, reason);
}

/**
 * A covered IVR whose payer now answers "inactive": its followers and the
 * company's IVR inbox hear of it once (not again while later answers say the
 * same), by reference only.
 */
async function tellCoverageEnded(tx: Db, check: typeof eligibilityChecks.$inferSelect) {
  const [before] = await tx
    .select({ attention: eligibilityChecks.attention })
    .from(eligibilityChecks)
    .where(and(eq(eligibilityChecks.ivrId, check.ivrId), eq(eligibilityChecks.state, "answered"), ne(eligibilityChecks.id, check.id)))
    .orderBy(desc(eligibilityChecks.answeredAt))
    .limit(1);
  if (before?.attention === "inactive") return;
  const [row] = await tx.select({ number: ivrs.number }).from(ivrs).where(eq(ivrs.id, check.ivrId));
  const reference = ivrReference(row?.number ?? null);
  const subject = `${reference}: coverage ended`;
  await mailFollowers(tx, {
    kind: "ivr",
    id: check.ivrId,
    except: null,
    purpose: "ivr.coverage-ended",
    mail: { subject, text: `The payer's latest answer for ${reference} says the coverage is no longer active. Sign in to see it before ordering.\n\n${siteOrigin()}/members/ivrs/${check.ivrId}\n` },
  });
  await tx.insert(outbox).values({
    purpose: "ivr.coverage-ended",
    to: siteConfig().email,
    subject,
    text: `The payer's latest answer for ${reference}, a covered IVR, says the coverage is no longer active.\n\n${siteOrigin()}/admin/ivrs/${check.ivrId}\n`,
  });
}

/**
 * The daily re-check: every covered IVR still valid today with applications
 * still to come (its orders, cancelled ones aside, fewer than it authorised
 * or planned) and no check asked today is checked again, so the practice and
 * staff hear when a coverage ends before the next graft is ordered. Patients
 * made up for the demo are left out. Returns how many checks were asked for.
 */
/** The hour over which the daily checks are spread. */
const RECHECK_SPREAD_MS = 3_600_000;

export async function recheckCoveredIvrs(db: Db, today: string, connector: EligibilityConnector | null = currentConnector()): Promise<number> {
  if (!connector) return 0;
  const ordered = db
    .select({ ivrId: orders.ivrId, n: count().as("n") })
    .from(orders)
    .where(ne(orders.status, "cancelled"))
    .groupBy(orders.ivrId)
    .as("ordered");
  const due = await db
    .select({ id: ivrs.id })
    .from(ivrs)
    .innerJoin(patients, eq(patients.id, ivrs.patientId))
    .leftJoin(ordered, eq(ordered.ivrId, ivrs.id))
    .where(
      and(
        inArray(ivrs.status, [...IVR_ORDERABLE_STATUSES]),
        gte(ivrs.validUntil, today),
        eq(patients.synthetic, false),
        outsideDemo(ivrs.practiceId),
        sql`coalesce(${ordered.n}, 0) < coalesce(${ivrs.authorisedApplications}, ${ivrs.plannedApplications}, 1)`,
        sql`not exists (select 1 from ${eligibilityChecks} where ${eligibilityChecks.ivrId} = ${ivrs.id} and ${eligibilityChecks.createdAt} >= ${today}::date)`,
      ),
    );
  // Spread over the next hour, one a second at most: the payer is not asked thousands of questions at once,
  // and a check a person asks for (queued now) runs before the daily ones still to come.
  const start = Date.now();
  const step = due.length > 0 ? Math.max(1_000, Math.floor(RECHECK_SPREAD_MS / due.length)) : 0;
  let asked = 0;
  for (let i = 0; i < due.length; i += 200) {
    const part = due.slice(i, i + 200);
    asked += await inTransaction(db, async (tx) => {
      let n = 0;
      for (const [j, { id }] of part.entries()) {
        const runAt = new Date(start + (i + j + 1) * step);
        if ((await requestEligibilityCheck(tx, { ivrId: id, why: "daily", runAt }, connector)).queued) n += 1;
      }
      return n;
    });
  }
  return asked;
}

export const eligibilityCheckJob = defineJob({
  label: "Check a coverage's eligibility with the payer",
  payload: z.object({ checkId: z.string().uuid() }),
  retry: ELIGIBILITY_RETRY,
  run: ({ checkId }, { db, attempt, signal }) => runEligibilityCheck(db, { checkId, attempt, signal }),
});

// ---------------------------------------------------------------------------
// Reading

export type CheckRecord = {
  id: string;
  why: EligibilityCheckWhy;
  state: EligibilityCheckState;
  attempts: number;
  retryAt: Date | null;
  failureReason: string | null;
  attention: EligibilityAttention | null;
  requestedBy: string | null;
  createdAt: Date;
  answeredAt: Date | null;
};

export type IvrEligibility = {
  /** False when ELIGIBILITY_CONNECTOR is unset. */
  on: boolean;
  /** Every check, newest first. */
  checks: CheckRecord[];
  /** The latest answered check's answer, opened. */
  latest: { checkId: string; answeredAt: Date; summary: EligibilitySummary; raw271: string } | null;
};

const recordColumns = {
  id: eligibilityChecks.id,
  why: eligibilityChecks.why,
  state: eligibilityChecks.state,
  attempts: eligibilityChecks.attempts,
  retryAt: eligibilityChecks.retryAt,
  failureReason: eligibilityChecks.failureReason,
  attention: eligibilityChecks.attention,
  requestedBy: eligibilityChecks.requestedBy,
  createdAt: eligibilityChecks.createdAt,
  answeredAt: eligibilityChecks.answeredAt,
};

/** An IVR's checks and its latest answer, opened (no audit: the caller reads on someone's behalf and audits). */
export async function ivrEligibility(db: Db, ivrId: string, on = currentConnector() !== null): Promise<IvrEligibility> {
  const checks = await db.select(recordColumns).from(eligibilityChecks).where(eq(eligibilityChecks.ivrId, ivrId)).orderBy(desc(eligibilityChecks.createdAt)).limit(100);
  const answered = checks.find((c) => c.state === "answered");
  let latest: IvrEligibility["latest"] = null;
  if (answered) {
    const [row] = await db
      .select({ raw: eligibilityChecks.raw271Sealed, summary: eligibilityChecks.summarySealed })
      .from(eligibilityChecks)
      .where(eq(eligibilityChecks.id, answered.id));
    if (row?.raw && row.summary) {
      latest = {
        checkId: answered.id,
        answeredAt: answered.answeredAt!,
        summary: openJson<EligibilitySummary>(row.summary, SEALED.eligibilitySummary),
        raw271: openJson<string>(row.raw, SEALED.raw271),
      };
    }
  }
  return { on, checks, latest };
}

/**
 * Staff read an IVR's eligibility answers: opened, and the read audited
 * (`ivr.eligibility`, once per reader and ten minutes) when there is an answer
 * to read.
 */
export async function readEligibilityAsStaff(db: Db, { ivrId, patientId, actor }: { ivrId: string; patientId: string | null; actor: Actor }): Promise<IvrEligibility> {
  const eligibility = await ivrEligibility(db, ivrId);
  if (eligibility.latest && patientId) await auditRead(db, { actorEmail: actor.email, action: "ivr.eligibility", target: ivrId, ip: actor.ip, patientId });
  return eligibility;
}

/** The latest answered summary of each IVR given (the board's line), opened. */
export async function latestSummaries(db: Db, ivrIds: readonly string[]): Promise<Map<string, EligibilitySummary>> {
  if (ivrIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([eligibilityChecks.ivrId], { ivrId: eligibilityChecks.ivrId, summary: eligibilityChecks.summarySealed })
    .from(eligibilityChecks)
    .where(and(inArray(eligibilityChecks.ivrId, [...ivrIds]), eq(eligibilityChecks.state, "answered")))
    .orderBy(eligibilityChecks.ivrId, desc(eligibilityChecks.createdAt));
  return new Map(rows.filter((r) => r.summary).map((r) => [r.ivrId, openJson<EligibilitySummary>(r.summary!, SEALED.eligibilitySummary)]));
}

/**
 * What the practice reads of each IVR's latest answer ("Coverage found:
 * active, Medicare Part B", or what to correct), by IVR id; empty when checks
 * are off.
 */
/** Whether a check of the IVR waits for the payer's answer (false while checks are off). */
export async function eligibilityCheckWaiting(db: Db, ivrId: string): Promise<boolean> {
  if (!currentConnector()) return false;
  const [waiting] = await db
    .select({ id: eligibilityChecks.id })
    .from(eligibilityChecks)
    .where(and(eq(eligibilityChecks.ivrId, ivrId), eq(eligibilityChecks.state, "waiting")))
    .limit(1);
  return Boolean(waiting);
}

export async function practiceEligibilityLines(db: Db, ivrIds: readonly string[]): Promise<Map<string, string>> {
  if (!currentConnector()) return new Map();
  const summaries = await latestSummaries(db, ivrIds);
  // A member id the answer quotes shows as it does everywhere on the practice's pages: its last four characters.
  const masked = (line: string) => line.replace(/member id ([^\s:;,]+)/g, (_, memberId: string) => `member id ${maskMemberId(memberId)}`);
  return new Map([...summaries].map(([id, summary]) => [id, masked(practiceLine(summary))]));
}
