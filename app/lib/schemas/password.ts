import { z } from "zod";
import { passwordProblem } from "~/lib/accounts";
import { email } from "./common";
import { PASSWORD_TOKEN } from "./password-fields";

/** Asking for a reset link (/forgot-password): the account's email only. */
export const forgotPasswordSchema = z.object({ email: email() });

const missingPassword = "Enter a new password";
const missingConfirm = "Enter the password again";

/**
 * Choosing a password from an invitation or reset link (/set-password). The
 * bounds are the accounts domain's (`passwordProblem`), the same the command
 * line and Better Auth apply. The password is taken as typed: never trimmed.
 */
export const setPasswordSchema = z
  .object({
    token: z.string({ error: "This link is no longer valid" }).regex(PASSWORD_TOKEN, "This link is no longer valid"),
    password: z.string({ error: missingPassword }).superRefine((value, ctx) => {
      const problem = value === "" ? missingPassword : passwordProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
    confirm: z.string({ error: missingConfirm }).min(1, missingConfirm),
  })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "The two passwords do not match" });

export type SetPasswordInput = z.output<typeof setPasswordSchema>;
