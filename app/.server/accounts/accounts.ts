import { createHash, randomBytes, randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Role } from "~/.server/accounts/auth";
import type { Db } from "~/.server/db/client";
import { siteConfig, siteOrigin } from "~/.server/env";
import { account, passwordTokens, session, user } from "~/.server/db/schema";
import { LINK_PLACEHOLDER, queueLinkMail } from "~/.server/mail";

export type AccountRow = typeof user.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(user).where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()));
  return row;
}

/**
 * Creates the account, or updates the role (and password, when given) of an
 * existing one. A new account without a password cannot sign in until it
 * sets one through an invitation link.
 */
export async function upsertUser(
  db: Db,
  { email, role, password, name }: { email: string; role: Role; password?: string; name?: string },
): Promise<{ user: AccountRow; created: boolean }> {
  const normalized = email.trim().toLowerCase();
  const hash = password === undefined ? null : await hashPassword(password);
  return db.transaction(async (tx) => {
    // The unique email decides between two callers at once: the second updates what the first made.
    const inserted = await insertUserIfNew(tx as unknown as Db, { email: normalized, role, name });
    const row =
      inserted ??
      ((await tx.update(user).set({ role, updatedAt: new Date() }).where(eq(user.email, normalized)).returning())[0] as AccountRow);
    if (hash) await setPasswordHash(tx as unknown as Db, row.id, hash);
    return { user: row, created: Boolean(inserted) };
  });
}

/**
 * Creates an account without a password, or answers null when the email is
 * taken. The database's unique email decides, so of many callers at once
 * exactly one creates it (the others wait for it and get null, never an error).
 */
export async function insertUserIfNew(db: Db, { email, role, name }: { email: string; role: Role; name?: string }): Promise<AccountRow | null> {
  const normalized = email.trim().toLowerCase();
  const [row] = await db
    .insert(user)
    .values({ id: randomUUID(), email: normalized, name: name ?? normalized.split("@")[0]!, role, emailVerified: true })
    .onConflictDoNothing({ target: user.email })
    .returning();
  return row ?? null;
}

async function setPasswordHash(db: Db, userId: string, hash: string) {
  const updated = await db
    .update(account)
    .set({ password: hash, updatedAt: new Date() })
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")))
    .returning({ id: account.id });
  if (updated.length === 0) {
    await db.insert(account).values({ id: randomUUID(), accountId: userId, providerId: "credential", userId, password: hash });
  }
}

/** Sets a new password and ends every session of that user. */
export async function setPassword(db: Db, userId: string, password: string) {
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await setPasswordHash(tx as unknown as Db, userId, hash);
    await tx.delete(session).where(eq(session.userId, userId));
  });
}

export async function setRole(db: Db, userId: string, role: Role) {
  await db.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, userId));
}

/** Disabling ends the user's sessions at once. */
export async function setDisabled(db: Db, userId: string, disabled: boolean) {
  await db.transaction(async (tx) => {
    await tx.update(user).set({ disabled, updatedAt: new Date() }).where(eq(user.id, userId));
    if (disabled) await tx.delete(session).where(eq(session.userId, userId));
  });
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

const TOKEN_HOURS = { invite: 72, reset: 1 } as const;

/**
 * A one-use link that sets the user's password, mailed through the outbox.
 * Only the token's hash is stored.
 */
export async function sendPasswordLink(
  db: Db,
  {
    userId,
    email,
    purpose,
    area = "Clinical Portal",
  }: {
    userId: string;
    email: string;
    purpose: "invite" | "reset";
    /** What an invitation is to: the Clinical Portal, or a sales partner's "partner area". */
    area?: string;
  },
) {
  const token = randomBytes(32).toString("base64url");
  const site = siteConfig();
  const hours = TOKEN_HOURS[purpose];
  // Always the configured origin, never the request's Host: a forged Host must not get a victim a link to another site.
  const link = `${siteOrigin()}/set-password?token=${token}`;
  const text =
    purpose === "invite"
      ? [
          "Hello,",
          "",
          `You have been invited to the ${site.companyName} ${area}.`,
          "Choose your password with this link (it works once and expires in 72 hours):",
          "",
          LINK_PLACEHOLDER,
          "",
          `Questions? Call ${site.phone}.`,
          "",
        ].join("\n")
      : [
          "Hello,",
          "",
          "Someone asked to reset the password of your portal account. If it was you, choose a new password with this link (it works once and expires in one hour):",
          "",
          LINK_PLACEHOLDER,
          "",
          "If it was not you, ignore this message: your password stays as it is.",
          "",
        ].join("\n");
  const expiresAt = new Date(Date.now() + hours * 3_600_000);
  await db.transaction(async (tx) => {
    await tx.insert(passwordTokens).values({
      tokenHash: hashToken(token),
      userId,
      purpose,
      expiresAt,
    });
    await queueLinkMail(tx as unknown as Db, {
      purpose: `account.${purpose}`,
      to: email,
      subject: purpose === "invite" ? `Your invitation to the ${site.companyName} ${area}` : "Reset your portal password",
      text,
      link,
      linkExpiresAt: expiresAt,
    });
  });
  return token;
}

/** A token's user, when it exists, is unused and has not expired. */
export async function checkPasswordToken(db: Db, token: string) {
  const [row] = await db
    .select({ userId: passwordTokens.userId, purpose: passwordTokens.purpose, email: user.email })
    .from(passwordTokens)
    .innerJoin(user, eq(user.id, passwordTokens.userId))
    .where(and(eq(passwordTokens.tokenHash, hashToken(token)), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, new Date())));
  return row ?? null;
}

/** Uses a token once: sets the password, or answers null when the token is not valid. */
export async function usePasswordToken(db: Db, token: string, password: string) {
  return claimPasswordToken(db, token, await hashPassword(password));
}

/** Uses a token once with a password already hashed: sets it and ends the user's sessions; null when the token is not valid. */
export async function claimPasswordToken(db: Db, token: string, hash: string) {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordTokens.tokenHash, hashToken(token)), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, new Date())))
      .returning({ userId: passwordTokens.userId });
    if (!claimed) return null;
    await setPasswordHash(tx as unknown as Db, claimed.userId, hash);
    await tx.delete(session).where(eq(session.userId, claimed.userId));
    const [u] = await tx.select({ email: user.email }).from(user).where(eq(user.id, claimed.userId));
    return { userId: claimed.userId, email: u!.email };
  });
}
