import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { FIRST_FACILITY_PLACE_OF_SERVICE, specialtiesText } from "~/content/access-request";
import { DEFAULT_TIME_ZONE } from "~/content/time-zones";
import { formatDateTime } from "~/lib/format";
import { accessRequestReference, ACCESS_REQUEST_PAGE, ACCESS_REQUEST_STATES, type AccessRequestState } from "~/lib/partners";
import type { AccessRequestInput } from "~/lib/schemas/access-request";
import type { FieldErrors } from "~/lib/schemas/fields";
import { inviteUser, type ConsoleContext, type ConsoleResult } from "~/.server/accounts";
import { audit } from "~/.server/audit";
import type { Db } from "~/.server/db/client";
import { accessRequests, facilities, outbox, partnerPractices, partners, practices, user } from "~/.server/db/schema";
import { inTransaction } from "~/.server/db/transaction";
import { env, siteConfig } from "~/.server/env";
import { log } from "~/.server/log";
import { confirmationText, notificationText } from "~/.server/mail";
import { greeting } from "~/.server/mail/templates";
import { cleanPracticeName, practiceNameKey } from "~/.server/practices";
import { Refused } from "~/.server/refused";
import { partnerOfCode } from "./referral";

/**
 * Portal access requests: a practice asks for the Clinical Portal on
 * /request-access, staff approve or decline it in the console. A request
 * sent with a partner's referral code is attributed to that partner, and an
 * approval links the new practice to them. Each change commits with its
 * audit row and its mail, or not at all.
 */

export type AccessRequest = typeof accessRequests.$inferSelect;

export const UNKNOWN_REFERRAL_CODE = "No partner has this referral code. Check it, or leave the field empty.";

/** The field message for a referral code no partner has; null when the code is empty or known. */
export async function checkReferralCode(db: Db, input: Pick<AccessRequestInput, "referralCode">): Promise<FieldErrors | null> {
  if (!input.referralCode) return null;
  return (await partnerOfCode(db, input.referralCode)) ? null : { referralCode: UNKNOWN_REFERRAL_CODE };
}

/** The staff inbox the notification goes to: the consultation requests' address when set, else the company's. */
function staffInbox(): string {
  return env().MAIL_TO_INTAKE ?? siteConfig().email;
}

/**
 * Stores a request with its two mails (the notification to staff, the
 * confirmation to the contact) in one transaction. A re-send under the same
 * idempotency key finds the first request and writes nothing.
 */
export async function submitAccessRequest(
  db: Db,
  input: AccessRequestInput,
  clientKey: string | null,
): Promise<{ id: string; reference: string; duplicate: boolean }> {
  const stored = await inTransaction(db, async (tx) => {
    const partner = await partnerOfCode(tx, input.referralCode);
    const [row] = await tx
      .insert(accessRequests)
      .values({
        practiceName: cleanPracticeName(input.practiceName),
        groupNpi: input.groupNpi as string,
        addressLine1: input.addressLine1,
        addressLine2: input.addressLine2 ?? null,
        city: input.city,
        state: input.state,
        zip: input.zip,
        phone: input.phone as string,
        contactFirstName: input.contactFirstName,
        contactLastName: input.contactLastName,
        contactEmail: input.contactEmail,
        contactPhone: input.contactPhone,
        providerCount: input.providerCount,
        specialties: input.specialties.join(","),
        referralCode: input.referralCode ?? null,
        partnerId: partner?.id ?? null,
        clientKey,
      })
      .onConflictDoNothing({ target: accessRequests.clientKey })
      .returning();
    if (!row) {
      const [first] = await tx.select({ id: accessRequests.id, number: accessRequests.number }).from(accessRequests).where(eq(accessRequests.clientKey, clientKey!));
      return { id: first!.id, reference: accessRequestReference(first!.number), duplicate: true };
    }
    const reference = accessRequestReference(row.number);
    const site = siteConfig();
    await tx.insert(outbox).values([
      {
        purpose: "access-request.notification",
        to: staffInbox(),
        replyTo: row.contactEmail,
        subject: `Portal access request ${reference} from ${row.practiceName}`,
        text: notificationText({
          heading: "A practice asked for Clinical Portal access.",
          sections: [
            {
              fields: [
                { label: "Practice", value: row.practiceName },
                { label: "Group NPI", value: row.groupNpi },
                { label: "City", value: `${row.city}, ${row.state}` },
                { label: "Providers", value: row.providerCount },
                { label: "Specialties", value: specialtiesText(row.specialties) },
                { label: "Contact", value: `${row.contactFirstName} ${row.contactLastName}` },
                { label: "Email", value: row.contactEmail },
                { label: "Referred by", value: partner ? `${partner.name} (${partner.code})` : null },
              ],
            },
          ],
          reference,
          receivedAt: row.createdAt,
        }),
      },
      {
        purpose: "access-request.confirmation",
        to: row.contactEmail,
        replyTo: site.email,
        subject: `Your portal access request ${reference}`,
        text: confirmationText({
          firstName: row.contactFirstName,
          companyName: site.companyName,
          what: `request for Clinical Portal access (reference ${reference})`,
          promise: "Our team reviews your practice's details and emails you within one business day.",
          phone: site.phone,
        }),
      },
    ]);
    return { id: row.id, reference, duplicate: false };
  });
  // Ids only: what was typed stays out of the logs.
  log.info({ accessRequestId: stored.id, duplicate: stored.duplicate }, "access request stored");
  return stored;
}

// ---------------------------------------------------------------------------
// The console

export type AccessRequestFilter = AccessRequestState | "all";

export type AccessRequestFilters = { status: AccessRequestFilter; q: string };

export function parseAccessRequestFilters(url: URL): AccessRequestFilters {
  const status = url.searchParams.get("status") ?? "pending";
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  return { status: status === "all" || (ACCESS_REQUEST_STATES as readonly string[]).includes(status) ? (status as AccessRequestFilter) : "pending", q };
}

export type AccessRequestRow = {
  id: string;
  reference: string;
  status: AccessRequestState;
  practiceName: string;
  contact: string;
  contactEmail: string;
  city: string;
  state: string;
  partner: { name: string; code: string } | null;
  createdAt: string;
  decidedAt: string | null;
};

function searchOf(q: string): SQL | undefined {
  if (!q) return undefined;
  const number = /^(?:PAR-?)?0*(\d{1,9})$/i.exec(q);
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(
    number ? eq(accessRequests.number, Number(number[1])) : undefined,
    ilike(accessRequests.practiceName, like),
    ilike(accessRequests.contactEmail, like),
    ilike(sql`${accessRequests.contactFirstName} || ' ' || ${accessRequests.contactLastName}`, like),
    ilike(partners.name, like),
    ilike(partners.code, like),
  );
}

/** The requests of a status (pending by default), the oldest waiting first; decided ones newest first. */
export async function listAccessRequests(db: Db, { status, q }: AccessRequestFilters): Promise<AccessRequestRow[]> {
  const rows = await db
    .select({
      id: accessRequests.id,
      number: accessRequests.number,
      status: accessRequests.status,
      practiceName: accessRequests.practiceName,
      contactFirstName: accessRequests.contactFirstName,
      contactLastName: accessRequests.contactLastName,
      contactEmail: accessRequests.contactEmail,
      city: accessRequests.city,
      state: accessRequests.state,
      partnerName: partners.name,
      partnerCode: partners.code,
      createdAt: accessRequests.createdAt,
      decidedAt: accessRequests.decidedAt,
    })
    .from(accessRequests)
    .leftJoin(partners, eq(partners.id, accessRequests.partnerId))
    .where(and(status === "all" ? undefined : eq(accessRequests.status, status), searchOf(q)))
    .orderBy(
      sql`(${accessRequests.status} <> 'pending')`,
      sql`case when ${accessRequests.status} = 'pending' then ${accessRequests.createdAt} end asc`,
      desc(accessRequests.createdAt),
      asc(accessRequests.id),
    )
    .limit(ACCESS_REQUEST_PAGE);
  return rows.map((r) => ({
    id: r.id,
    reference: accessRequestReference(r.number),
    status: r.status,
    practiceName: r.practiceName,
    contact: `${r.contactFirstName} ${r.contactLastName}`,
    contactEmail: r.contactEmail,
    city: r.city,
    state: r.state,
    partner: r.partnerName && r.partnerCode ? { name: r.partnerName, code: r.partnerCode } : null,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
  }));
}

/** Pending requests: the console's menu shows the count. */
export async function countPendingAccessRequests(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(accessRequests).where(eq(accessRequests.status, "pending"));
  return row?.n ?? 0;
}

export type AccessRequestDetail = Omit<AccessRequest, "createdAt" | "decidedAt"> & {
  reference: string;
  specialtiesText: string;
  createdAt: string;
  decidedAt: string | null;
  partner: { id: string; name: string; code: string } | null;
  practice: { id: string; name: string } | null;
};

export async function getAccessRequest(db: Db, id: string): Promise<AccessRequestDetail | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db
    .select({ request: accessRequests, partnerName: partners.name, partnerCode: partners.code, practiceName: practices.name })
    .from(accessRequests)
    .leftJoin(partners, eq(partners.id, accessRequests.partnerId))
    .leftJoin(practices, eq(practices.id, accessRequests.practiceId))
    .where(eq(accessRequests.id, id));
  if (!row) return null;
  const { request, partnerName, partnerCode, practiceName } = row;
  return {
    ...request,
    reference: accessRequestReference(request.number),
    specialtiesText: specialtiesText(request.specialties),
    createdAt: request.createdAt.toISOString(),
    decidedAt: request.decidedAt?.toISOString() ?? null,
    partner: request.partnerId && partnerName && partnerCode ? { id: request.partnerId, name: partnerName, code: partnerCode } : null,
    practice: request.practiceId && practiceName ? { id: request.practiceId, name: practiceName } : null,
  };
}

/** The request, locked for its decision; refused when gone or already decided. */
async function pendingRequest(tx: Db, id: string): Promise<AccessRequest> {
  const [row] = await tx.select().from(accessRequests).where(eq(accessRequests.id, id)).for("update");
  if (!row) throw new Refused("That request no longer exists. Reload the page.", null, 404);
  if (row.status !== "pending") {
    const when = row.decidedAt ? ` on ${formatDateTime(row.decidedAt, DEFAULT_TIME_ZONE)}` : "";
    throw new Refused(`${accessRequestReference(row.number)} was already ${row.status} by ${row.decidedBy ?? "staff"}${when}. A decided request cannot be decided again.`, null, 409);
  }
  return row;
}

export type Approval = { practice: { id: string; name: string }; reference: string; invite: ConsoleResult };

/**
 * Approves a pending request in one transaction: the practice, its first
 * facility (the request's address, phone and group NPI), the partner link
 * when the request carried a partner's code, and the contact invited as the
 * practice's admin by the console's own invitation (one set-password mail).
 * Refused, with nothing written, when a practice of that name exists or the
 * contact's email already has an account.
 */
export async function approveAccessRequest(db: Db, ctx: ConsoleContext, id: string): Promise<Approval> {
  return inTransaction(db, async (tx) => {
    const request = await pendingRequest(tx, id);
    const reference = accessRequestReference(request.number);
    const name = cleanPracticeName(request.practiceName);
    const [practice] = await tx.insert(practices).values({ name, nameKey: practiceNameKey(name) }).onConflictDoNothing().returning();
    if (!practice) {
      throw new Refused(`A practice named ${name} already exists. Decline this request, or ask the practice's admin to invite ${request.contactEmail}.`, null, 409);
    }
    await audit(tx, { actorEmail: ctx.actor.email, action: "practice.create", target: practice.id, ip: ctx.ip, detail: `${name}, from ${reference}` });
    const [facility] = await tx
      .insert(facilities)
      .values({
        practiceId: practice.id,
        name,
        addressLine1: request.addressLine1,
        addressLine2: request.addressLine2,
        city: request.city,
        state: request.state,
        zip: request.zip,
        phone: request.phone,
        groupNpi: request.groupNpi,
        placeOfService: FIRST_FACILITY_PLACE_OF_SERVICE,
      })
      .returning({ id: facilities.id });
    await audit(tx, { actorEmail: ctx.actor.email, action: "facility.create", target: facility!.id, ip: ctx.ip, detail: `practice ${name}` });
    if (request.partnerId) {
      await tx.insert(partnerPractices).values({ practiceId: practice.id, partnerId: request.partnerId, assignedBy: ctx.actor.email });
    }
    const invite = await inviteUser(tx, ctx, { email: request.contactEmail, role: "member", practiceId: practice.id, practiceRole: "admin" });
    if (!invite.ok) throw new Refused(`${invite.message.replace(/\.$/, "")}. Nothing was created: decline this request, or change that account first.`, null, 409);
    // The invitation names the account after its email; the request gives the person's name.
    await tx
      .update(user)
      .set({ name: `${request.contactFirstName} ${request.contactLastName}` })
      .where(eq(sql`lower(${user.email})`, request.contactEmail.trim().toLowerCase()));
    await tx
      .update(accessRequests)
      .set({ status: "approved", decidedBy: ctx.actor.email, decidedAt: new Date(), practiceId: practice.id })
      .where(eq(accessRequests.id, request.id));
    await audit(tx, { actorEmail: ctx.actor.email, action: "access-request.approve", target: reference, ip: ctx.ip, detail: `practice ${name}` });
    return { practice: { id: practice.id, name }, reference, invite };
  });
}

/** Declines a pending request with the staff's reason, mailed to the contact; audited in the same transaction. */
export async function declineAccessRequest(db: Db, ctx: ConsoleContext, { id, reason }: { id: string; reason: string }): Promise<{ reference: string }> {
  return inTransaction(db, async (tx) => {
    const request = await pendingRequest(tx, id);
    const reference = accessRequestReference(request.number);
    await tx
      .update(accessRequests)
      .set({ status: "declined", decidedBy: ctx.actor.email, decidedAt: new Date(), declineReason: reason })
      .where(eq(accessRequests.id, request.id));
    const site = siteConfig();
    await tx.insert(outbox).values({
      purpose: "access-request.declined",
      to: request.contactEmail,
      replyTo: site.email,
      subject: `Your portal access request ${reference}`,
      text: [
        greeting(request.contactFirstName),
        "",
        `Thank you for your request for ${site.companyName} Clinical Portal access (reference ${reference}). We cannot approve it.`,
        "",
        "The reason:",
        `  ${reason.replace(/\r?\n/g, "\n  ")}`,
        "",
        `Questions? Call us at ${site.phone} and give your reference.`,
        "",
        "Kind regards,",
        site.companyName,
        "",
      ].join("\n"),
    });
    await audit(tx, { actorEmail: ctx.actor.email, action: "access-request.decline", target: reference, ip: ctx.ip, detail: reason.slice(0, 500) });
    return { reference };
  });
}
