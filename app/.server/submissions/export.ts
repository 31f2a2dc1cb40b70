import { and, asc, desc, eq, sql } from "drizzle-orm";
import { exactTime } from "~/.server/db/keyset";
import type { Kind } from "~/lib/submission-kinds";
import { audit, type Actor } from "~/.server/audit";
import type { Db } from "~/.server/db/client";
import { log } from "~/.server/log";
import { submissionFiles, submissions } from "~/.server/db/schema";
import { csvRows } from "./csv";
import { serverKind } from "./kinds";

/**
 * The CSV export of a kind's submissions, newest first, read and written a
 * batch at a time: a keyset walk over (created_at, id) reads each batch with
 * its kind's fields, lists and file names, so memory holds one batch whatever
 * the number of rows, and the first bytes leave before the last row is read.
 */

export const EXPORT_BATCH = 2_000;

const numbered = (lines: readonly string[]) => lines.map((line, i) => `${i + 1}. ${line}`).join("\n");

/** The export's header row. */
export function exportHeader(kind: Kind): string[] {
  const record = serverKind(kind);
  return [
    "id",
    "received",
    "status",
    "first name",
    "last name",
    "email",
    ...Object.values(record.info.fields).map((label) => label.toLowerCase()),
    ...record.lists.map((list) => list.info.column),
    ...(record.info.files ? ["files"] : []),
  ];
}

/** The kind's rows, newest first, `batch` at a time. */
export async function* exportBatches(db: Db, kind: Kind, batch = EXPORT_BATCH): AsyncGenerator<string[][]> {
  const record = serverKind(kind);
  type Batch = { row: typeof submissions.$inferSelect; at: string }[];
  // The cursor keeps the time to the microsecond (a JavaScript Date keeps milliseconds: rows within one would be skipped).
  const readFrom = (after: { at: string; id: string } | null): Promise<Batch> =>
    db
      .select({ row: submissions, at: exactTime(submissions.createdAt) })
      .from(submissions)
      .where(and(eq(submissions.kind, kind), after ? sql`(${submissions.createdAt}, ${submissions.id}) < (${after.at}::timestamptz, ${after.id}::uuid)` : undefined))
      .orderBy(desc(submissions.createdAt), desc(submissions.id))
      .limit(batch)
      .execute();
  let next: Promise<Batch> | null = readFrom(null);
  try {
    while (next) {
      const page: Batch = await next;
      // The next batch is read while this one's fields are read and written.
      const last = page.at(-1);
      next = page.length === batch && last ? readFrom({ at: last.at, id: last.row.id }) : null;
      if (page.length === 0) break;
      const base = page.map((p) => p.row);
      const ids = base.map((s) => s.id);
      const [own, lists, fileRows] = await Promise.all([
        record.loadFields(db, ids),
        Promise.all(record.lists.map((list) => list.load(db, ids))),
        record.info.files
          ? db
              .select({ submissionId: submissionFiles.submissionId, role: submissionFiles.role, fileName: submissionFiles.fileName })
              .from(submissionFiles)
              // One array parameter rather than one per id.
              .where(sql`${submissionFiles.submissionId} = any(${sql.param(ids)}::uuid[])`)
              .orderBy(asc(submissionFiles.submissionId), asc(submissionFiles.createdAt), asc(submissionFiles.fileName))
          : Promise.resolve([]),
      ]);
      // Resume first, then the other documents.
      fileRows.sort((a, b) => (a.role === b.role ? 0 : a.role === "resume" ? -1 : 1));
      const files = new Map<string, string[]>();
      for (const f of fileRows) files.set(f.submissionId, [...(files.get(f.submissionId) ?? []), f.fileName]);
      yield base.map((s) => {
        const values = (own.get(s.id) ?? record.emptyFields()).map((f) => f.value ?? "");
        const row = [s.id, s.createdAt.toISOString(), s.status, s.firstName, s.lastName, s.email, ...values];
        for (const entries of lists) row.push(numbered((entries.get(s.id) ?? []).map((e) => e.line)));
        if (record.info.files) row.push((files.get(s.id) ?? []).join("; "));
        return row;
      });
    }
  } finally {
    // Stopped early (the download cut off): the batch read ahead is not waited for, and its failure is nobody's.
    next?.catch(() => {});
  }
}

export type ExportTable = { header: string[]; rows: string[][] };

/** The whole export in memory (tests and small kinds); the download streams through exportCsv. */
export async function exportSubmissions(db: Db, kind: Kind): Promise<ExportTable> {
  const rows: string[][] = [];
  for await (const part of exportBatches(db, kind)) rows.push(...part);
  return { header: exportHeader(kind), rows };
}

/**
 * A staff member's export of every submission of a kind, as a stream of CSV
 * text: the rows are read from `source` (the read handle, say) as the
 * download is read, and the export is audited as `export.csv` on `db` with
 * the number of rows sent once it ends, or ends early (the download cut off,
 * or a read failed).
 */
export function exportCsv(db: Db, kind: Kind, reader: Actor, source: Db = db): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const batches = exportBatches(source, kind);
  let sent = 0;
  let audited = false;
  const record = async (complete: boolean) => {
    if (audited) return;
    audited = true;
    const rows = `${sent} ${sent === 1 ? "row" : "rows"}`;
    await audit(db, { actorEmail: reader.email, action: "export.csv", target: kind, ip: reader.ip, detail: `${kind}: ${rows}${complete ? "" : " (stopped before the end)"}` });
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvRows([exportHeader(kind)])));
    },
    async pull(controller) {
      try {
        const next = await batches.next();
        if (next.done) {
          await record(true);
          controller.close();
          return;
        }
        sent += next.value.length;
        controller.enqueue(encoder.encode(csvRows(next.value)));
      } catch (error) {
        // The download ends cut short (its status was sent with the first rows): the log says why.
        log.error({ err: error, kind, rows: sent }, "CSV export failed part way");
        await record(false).catch(() => {});
        controller.error(error);
      }
    },
    async cancel() {
      await batches.return(undefined);
      await record(false);
    },
  });
}
