/**
 * Two-factor sign-in: who must have a second factor, and the pages of it.
 * Supplier staff and admins must (their accounts open every practice's
 * records); a practice admin can require it of the whole practice, and any
 * member may turn it on.
 */
import type { Role } from "~/lib/accounts";

/** Where an account that must have a second factor and has none is sent, whatever it asked for. */
export const ENROL_PATH = "/account/two-factor";
/** The sign-in's second step: the code from the app, or a backup code. */
export const SECOND_STEP_PATH = "/sign-in/two-factor";
/** The person's own security page: the second factor and the open sessions. */
export const ACCOUNT_PATH = "/account";

/** Account roles that cannot skip a second factor. */
export const SECOND_FACTOR_ROLES: readonly Role[] = ["staff", "admin"];

export function mustHaveSecondFactor(user: { role: Role }): boolean {
  return SECOND_FACTOR_ROLES.includes(user.role);
}

/** A code from an authenticator app: six digits (spaces typed between groups are ignored). */
export function appCodeOf(typed: string): string | null {
  const code = typed.replace(/\s+/g, "");
  return /^\d{6}$/.test(code) ? code : null;
}

/** A backup code as shown (xxxxx-xxxxx); typed with or without the dash, in any case the codes were shown in. */
export function backupCodeOf(typed: string): string | null {
  const code = typed.trim().replace(/\s+/g, "");
  if (/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/.test(code)) return code;
  if (/^[A-Za-z0-9]{10}$/.test(code)) return `${code.slice(0, 5)}-${code.slice(5)}`;
  return null;
}
