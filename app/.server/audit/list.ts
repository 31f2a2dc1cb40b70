import { and, count, desc, eq, ilike, sql, type SQL } from "drizzle-orm";
import { mailPurposeLabel } from "~/lib/mail";
import { KIND_LABELS, type Kind } from "~/lib/submissions";
import type { Db } from "~/.server/db/client";
import { auditLog, outbox, submissions, user } from "~/.server/db/schema";

/** The audit log as the console shows it: newest first, filtered by action or actor, each target linked to what it names. */

export const AUDIT_PAGE_SIZE = 50;

export type AuditFilter = { action?: string; actor?: string; page?: number; pageSize?: number };

export type AuditRow = {
  id: string;
  at: string;
  actorEmail: string | null;
  action: string;
  target: string | null;
  ip: string | null;
  detail: string | null;
  /** Where the target can be looked at, when it names a submission, an account or a mail that still exists. */
  link: AuditLink | null;
};

/** `label` says in words what the target is ("Contact submission", "Mail: Password reset"), for ids nobody can read. */
export type AuditLink = { kind: "submission" | "user" | "mail"; href: string; label: string };

export type AuditPage = { rows: AuditRow[]; total: number; page: number; pageCount: number; pageSize: number };

/** LIKE pattern that matches `text` literally anywhere. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Newest first; `page` is clamped to the pages there are. */
export async function listAudit(db: Db, filter: AuditFilter = {}): Promise<AuditPage> {
  const pageSize = filter.pageSize ?? AUDIT_PAGE_SIZE;
  const where: SQL[] = [];
  if (filter.action) where.push(eq(auditLog.action, filter.action));
  const actor = filter.actor?.trim();
  if (actor) where.push(ilike(auditLog.actorEmail, containsPattern(actor)));
  const condition = where.length ? and(...where) : undefined;

  const [counted] = await db.select({ total: count() }).from(auditLog).where(condition);
  const total = Number(counted?.total ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(filter.page ?? 1)), pageCount);
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actorEmail: auditLog.actorEmail,
      action: auditLog.action,
      target: auditLog.target,
      ip: auditLog.ip,
      detail: auditLog.detail,
      // What the target names, looked up here rather than guessed from its shape in the browser.
      // Written out in full: drizzle leaves the table name off columns of a one-table select.
      userId: sql<string | null>`(select u.id from ${user} u where lower(u.email) = lower("audit_log"."target") limit 1)`,
      // The uuid test comes first (CASE keeps the order), so no other target is ever cast.
      submissionKind: sql<Kind | null>`case when "audit_log"."target" ~* ${UUID_PATTERN}
        then (select s.kind from ${submissions} s where s.id = "audit_log"."target"::uuid) end`,
      mailPurpose: sql<string | null>`case when "audit_log"."target" ~* ${UUID_PATTERN}
        then (select o.purpose from ${outbox} o where o.id = "audit_log"."target"::uuid) end`,
    })
    .from(auditLog)
    .where(condition)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    rows: rows.map(({ userId, submissionKind, mailPurpose, ...r }) => ({
      ...r,
      at: r.at.toISOString(),
      link: auditLink(r.target, { userId, submissionKind, mailPurpose }),
    })),
    total,
    page,
    pageCount,
    pageSize,
  };
}

const UUID_PATTERN = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$";

function auditLink(
  target: string | null,
  found: { userId: string | null; submissionKind: Kind | null; mailPurpose: string | null },
): AuditLink | null {
  if (!target) return null;
  const id = target.toLowerCase();
  if (found.submissionKind) return { kind: "submission", href: `/admin/submissions/${id}`, label: `${KIND_LABELS[found.submissionKind]} submission` };
  if (found.mailPurpose) return { kind: "mail", href: `/admin/outbox?view=${id}`, label: `Mail: ${mailPurposeLabel(found.mailPurpose)}` };
  if (found.userId) return { kind: "user", href: `/admin/users#user-${found.userId}`, label: target };
  return null;
}

/** The actions the log holds, for the filter. */
export async function auditActions(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action);
  return rows.map((r) => r.action);
}
