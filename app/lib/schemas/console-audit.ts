import { z } from "zod";

/** The audit log's filter (a GET form): anything odd falls back to "no filter" / page 1. */
export const auditFilterSchema = z.object({
  action: z.string().trim().max(100).catch(""),
  actor: z.string().trim().max(254).catch(""),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});

export type AuditFilter = z.output<typeof auditFilterSchema>;
