import { z } from "zod";

/** The audit log's filter (a GET form): anything odd falls back to "no filter". The page is a cursor (~/.server/db/paging). */
export const auditFilterSchema = z.object({
  action: z.string().trim().max(100).catch(""),
  actor: z.string().trim().max(254).catch(""),
});

export type AuditFilter = z.output<typeof auditFilterSchema>;
