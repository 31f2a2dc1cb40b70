import { z } from "zod";
import { MAX_PASSWORD } from "~/lib/accounts";
import { email } from "./common";

const missingPassword = "Enter your password";

/** Members sign-in. The password is taken as typed: it is never trimmed. */
export const signInSchema = z.object({
  email: email(),
  password: z
    .string({ error: missingPassword })
    .min(1, missingPassword)
    // No password longer than an account may have: the accounts domain's bound.
    .max(MAX_PASSWORD, `Password must be ${MAX_PASSWORD} characters or fewer`),
});

export type SignInInput = z.output<typeof signInSchema>;

/** Asking for a one-use sign-in link (the sign-in page's second form): the account's email only. */
export const signInLinkSchema = z.object({ email: email() });
