import { z } from "zod";
import { STATUSES } from "~/lib/submissions";
import { CHOOSE_STATUS } from "./console-fields";

/**
 * The inbox's bulk form: the status to give the ticked rows. The ticked ids
 * are a list the action reads on its own; ticking none is answered with a
 * message, not a field error.
 */
export const bulkStatusSchema = z.object({
  intent: z.literal("bulk-status", { error: CHOOSE_STATUS }),
  status: z.enum(STATUSES, { error: CHOOSE_STATUS }),
});

export type BulkStatus = z.output<typeof bulkStatusSchema>;
