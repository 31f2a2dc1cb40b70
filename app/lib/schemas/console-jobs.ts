import { z } from "zod";

/** A job row's buttons in /admin/jobs: run it again (or now), or cancel it. */
export const jobActionSchema = z.object({
  intent: z.enum(["retry", "cancel"], { error: "The request was not understood." }),
  jobId: z.uuid({ error: "That job does not exist." }),
});

export type JobAction = z.output<typeof jobActionSchema>;

/** The title of a refused change to a job (running, done, or gone). */
export const JOB_REFUSED_TITLE = "Could not change that job";
