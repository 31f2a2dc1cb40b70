import { hashPassword } from "better-auth/crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Role } from "~/.server/accounts/auth";
import {
  checkPasswordToken,
  claimPasswordToken,
  findUserByEmail,
  insertUserIfNew,
  sendPasswordLink,
  setDisabled,
  setRole,
  upsertUser,
  type AccountRow,
} from "~/.server/accounts/accounts";
import { audit, type Actor } from "~/.server/audit";
import type { Db } from "~/.server/db/client";
import { inTransaction } from "~/.server/db/transaction";
import { siteOrigin } from "~/.server/env";
import { account, auditLog, passkey, passwordTokens, practiceMembers, practices, session, user } from "~/.server/db/schema";
import { hitRateLimit } from "~/.server/http/rate-limit";
import { DemoPracticeClosed, setMemberPractice } from "~/.server/practices";
import { PRACTICE_ROLE_LABEL, type PracticeRole } from "~/lib/practice-roles";
import { PRACTICE_REQUIRED } from "~/lib/schemas/console-fields";

/**
 * The staff console's account pages: the list of users, what an admin may do
 * to them, and the public password-link flows (forgot password, set password).
 * Each change and its audit row commit in one transaction. Routes stay thin:
 * they check the role, validate the form and call these.
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
  /** Signs in with a second factor (an authenticator app). */
  twoFactor: boolean;
  createdAt: string;
  lastSignInAt: string | null;
  /** A member's practice; null for staff and for a member in none yet. */
  practice: { id: string; name: string } | null;
};

export async function listUsers(db: Db): Promise<UserListRow[]> {
  const rows = await db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      disabled: user.disabled,
      twoFactor: sql<boolean>`("user"."two_factor_enabled" or exists (select 1 from ${passkey} k where k.user_id = "user"."id"))`.mapWith(Boolean),
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
      practiceId: practices.id,
      practiceName: practices.name,
    })
    .from(user)
    .leftJoin(practiceMembers, eq(practiceMembers.userId, user.id))
    .leftJoin(practices, eq(practices.id, practiceMembers.practiceId))
    // The live demo's sample members are nobody's accounts: no one signs in as them, and staff have nothing to do with them.
    .where(sql`coalesce(${practices.demo}, false) = false`)
    .orderBy(user.email);
  return rows.map(({ practiceId, practiceName, ...r }) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    lastSignInAt: r.lastSignInAt ? new Date(r.lastSignInAt).toISOString() : null,
    practice: practiceId && practiceName ? { id: practiceId, name: practiceName } : null,
  }));
}

/** An account that already has the email an admin typed, and where it belongs: what a refused invitation links to. */
export type ExistingAccount = { id: string; email: string; role: Role; practice: { id: string; name: string } | null };

async function existingAccount(db: Db, email: string): Promise<ExistingAccount | null> {
  const [row] = await db
    .select({ id: user.id, email: user.email, role: user.role, practiceId: practices.id, practiceName: practices.name })
    .from(user)
    .leftJoin(practiceMembers, eq(practiceMembers.userId, user.id))
    .leftJoin(practices, eq(practices.id, practiceMembers.practiceId))
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()));
  if (!row) return null;
  return { id: row.id, email: row.email, role: row.role, practice: row.practiceId && row.practiceName ? { id: row.practiceId, name: row.practiceName } : null };
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
  /** A refused invitation or addition: the account that has the email already. */
  existing?: ExistingAccount;
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

/** The role of a member added without one: the practice's first member is its admin, later ones clinicians. */
async function roleForNewMember(tx: Db, practiceId: string): Promise<PracticeRole> {
  const [one] = await tx.select({ userId: practiceMembers.userId }).from(practiceMembers).where(eq(practiceMembers.practiceId, practiceId)).limit(1);
  return one ? "clinician" : "admin";
}

class AlreadyExists extends Error {}
class PracticeGone extends Error {}

/** What an invitation or an addition says when the email already has an account. */
export function existingAccountMessage(existing: ExistingAccount, practiceId?: string): string {
  if (existing.role !== "member") return `${existing.email} already has a ${existing.role} account: staff accounts belong to no practice.`;
  if (!existing.practice) return `${existing.email} already has an account, in no practice yet.`;
  if (existing.practice.id === practiceId) return `${existing.email} is already a member of ${existing.practice.name}.`;
  return `${existing.email} already has an account, a member of ${existing.practice.name}.`;
}

/** Refused because the email has an account: 409, with that account to link to. */
async function alreadyExists(db: Db, email: string, practiceId?: string): Promise<ConsoleResult> {
  const existing = await existingAccount(db, email);
  if (!existing) return refused(409, "An account with this email already exists");
  return { ...refused(409, existingAccountMessage(existing, practiceId)), existing };
}

/**
 * Creates an account without a password and mails it a link to choose one.
 * A member is invited into a practice (`practiceId`), put there in the same
 * transaction, so their first sign-in lands in their practice's portal; staff
 * and admins belong to none. The database's unique email decides between
 * invitations of one address at once: one account, the others 409.
 */
export async function inviteUser(
  db: Db,
  ctx: ConsoleContext,
  input: { email: string; role: Role; practiceId?: string; practiceRole?: PracticeRole },
): Promise<ConsoleResult> {
  if (input.role === "member" && !input.practiceId) return refused(400, PRACTICE_REQUIRED);
  const practiceId = input.role === "member" ? input.practiceId : undefined;
  const invited = await inTransaction(db, async (tx) => {
    let practiceName: string | null = null;
    let practiceRole: PracticeRole | null = null;
    if (practiceId) {
      const [practice] = await tx.select({ name: practices.name, demo: practices.demo }).from(practices).where(eq(practices.id, practiceId));
      if (!practice) throw new PracticeGone();
      if (practice.demo) throw new DemoPracticeClosed();
      practiceName = practice.name;
      practiceRole = input.practiceRole ?? (await roleForNewMember(tx, practiceId));
    }
    // An account stored with other capitals is found first; of invitations at once, the unique email keeps one.
    const created = (await findUserByEmail(tx, input.email)) ? null : await insertUserIfNew(tx, { email: input.email, role: input.role });
    if (!created) throw new AlreadyExists();
    if (practiceId && practiceRole) await setMemberPractice(tx, created.id, practiceId, practiceRole);
    const token = await sendPasswordLink(tx, { userId: created.id, email: created.email, purpose: "invite" });
    const role = practiceName && practiceRole ? `role ${input.role}; practice ${practiceName}; ${PRACTICE_ROLE_LABEL[practiceRole]}` : `role ${input.role}`;
    await audit(tx, {
      actorEmail: ctx.actor.email,
      action: "user.invite",
      target: created.email,
      ip: ctx.ip,
      detail: ctx.mailOff ? `${role}; mail delivery off: link shown to the admin` : role,
    });
    return { created, token, practiceName };
  }).catch((error: unknown) => {
    if (error instanceof AlreadyExists) return "exists" as const;
    if (error instanceof PracticeGone) return "practice-gone" as const;
    if (error instanceof DemoPracticeClosed) return "demo" as const;
    throw error;
  });
  if (invited === "demo") return refused(409, new DemoPracticeClosed().message);
  if (invited === "practice-gone") return refused(404, "That practice no longer exists. Reload the page.");
  if (invited === "exists") return alreadyExists(db, input.email, practiceId);
  const { created, token, practiceName } = invited;
  const into = practiceName ? ` to join ${practiceName}` : "";
  if (ctx.mailOff) {
    return {
      ...done(`Mail delivery is off, so no invitation was mailed. Give ${created.email} this link yourself${into}: it works once and expires in 72 hours.`, true),
      link: setPasswordLink(token),
    };
  }
  return done(`Invitation sent to ${created.email}${into}`, true);
}

/**
 * Puts an existing member account that is in no practice into this one
 * (audited as `practice.member`). Refused: no such account (404), a staff
 * account or a member of another practice (409, with the account). Adding a
 * member already there changes nothing.
 */
export async function addAccountToPractice(
  db: Db,
  ctx: ConsoleContext,
  input: { email: string; practiceId: string; practiceRole?: PracticeRole },
): Promise<ConsoleResult> {
  const result = await inTransaction(db, async (tx) => {
    const [practice] = await tx.select({ name: practices.name, demo: practices.demo }).from(practices).where(eq(practices.id, input.practiceId));
    if (!practice) return "practice-gone" as const;
    if (practice.demo) return "demo" as const;
    const existing = await existingAccount(tx, input.email);
    if (!existing) return "no-account" as const;
    if (existing.role !== "member" || existing.practice) return existing;
    // The membership's key is the account: of two additions at once, one puts it here.
    const role = input.practiceRole ?? (await roleForNewMember(tx, input.practiceId));
    const [added] = await tx.insert(practiceMembers).values({ userId: existing.id, practiceId: input.practiceId, role }).onConflictDoNothing().returning();
    if (!added) return (await existingAccount(tx, input.email))!;
    await audit(tx, { actorEmail: ctx.actor.email, action: "practice.member", target: existing.email, ip: ctx.ip, detail: `${practice.name}, ${PRACTICE_ROLE_LABEL[role]}` });
    return { added: existing.email, practice: practice.name };
  });
  if (result === "practice-gone") return refused(404, "That practice no longer exists. Reload the page.");
  if (result === "demo") return refused(409, new DemoPracticeClosed().message);
  if (result === "no-account") return refused(400, "No account has this email: invite them instead.");
  if ("added" in result) return done(`${result.added} is now a member of ${result.practice}. They see its Clinical Portal from their next page.`);
  if (result.practice?.id === input.practiceId) return done(`${result.email} is already a member of ${result.practice.name}. Nothing changed.`);
  return { ...refused(409, existingAccountMessage(result, input.practiceId)), existing: result };
}

export async function changeUserRole(db: Db, ctx: ConsoleContext, input: { userId: string; role: Role }): Promise<ConsoleResult> {
  const target = await findUserById(db, input.userId);
  if (!target) return refused(404, GONE);
  if (target.role === input.role) return done(`${target.email} is already ${input.role}. Nothing changed.`);
  // A partner's account belongs to their partner record (statements, practices): it keeps its role.
  if (target.role === "partner" || input.role === "partner") return refused(409, "A partner's role is not changed here: partners are made from their callback and managed on the Partners page.");
  if (target.id === ctx.actor.id) {
    return refused(400, "You cannot change your own role. Ask another admin to do it.");
  }
  await inTransaction(db, async (tx) => {
    await setRole(tx, target.id, input.role);
    await audit(tx, {
      actorEmail: ctx.actor.email,
      action: "user.role",
      target: target.email,
      ip: ctx.ip,
      detail: `${target.role} -> ${input.role}`,
    });
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
  await inTransaction(db, async (tx) => {
    await setDisabled(tx, target.id, input.disabled);
    await audit(tx, {
      actorEmail: ctx.actor.email,
      action: input.disabled ? "user.disable" : "user.enable",
      target: target.email,
      ip: ctx.ip,
    });
  });
  return done(input.disabled ? `${target.email} is disabled and signed out everywhere.` : `${target.email} is enabled again.`);
}

export async function sendUserReset(db: Db, ctx: ConsoleContext, input: { userId: string }): Promise<ConsoleResult> {
  const target = await findUserById(db, input.userId);
  if (!target) return refused(404, GONE);
  if (target.disabled) return refused(400, `${target.email} is disabled. Enable the account before sending a reset link.`);
  const token = await inTransaction(db, async (tx) => {
    const sent = await sendPasswordLink(tx, { userId: target.id, email: target.email, purpose: "reset" });
    await audit(tx, {
      actorEmail: ctx.actor.email,
      action: "user.reset",
      target: target.email,
      ip: ctx.ip,
      detail: ctx.mailOff ? "mail delivery off: link shown to the admin" : null,
    });
    return sent;
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
  await inTransaction(db, async (tx) => {
    if (mailed) await sendPasswordLink(tx, { userId: found!.id, email: found!.email, purpose: "reset" });
    await audit(tx, {
      action: "password.reset-request",
      target: found?.email ?? null,
      ip: input.ip,
      detail: !found ? "no such account" : found.disabled ? "account disabled: no link sent" : mailed ? "link sent" : "hourly limit: no link sent",
    });
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
  // Hashed first: the transaction holds the database (all of it, embedded) for no longer than its writes.
  const hash = await hashPassword(input.password);
  return inTransaction(db, async (tx) => {
    const used = await claimPasswordToken(tx, input.token, hash);
    if (!used) return null;
    await tx
      .update(passwordTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordTokens.userId, used.userId), isNull(passwordTokens.usedAt)));
    await audit(tx, { actorEmail: used.email, action: "password.set", target: used.email, ip: input.ip, detail: link.purpose });
    return { email: used.email, purpose: link.purpose };
  });
}

/**
 * Creates an account or updates its role and password from the command line
 * (`npm run user:add`), audited as `user.create` or `user.update` in the same
 * transaction.
 */
export async function addUser(
  db: Db,
  actor: Actor,
  input: { email: string; role: Role; password?: string; name?: string },
): Promise<{ user: AccountRow; created: boolean }> {
  return inTransaction(db, async (tx) => {
    const saved = await upsertUser(tx, input);
    await audit(tx, {
      actorEmail: actor.email,
      action: saved.created ? "user.create" : "user.update",
      target: saved.user.email,
      ip: actor.ip,
      detail: `role ${input.role}`,
    });
    return saved;
  });
}
