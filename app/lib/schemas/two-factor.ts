import { z } from "zod";
import { MAX_PASSWORD } from "~/lib/accounts";
import { appCodeOf, backupCodeOf } from "~/lib/two-factor";

/** A code from the authenticator app, as typed (spaces between the groups are fine). */
export const appCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, "Enter the 6-digit code from your authenticator app.")
    .refine((v) => appCodeOf(v) !== null, "The code is 6 digits, as your authenticator app shows it.")
    .transform((v) => appCodeOf(v)!),
});

/** One of the ten backup codes, as shown (xxxxx-xxxxx), with or without its dash. */
export const backupCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, "Enter one of your backup codes.")
    .refine((v) => backupCodeOf(v) !== null, "A backup code is 10 letters and digits, as xxxxx-xxxxx.")
    .transform((v) => backupCodeOf(v)!),
});

/** The password that confirms a change of the second factor. */
export const confirmPasswordSchema = z.object({
  password: z.string().min(1, "Enter your password.").max(MAX_PASSWORD, "Enter your password."),
});
