import { z } from "zod";
import { MAX_NOTE, STATUSES } from "~/lib/submissions";
import { CHOOSE_STATUS } from "./console-fields";

/** The two forms of a submission's console page: its status, and a note. */
export const submissionActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("status"),
      status: z.enum(STATUSES, { error: CHOOSE_STATUS }),
    }),
    z.object({
      intent: z.literal("note"),
      body: z
        .string({ error: "Write a note first." })
        .trim()
        .min(1, "Write a note first.")
        .max(MAX_NOTE, `A note can be at most ${MAX_NOTE.toLocaleString("en-US")} characters.`),
    }),
  ],
  { error: "The request was not understood." },
);

export type SubmissionAction = z.output<typeof submissionActionSchema>;
