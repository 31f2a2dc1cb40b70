import { z } from "zod";
import { ROLES } from "~/lib/accounts";
import { email } from "./common";

const userId = z.string({ error: "Missing user" }).regex(/^[\w-]{1,100}$/, "Unknown user");
const role = z.enum(ROLES, { error: "Choose member, staff or admin" });

/**
 * The forms of /admin/users, told apart by their `intent`: the invitation,
 * and each account row's role, disable or enable, and password reset.
 * Changing a role, disabling and resetting also carry `confirmed=1` once
 * confirmed; the action asks first without it.
 */
export const userActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("invite"), email: email(), role }),
    z.object({ intent: z.literal("role"), userId, role }),
    z.object({ intent: z.literal("disable"), userId }),
    z.object({ intent: z.literal("enable"), userId }),
    z.object({ intent: z.literal("reset"), userId }),
  ],
  { error: "Unknown action" },
);

export type UserAction = z.output<typeof userActionSchema>;
