import { count, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { z } from "zod";
import { isUuid } from "~/lib/ids";
import type { Db } from "./client";

/**
 * Paging of lists that grow (the audit log, the inbox, the outbox, jobs):
 * by keyset, never by offset, so a page deep in a list costs what the first
 * one does, and with counts that stop at a cap instead of counting millions
 * of rows on every page.
 *
 * URL shape: `?before=<cursor>` is the page that follows the row the cursor
 * names in the list's order ("Older entries" in a newest-first list), and
 * `?after=<cursor>` the page that comes before it ("Newer entries"). A cursor
 * is the base64url of a JSON array of the row's sort key (its time with
 * microseconds, its id...): opaque to readers, checked here against the
 * list's key before it reaches a query. Anything odd (hand-edited, from
 * another list, an old `?page=N` link) is the first page, never an error.
 */

/** Counts stop here: past it a list says "10,000+". */
export const COUNT_CAP = 10_000;

/** A page of a list: its rows, how many rows the list has (up to the cap), and the cursors of the pages either side. */
export type Page<T> = {
  rows: T[];
  /** The rows the list has, or the cap when `capped`. */
  total: number;
  /** More rows than `total`: shown as "10,000+". */
  capped: boolean;
  pageSize: number;
  /** For `?after=`: the page before this one; null on the first page. */
  previous: string | null;
  /** For `?before=`: the page after this one; null on the last page. */
  next: string | null;
};

/** Which way a cursor leads from the row it names: `before` continues the list past it, `after` goes back. */
export type Cursor = { direction: "before" | "after"; value: string };

const cursorText = z
  .string()
  .min(1)
  .max(600)
  .regex(/^[A-Za-z0-9_-]+$/);

/** The cursor of a query string (`before` wins over `after`), or null for the first page. */
export function parseCursor(params: URLSearchParams): Cursor | null {
  for (const direction of ["before", "after"] as const) {
    const found = cursorText.safeParse(params.get(direction) ?? undefined);
    if (found.success) return { direction, value: found.data };
  }
  return null;
}

/** The kinds of value a sort key holds: each is checked before it is cast in SQL, so no cursor can make a query fail. */
export type KeyType = "timestamp" | "uuid" | "int" | { pgEnum: string; values: readonly string[] };

/** One column of a list's sort order. */
export type KeyPart = { column: AnyColumn | SQL; order: "asc" | "desc"; type: KeyType };

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:?\d{2})?)$/;

function valid(type: KeyType, value: unknown): boolean {
  if (type === "timestamp") return typeof value === "string" && TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value.replace(" ", "T")));
  if (type === "uuid") return typeof value === "string" && isUuid(value);
  if (type === "int") return Number.isInteger(value) && Math.abs(value as number) < 2 ** 31;
  return typeof value === "string" && type.values.includes(value);
}

function cast(type: KeyType, value: unknown): SQL {
  if (type === "timestamp") return sql`${value}::timestamptz`;
  if (type === "uuid") return sql`${value}::uuid`;
  if (type === "int") return sql`${value}::int`;
  return sql`${value}::${sql.raw(`"${type.pgEnum}"`)}`;
}

export function encodeCursor(key: string): string {
  return Buffer.from(key, "utf8").toString("base64url");
}

/** The key values a cursor holds when they fit `parts`, else null. */
export function decodeCursor(value: string, parts: KeyPart[]): unknown[] | null {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!Array.isArray(values) || values.length !== parts.length) return null;
  return parts.every((part, i) => valid(part.type, values[i])) ? values : null;
}

/** A row's sort key as JSON text (timestamps to the microsecond): select it as `cursorKey` and hand the rows to `keysetPage`. */
export function cursorKey(parts: KeyPart[]): SQL<string> {
  return sql<string>`json_build_array(${sql.join(
    parts.map((p) => p.column),
    sql`, `,
  )})::text`;
}

/**
 * Rows strictly past `values` in the order of `parts` (or strictly before,
 * `forward` false), as conditions to read one after the other. Runs of
 * columns sorted the same way are compared as one row value,
 * `(at, id) < (x, y)`, which an index on those columns answers as a range
 * starting at the cursor. A sort that changes direction (status ascending,
 * then newest first) gives one condition per run, each an equality on the
 * runs before it and a range on its own: `status = 'new' and (created_at, id)
 * < (x, y)`, then `status > 'new'`; read in that order they are the rows past
 * the cursor, in order, and each is an index range too.
 */
function beyond(parts: KeyPart[], values: unknown[], forward: boolean): SQL[] {
  type Run = { columns: SQL[]; values: SQL[]; greater: boolean };
  const runs: Run[] = [];
  parts.forEach((part, i) => {
    const greater = (part.order === "asc") === forward;
    const column = sql`${part.column}`;
    const value = cast(part.type, values[i]);
    const last = runs.at(-1);
    if (last && last.greater === greater) {
      last.columns.push(column);
      last.values.push(value);
    } else runs.push({ columns: [column], values: [value], greater });
  });
  const tuple = (items: SQL[]) => sql`(${sql.join(items, sql`, `)})`;
  return runs
    .map((run, i) => {
      const equal = runs.slice(0, i).map((before) => sql`${tuple(before.columns)} = ${tuple(before.values)}`);
      const strict = sql`${tuple(run.columns)} ${sql.raw(run.greater ? ">" : "<")} ${tuple(run.values)}`;
      return sql.join([...equal, strict], sql` and `);
    })
    .reverse();
}

function orderOf(parts: KeyPart[], forward: boolean): SQL[] {
  return parts.map((p) => sql`${p.column} ${sql.raw((p.order === "asc") === forward ? "asc" : "desc")}`);
}

/**
 * One page of a list by keyset. `fetch` runs the list's own query with a
 * keyset condition (undefined on the first page) added to its filters, in
 * `orderBy`, at most `limit` rows, each with its `cursorKey(parts)`; a sort
 * that changes direction calls it once per run of its columns at most. A
 * malformed cursor is the first page; going back past the start is the
 * first page too, so "Newer" always ends on exactly what the first page shows.
 */
export async function keysetPage<T extends { cursorKey: string }>(options: {
  parts: KeyPart[];
  cursor: Cursor | null;
  pageSize: number;
  fetch: (keyset: SQL | undefined, orderBy: SQL[], limit: number) => Promise<T[]>;
}): Promise<{ rows: Omit<T, "cursorKey">[]; previous: string | null; next: string | null }> {
  const { parts, pageSize } = options;
  /** Up to `limit` rows past `values`, reading each condition of `beyond` in turn until there are enough. */
  const fetch = async (values: unknown[] | null, forward: boolean, limit: number) => {
    if (!values) return options.fetch(undefined, orderOf(parts, forward), limit);
    const rows: T[] = [];
    for (const keyset of beyond(parts, values, forward)) {
      if (rows.length >= limit) break;
      rows.push(...(await options.fetch(keyset, orderOf(parts, forward), limit - rows.length)));
    }
    return rows;
  };
  const values = options.cursor ? decodeCursor(options.cursor.value, parts) : null;
  const strip = (rows: T[]) => rows.map(({ cursorKey: _, ...row }) => row);
  const keyOf = (row: T | undefined) => (row ? encodeCursor(row.cursorKey) : null);

  if (values && options.cursor!.direction === "after") {
    const got = await fetch(values, false, pageSize + 1);
    if (got.length > pageSize) {
      const rows = got.slice(0, pageSize).reverse();
      return { rows: strip(rows), previous: keyOf(rows[0]), next: keyOf(rows.at(-1)) };
    }
    // Nothing newer than a full page: this is the first page.
  }
  const forward = values && options.cursor!.direction === "before";
  const got = await fetch(forward ? values : null, true, pageSize + 1);
  const rows = got.slice(0, pageSize);
  return {
    rows: strip(rows),
    // Past the end (the rows after the cursor were removed since), "Previous" still leads back.
    previous: forward ? (keyOf(rows[0]) ?? options.cursor!.value) : null,
    next: got.length > pageSize ? keyOf(rows.at(-1)) : null,
  };
}

/**
 * How many rows `query` (a select of the list's filtered rows, say of `1`)
 * answers, counting no more than `cap` + 1 of them: an exact count of a small
 * list, "10,000+" of a large one, for the cost of reading 10,001 rows at most.
 */
export async function cappedCount(db: Db, query: PgSelect, cap: number = COUNT_CAP): Promise<{ total: number; capped: boolean }> {
  const [row] = await db.select({ n: count() }).from(query.limit(cap + 1).as("capped_rows"));
  const n = Number(row?.n ?? 0);
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}
