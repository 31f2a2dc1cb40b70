import { z } from "zod";
import { CONSOLE_ROLES } from "~/lib/accounts";
import { email } from "./common";
import { PRACTICE_REQUIRED } from "./console-fields";

const userId = z.string({ error: "Missing user" }).regex(/^[\w-]{1,100}$/, "Unknown user");
const role = z.enum(CONSOLE_ROLES, { error: "Choose member, staff or admin" });
const practiceId = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  z.uuid({ error: PRACTICE_REQUIRED }).optional(),
);

/**
 * The forms of /admin/users, told apart by their `intent`: the invitation,
 * and each account row's role, disable or enable, and password reset.
 * Changing a role, disabling and resetting also carry `confirmed=1` once
 * confirmed; the action asks first without it. A member is invited into a
 * practice; staff and admins into none (a practice sent with them is dropped).
 */
export const userActionSchema = z
  .discriminatedUnion(
    "intent",
    [
      z.object({ intent: z.literal("invite"), email: email(), role, practiceId }),
      z.object({ intent: z.literal("role"), userId, role }),
      z.object({ intent: z.literal("disable"), userId }),
      z.object({ intent: z.literal("enable"), userId }),
      z.object({ intent: z.literal("reset"), userId }),
      z.object({ intent: z.literal("reset-two-factor"), userId }),
    ],
    { error: "Unknown action" },
  )
  .superRefine((value, ctx) => {
    if (value.intent === "invite" && value.role === "member" && !value.practiceId)
      ctx.addIssue({ code: "custom", path: ["practiceId"], message: PRACTICE_REQUIRED });
  })
  .transform((value) => (value.intent === "invite" && value.role !== "member" ? { ...value, practiceId: undefined } : value));

export type UserAction = z.output<typeof userActionSchema>;

/** A practice's page adds an existing account (a member in no practice) by its email. */
export const addMemberSchema = z.object({ intent: z.literal("add-member", { error: "Unknown action" }), email: email() });
