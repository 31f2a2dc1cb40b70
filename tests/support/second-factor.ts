/**
 * A known authenticator app for test accounts that must have a second factor
 * (staff and admins): enrolled as Better Auth stores one (secret and backup
 * codes encrypted with the signing secret), and codes computed from it with
 * the otpauth library, as a person's app would.
 */
import { symmetricEncrypt } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { signingSecret } from "~/.server/crypto";
import type { Db } from "~/.server/db/client";
import { twoFactor, user } from "~/.server/db/schema";
import { TEST_APP_SECRET, TEST_BACKUP_CODES } from "./test-app";

export { appCode, TEST_APP_SECRET, TEST_BACKUP_CODES } from "./test-app";

/** Gives the account the known app and backup codes, confirmed: every password sign-in then asks for a code. */
export async function enrolTestApp(db: Db, userId: string) {
  const key = signingSecret();
  await db.delete(twoFactor).where(eq(twoFactor.userId, userId));
  await db.insert(twoFactor).values({
    id: randomUUID(),
    userId,
    secret: await symmetricEncrypt({ key, data: TEST_APP_SECRET }),
    backupCodes: await symmetricEncrypt({ key, data: JSON.stringify(TEST_BACKUP_CODES) }),
    verified: true,
  });
  await db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, userId));
}
