/**
 * The test authenticator app of staff and admin test accounts (enrolled by
 * second-factor.ts): its secret, its backup codes, and the code it shows now,
 * computed with the otpauth library as a person's app would. No server code
 * here: browser tests import it too.
 */
import { Secret, TOTP } from "otpauth";

/** The app's secret (its bytes key the codes; the app is given them in base32). */
export const TEST_APP_SECRET = "testsecretofthetestauthenticator";

/** The backup codes the enrolled accounts have (each works once). */
export const TEST_BACKUP_CODES = Array.from({ length: 10 }, (_, i) => `bkup${i}-code${i}`);

/** The code an authenticator app with `secret` (base32, as the set-up page shows it, or our known one) shows now. */
export function appCode(secretBase32?: string): string {
  const secret = secretBase32 ? Secret.fromBase32(secretBase32.replace(/\s+/g, "")) : Secret.fromUTF8(TEST_APP_SECRET);
  return new TOTP({ secret, digits: 6, period: 30, algorithm: "SHA1" }).generate();
}

