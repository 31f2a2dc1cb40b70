import { z } from "zod";

/** A mail row's buttons in /admin/outbox: send it again, or dismiss a failed one. */
export const mailActionSchema = z.object({
  intent: z.enum(["retry", "dismiss"], { error: "The request was not understood." }),
  mailId: z.uuid({ error: "That mail does not exist." }),
});

export type MailAction = z.output<typeof mailActionSchema>;
