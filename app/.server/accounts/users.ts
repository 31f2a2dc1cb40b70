import { and, count, desc, eq, ilike, isNull, sql, type SQL } from "drizzle-orm";
import type { Role } from "~/.server/accounts/auth";
import {
  audit,
  checkPasswordToken,
  findUserByEmail,
  sendPasswordLink,
  setDisabled,
  setRole,
  upsertUser,
  usePasswordToken,
} from "~/.server/accounts/accounts";
import { mailPurposeLabel } from "~/lib/mail";
import { KIND_LABELS, type Kind } from "~/lib/submissions";
import type { Db } from "~/.server/db/client";
import { siteOrigin } from "~/.server/env";
import { account, auditLog, outbox, passwordTokens, session, submissions, user } from "~/.server/db/schema";
import { hitRateLimit } from "~/.server/http/rate-limit";

/**
 * The staff console's account pages: the list of users, what an admin may do
 * to them (each step audited), the audit log, and the public password-link
 * flows (forgot password, set password). Routes stay thin: they check the
 * role, validate the form and call these.
 */

// ---------------------------------------------------------------------------
// Users

/**
 * Audit actions that record a successful sign-in ("sign-in", "auth.sign-in",
 * ...). Sessions end at sign-out, so the audit log is the lasting record;
 * the newest session row fills in when it has none.
 */
const SIGN_IN_ACTION = "(^|\\.)sign-in$";

export type UserListRow = {
  id: string;
  email: string;
  name: string;
  role: Role;
  disabled: boolean;
  /** False until an invited user has chosen a password. */
  hasPassword: boolean;
  createdAt: string;
  lastSignInAt: string | null;
};

export async function listUsers(db: Db): Promise<UserListRow[]> {
  const rows = await db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      disabled: user.disabled,
      createdAt: user.createdAt,
      // Written out in full: drizzle leaves the table name off columns of a one-table select.
      hasPassword: sql<boolean>`exists (
        select 1 from ${account} c
        where c.user_id = "user"."id" and c.provider_id = 'credential' and c.password is not null
      )`.mapWith(Boolean),
      lastSignInAt: sql<Date | null>`greatest(
        (select max(s.created_at) from ${session} s where s.user_id = "user"."id"),
        (select max(a.at) from ${auditLog} a where lower(a.actor_email) = lower("user"."email") and a.action ~ ${SIGN_IN_ACTION})
      )`.mapWith(user.createdAt),
    })
    .from(user)
    .orderBy(user.email);
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    lastSignInAt: r.lastSignInAt ? new Date(r.lastSignInAt).toISOString() : null,
  }));
}

export async function findUserById(db: Db, id: string) {
  const [row] = await db.select().from(user).where(eq(user.id, id));
  return row;
}

/** Who acts, from where, and whether mail is delivered at all (SMTP_URL set). */
export type ConsoleContext = { actor: { id: string; email: string }; ip: string | null; mailOff?: boolean };

export type ConsoleResult = {
  ok: boolean;
  /** 200, or the HTTP status of the refusal. */
  status: 200 | 400 | 404 | 409;
  message: string;
  /** Mail was queued: the route wakes the mail worker. */
  mailed?: boolean;
  /**
   * With mail delivery off, the set-password link itself, shown once to the
   * admin to pass on: otherwise nobody could ever use it.
   */
  link?: string;
};

const done = (message: string, mailed = false): ConsoleResult => ({ ok: true, status: 200, message, mailed });
const refused = (status: ConsoleResult["status"], message: string): ConsoleResult => ({ ok: false, status, message });
const GONE = "That account no longer exists. Reload the page.";

function setPasswordLink(token: string): string {
  return `${siteOrigin()}/set-password?token=${token}`;
}

/** Creates an account without a password and mails it a link to choose one. */
export async function inviteUser(db: Db, ctx: ConsoleContext, input: { email: string; role: Role }): Promise<ConsoleResult> {
  if (await findUserByEmail(db, input.email)) return refused(409, "An account with this email already exists");
  const { user: created, created: isNew } = await upsertUser(db, { email: input.email, role: input.role });
  if (!isNew) return refused(409, "An account with this email already exists");
  const token = await sendPasswordLink(db, { userId: created.id, email: created.email, purpose: "invite" });
  await audit(db, {
    actorEmail: ctx.actor.email,
    action: "user.invite",
    target: created.email,
    ip: ctx.ip,
    detail: ctx.mailOff ? `role ${input.role}; mail delivery off: link shown to the admin` : `role ${input.role}`,
  });
  if (ctx.mailOff) {
    return { ...done(`Mail delivery is off, so no invitation was mailed. Give ${created.email} this link yourself: it works once and expires in 72 hours.`, true), link: setPasswordLink(token) };
  }
  return done(`Invitation sent to ${created.email}`, true);
}

export async function changeUserRole(db: Db, ctx: ConsoleContext, input: { userId: string; role: Role }): Promise<ConsoleResult> {
  const target = await findUserById(db, input.userId);
  if (!target) return refused(404, GONE);
  if (target.role === input.role) return done(`${target.email} is already ${input.role}. Nothing changed.`);
  if (target.id === ctx.actor.id) {
    return refused(400, "You cannot change your own role. Ask another admin to do it.");
  }
  await setRole(db, target.id, input.role);
  await audit(db, {
    actorEmail: ctx.actor.email,
    action: "user.role",
    target: target.email,
    ip: ctx.ip,
    detail: `${target.role} -> ${input.role}`,
  });
  return done(`${target.email} is now ${input.role} (was ${target.role}).`);
}

/** Disabling signs the user out everywhere at once. */
export async function changeUserDisabled(
  db: Db,
  ctx: ConsoleContext,
  input: { userId: string; disabled: boolean },
): Promise<ConsoleResult> {
  const target = await findUserById(db, input.userId);
  if (!target) return refused(404, GONE);
  if (input.disabled && target.id === ctx.actor.id) {
    return refused(400, "You cannot disable your own account. Ask another admin to do it.");
  }
  if (target.disabled === input.disabled) {
    return done(`${target.email} is already ${input.disabled ? "disabled" : "enabled"}.`);
  }
  await setDisabled(db, target.id, input.disabled);
  await audit(db, {
    actorEmail: ctx.actor.email,
    action: input.disabled ? "user.disable" : "user.enable",
    target: target.email,
    ip: ctx.ip,
  });
  return done(input.disabled ? `${target.email} is disabled and signed out everywhere.` : `${target.email} is enabled again.`);
}

export async function sendUserReset(db: Db, ctx: ConsoleContext, input: { userId: string }): Promise<ConsoleResult> {
  const target = await findUserById(db, input.userId);
  if (!target) return refused(404, GONE);
  if (target.disabled) return refused(400, `${target.email} is disabled. Enable the account before sending a reset link.`);
  const token = await sendPasswordLink(db, { userId: target.id, email: target.email, purpose: "reset" });
  await audit(db, {
    actorEmail: ctx.actor.email,
    action: "user.reset",
    target: target.email,
    ip: ctx.ip,
    detail: ctx.mailOff ? "mail delivery off: link shown to the admin" : null,
  });
  if (ctx.mailOff) {
    return { ...done(`Mail delivery is off, so no reset link was mailed. Give ${target.email} this link yourself: it works once and expires in one hour.`, true), link: setPasswordLink(token) };
  }
  return done(`Password reset link sent to ${target.email}`, true);
}

// ---------------------------------------------------------------------------
// Public password links

/** What the forgot-password page always answers, whether or not the account exists. */
export const RESET_REQUESTED_TEXT =
  "If an account exists for that email, we've sent a link to reset its password. The link works once and expires in one hour.";

/** Reset mails an account may be sent in an hour; more requests are answered alike and mail nothing. */
export const RESETS_PER_HOUR = 3;

/**
 * Mails a reset link when an enabled account has this email, at most
 * RESETS_PER_HOUR an hour. Answers whether mail was queued; the visitor is
 * told the same thing either way (and the page answers before this runs).
 */
export async function requestPasswordReset(db: Db, input: { email: string; ip: string | null }): Promise<{ mailed: boolean }> {
  // Counted for every address asked for, whether or not it has an account.
  const perAccount = await hitRateLimit(db, `reset:account:${input.email.trim().toLowerCase()}`, {
    limit: RESETS_PER_HOUR,
    windowMs: 3_600_000,
  });
  const found = await findUserByEmail(db, input.email);
  const mailed = Boolean(found && !found.disabled && perAccount.allowed);
  if (mailed) await sendPasswordLink(db, { userId: found!.id, email: found!.email, purpose: "reset" });
  await audit(db, {
    action: "password.reset-request",
    target: found?.email ?? null,
    ip: input.ip,
    detail: !found ? "no such account" : found.disabled ? "account disabled: no link sent" : mailed ? "link sent" : "hourly limit: no link sent",
  });
  return { mailed };
}

export type PasswordLink = { email: string; purpose: "invite" | "reset" };

/** The account a link sets the password of, or null when the link is unknown, used, expired or its account disabled. */
export async function readPasswordLink(db: Db, token: string): Promise<PasswordLink | null> {
  const row = await checkPasswordToken(db, token);
  if (!row) return null;
  const owner = await findUserById(db, row.userId);
  if (!owner || owner.disabled) return null;
  return { email: row.email, purpose: row.purpose };
}

/**
 * Uses a link once: sets the password, ends the user's sessions, retires the
 * user's other open links, and audits `password.set`. Null when the link is
 * not valid (any more).
 */
export async function completePasswordLink(
  db: Db,
  input: { token: string; password: string; ip: string | null },
): Promise<PasswordLink | null> {
  const link = await readPasswordLink(db, input.token);
  if (!link) return null;
  const used = await usePasswordToken(db, input.token, input.password);
  if (!used) return null;
  await db
    .update(passwordTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordTokens.userId, used.userId), isNull(passwordTokens.usedAt)));
  await audit(db, { actorEmail: used.email, action: "password.set", target: used.email, ip: input.ip, detail: link.purpose });
  return { email: used.email, purpose: link.purpose };
}

// ---------------------------------------------------------------------------
// Audit log

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
