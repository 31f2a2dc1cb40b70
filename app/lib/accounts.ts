/**
 * The accounts domain's vocabulary, browser-safe: roles and password bounds,
 * read by the database enum, the console's forms and the password pages.
 */

/** A partner is a sales partner: their own area (/partners), no portal and no console. */
export const ROLES = ["member", "staff", "admin", "partner"] as const;
export type Role = (typeof ROLES)[number];

/** The roles an admin picks on the users page; a partner is made from their callback (the submission's "Make partner"). */
export const CONSOLE_ROLES = ["member", "staff", "admin"] as const satisfies readonly Role[];
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  member: "Member",
  staff: "Staff",
  admin: "Admin",
  partner: "Partner",
};

export const MIN_PASSWORD = 10;
export const MAX_PASSWORD = 200;

export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD) return `Use at least ${MIN_PASSWORD} characters.`;
  if (password.length > MAX_PASSWORD) return `Use at most ${MAX_PASSWORD} characters.`;
  return null;
}
