import { and, eq, gte, inArray, isNull, lte } from "drizzle-orm";
import { outsideDemo } from "~/.server/demo/scope";
import { addDays } from "~/lib/calendar";
import { ENDS_SOON_DAYS, applicationsRemain, endsInWords, reminderDue } from "~/lib/authorisations";
import { IVR_ORDERABLE_STATUSES, ivrReference } from "~/lib/ivr";
import type { Db } from "~/.server/db/client";
import { authorisationReminders, ivrs, priorAuthorisations } from "~/.server/db/schema";
import { afterCommit, inTransaction } from "~/.server/db/transaction";
import { siteOrigin } from "~/.server/env";
import { mailFollowers, mailQueued } from "~/.server/mail";
import { applicationsUsed, currentTerms } from "./records";

/** What a reminder is about: the IVR's prior authorisation, or its verification (valid-until). */
export type ReminderSubject = "authorisation" | "verification";

/** The reminder's mail: the reference, what ends when, and where to look; nothing about the patient. */
export function reminderMail(number: number | null, id: string, subject: ReminderSubject, endsOn: string, today: string) {
  const reference = ivrReference(number);
  const what = `${subject} ${endsInWords(endsOn, today)}`;
  return { subject: `${reference}: ${what}`, text: `${reference}: ${what}.\n\n${siteOrigin()}/members/ivrs/${id}\n` };
}

/**
 * The daily reminders, for `today` (the schedule's day): each covered or
 * approved IVR whose authorisation or verification ends within 30 days while
 * applications remain has its followers mailed once at 30 days and once at 7
 * (`reminderDue`). An IVR is reminded of what ends first: its authorisation
 * when that ends on or before its verification (ordering stops with it),
 * else its verification. Applications remain while the IVR's orders that are
 * not cancelled are fewer than its authorisation's count, or without one the
 * verification's authorised applications, else the applications the practice
 * planned (none known: some remain). Each reminder sent is a row of
 * `authorisation_reminders`, written with its mail in one transaction (a
 * second run, or a second process, finds it and sends nothing). Answers how
 * many reminders were sent.
 */
export async function sendAuthorisationReminders(db: Db, today: string): Promise<number> {
  const horizon = addDays(today, ENDS_SOON_DAYS);
  const orderable = inArray(ivrs.status, [...IVR_ORDERABLE_STATUSES]);
  const [byVerification, byAuthorisation] = await Promise.all([
    db
      .select({ id: ivrs.id })
      .from(ivrs)
      .where(and(orderable, gte(ivrs.validUntil, today), lte(ivrs.validUntil, horizon), outsideDemo(ivrs.practiceId))),
    db
      .select({ id: ivrs.id })
      .from(priorAuthorisations)
      .innerJoin(ivrs, eq(ivrs.id, priorAuthorisations.ivrId))
      .where(and(isNull(priorAuthorisations.replacedAt), gte(priorAuthorisations.validTo, today), lte(priorAuthorisations.validTo, horizon), orderable, outsideDemo(ivrs.practiceId))),
  ]);
  const ids = [...new Set([...byVerification, ...byAuthorisation].map((r) => r.id))];
  if (ids.length === 0) return 0;
  const [rows, auths, used] = await Promise.all([
    db
      .select({ id: ivrs.id, number: ivrs.number, validUntil: ivrs.validUntil, authorisedApplications: ivrs.authorisedApplications, plannedApplications: ivrs.plannedApplications })
      .from(ivrs)
      .where(inArray(ivrs.id, ids)),
    currentTerms(db, ids),
    applicationsUsed(db, ids),
  ]);
  let sent = 0;
  for (const ivr of rows) {
    const auth = auths.get(ivr.id);
    // An authorisation that has ended stops ordering: there is nothing left to remind of.
    if (auth && auth.validTo < today) continue;
    const first: { subject: ReminderSubject; endsOn: string } | null =
      auth && (!ivr.validUntil || auth.validTo <= ivr.validUntil)
        ? { subject: "authorisation", endsOn: auth.validTo }
        : ivr.validUntil
          ? { subject: "verification", endsOn: ivr.validUntil }
          : null;
    if (!first) continue;
    const days = reminderDue(first.endsOn, today);
    if (days === null) continue;
    const authorised = auth ? auth.authorisedApplications : (ivr.authorisedApplications ?? ivr.plannedApplications);
    if (!applicationsRemain({ used: used.get(ivr.id) ?? 0, authorised })) continue;
    const mailed = await inTransaction(db, async (tx) => {
      const [claimed] = await tx
        .insert(authorisationReminders)
        .values({ ivrId: ivr.id, subject: first.subject, endsOn: first.endsOn, daysBefore: days })
        .onConflictDoNothing()
        .returning({ ivrId: authorisationReminders.ivrId });
      if (!claimed) return false;
      await mailFollowers(tx, { kind: "ivr", id: ivr.id, except: null, purpose: "ivr.reminder", mail: reminderMail(ivr.number, ivr.id, first.subject, first.endsOn, today) });
      afterCommit(tx, mailQueued);
      return true;
    });
    if (mailed) sent++;
  }
  return sent;
}
