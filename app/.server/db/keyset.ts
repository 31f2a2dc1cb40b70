import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { z } from "zod";

/**
 * Keyset paging: a page starts after (or ends before) the row a link names by
 * its sort key and id, so page 400 costs what page 1 costs. The cursor is the
 * pair (key, id) in base64url; a hand-edited or stale one reads as none (the
 * first page), never as an error.
 */

export type Cursor = { key: string; id: string };

/** The cursor of a row: its sort key (a timestamp as `exactTime` gives it, a date, a number) and its id. */
export function encodeCursor(key: Date | string | number, id: string | number): string {
  const k = key instanceof Date ? key.toISOString() : String(key);
  return Buffer.from(JSON.stringify([k, String(id)]), "utf8").toString("base64url");
}

const raw = z
  .string()
  .max(400)
  .regex(/^[A-Za-z0-9_-]+$/);
const pair = z.tuple([z.string().max(64), z.string().max(64)]);

/** The cursor in `value`, its key and id checked by the schemas given; null when missing or malformed. */
export function decodeCursor(value: string | null | undefined, key: z.ZodType<string> = z.string(), id: z.ZodType<string> = z.string()): Cursor | null {
  const text = raw.safeParse(value);
  if (!text.success) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text.data, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  const tuple = pair.safeParse(parsed);
  if (!tuple.success) return null;
  const k = key.safeParse(tuple.data[0]);
  const i = id.safeParse(tuple.data[1]);
  return k.success && i.success ? { key: k.data, id: i.data } : null;
}

/** A timestamp key as the database keeps it, to the microsecond (a JavaScript Date keeps milliseconds: rows would be skipped). */
export const timestampKey = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/);
export const dateKey = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const uuidKey = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
export const integerKey = z.string().regex(/^\d{1,10}$/);

/** A timestamptz column as text to the microsecond, in UTC ("2026-01-02T03:04:05.123456Z"): the key a cursor carries. */
export function exactTime(column: SQLWrapper): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** Which way a page reads from its cursor: `after` (the older, or further, rows) or `before` (back towards the first page). */
export type Direction = "after" | "before";

/**
 * The cursor in a page's URL: `after=` or `before=` (with `prefix`, for a
 * second list on one page: `ivrsAfter=`); malformed or missing is the first page.
 */
export function cursorOf(params: URLSearchParams, key: z.ZodType<string>, id: z.ZodType<string>, prefix = ""): { direction: Direction; cursor: Cursor } | null {
  const name = (direction: Direction) => (prefix ? `${prefix}${direction[0]!.toUpperCase()}${direction.slice(1)}` : direction);
  const after = decodeCursor(params.get(name("after")), key, id);
  if (after) return { direction: "after", cursor: after };
  const before = decodeCursor(params.get(name("before")), key, id);
  return before ? { direction: "before", cursor: before } : null;
}

/** A page of rows, and the cursors of the pages beside it (null at either end). */
export type KeysetPage<T> = { rows: T[]; after: string | null; before: string | null };

/**
 * One page of `size` rows. `fetch` reads at most `limit` rows from the cursor
 * on in the page's own order (`after`), or in the reverse order (`before`);
 * with no cursor, from the start. `cursorOf` names a row.
 */
export async function keysetPage<T>(
  at: { direction: Direction; cursor: Cursor } | null,
  size: number,
  fetch: (direction: Direction, cursor: Cursor | null, limit: number) => Promise<T[]>,
  cursorOfRow: (row: T) => string,
): Promise<KeysetPage<T>> {
  if (at?.direction === "before") {
    const back = await fetch("before", at.cursor, size + 1);
    if (back.length > 0) {
      const rows = back.slice(0, size).reverse();
      return { rows, after: cursorOfRow(rows.at(-1)!), before: back.length > size ? cursorOfRow(rows[0]!) : null };
    }
    // Nothing before it: the first page.
    at = null;
  }
  const rows = await fetch("after", at?.cursor ?? null, size + 1);
  const shown = rows.slice(0, size);
  return {
    rows: shown,
    after: rows.length > size ? cursorOfRow(shown.at(-1)!) : null,
    before: at && shown.length > 0 ? cursorOfRow(shown[0]!) : at ? encodeCursor(at.cursor.key, at.cursor.id) : null,
  };
}

/** `count(*)`, read no further than `cap` + 1 rows: the exact count up to `cap`, else `cap` + 1 (shown as "10,000+"). */
export const COUNT_CAP = 10_000;

/** "1,234", or "10,000+" past the cap. */
export function cappedCount(n: number, cap = COUNT_CAP): string {
  return n > cap ? `${cap.toLocaleString("en-US")}+` : n.toLocaleString("en-US");
}
