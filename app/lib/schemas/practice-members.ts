import { z } from "zod";
import { PRACTICE_ROLE_LABEL, PRACTICE_ROLES } from "~/lib/practice-roles";
import { email, requiredOption } from "./common";

/** The roles as a picker's options, in the order of the table (app/lib/practice-roles.ts). */
export const PRACTICE_ROLE_OPTIONS = PRACTICE_ROLES.map((value) => ({ value, label: PRACTICE_ROLE_LABEL[value] })) as [
  { value: (typeof PRACTICE_ROLES)[number]; label: string },
  ...{ value: (typeof PRACTICE_ROLES)[number]; label: string }[],
];

const role = requiredOption(PRACTICE_ROLE_OPTIONS, "Choose a role");
// An account id as Better Auth writes it; anything longer is no account.
const userId = z.string({ error: "Choose a member" }).trim().min(1, "Choose a member").max(64, "Choose a member");

/** A practice admin invites someone into their practice with a role. */
export const inviteMemberSchema = z.object({ email: email(), role });
/** A practice admin gives a member another role. */
export const memberRoleSchema = z.object({ userId, role });
/** A practice admin takes a member out of the practice. */
export const removeMemberSchema = z.object({ userId });

export const DECLINE_REASON_MAX = 500;

/** A practice admin declines an order waiting for approval: why, for the one who placed it. */
export const declineSchema = z.object({
  reason: z
    .string({ error: "Say why the order is declined" })
    .trim()
    .min(1, "Say why the order is declined")
    .max(DECLINE_REASON_MAX, `At most ${DECLINE_REASON_MAX} characters`),
});

/**
 * The practice's approval rule: every order, orders above an amount (in
 * dollars, empty for none), stock orders. Check boxes send "1" when ticked.
 */
export const approvalRuleSchema = z.object({
  approveAll: z.literal("1").optional(),
  approveAbove: z
    .string()
    .trim()
    .max(12, "Enter an amount in dollars, such as 2500")
    .refine((v) => v === "" || /^\d{1,9}(\.\d{1,2})?$/.test(v.replace(/,/g, "")), "Enter an amount in dollars, such as 2500")
    .optional(),
  approveStock: z.literal("1").optional(),
});
