import { z } from "zod";
import { email, LIMITS } from "./common";

const missingPassword = "Enter your password";

/** Members sign-in. The password is taken as typed: it is never trimmed. */
export const signInSchema = z.object({
  email: email(),
  password: z
    .string({ error: missingPassword })
    .min(1, missingPassword)
    .max(LIMITS.short, `Password must be ${LIMITS.short} characters or fewer`),
});

export type SignInInput = z.output<typeof signInSchema>;

/** Asking for a one-use sign-in link (the sign-in page's second form): the account's email only. */
export const signInLinkSchema = z.object({ email: email() });
