import { getTableColumns, getTableName, is, sql, type Column, type SQLChunk } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "~/.server/db/client";
import * as schema from "~/.server/db/schema";

/**
 * Bulk writes for the demo data: rows are kept per table and written many at
 * a time, each batch as one JSON parameter that PostgreSQL unpacks itself:
 * `INSERT INTO t (...) SELECT ... FROM json_to_recordset($1)`. The columns
 * and their SQL types come from the Drizzle schema (a new column needs no
 * change here), the rows go over as JSON.stringify makes them (dates as ISO
 * text, bytes as hex), and building a statement costs next to nothing, where
 * Drizzle's multi-row VALUES spent most of its time assembling parameters.
 *
 * Tables are written in `order` (parents before children), so every foreign
 * key already exists when its row is written. A row may give its identity
 * column (the IVR-, ORD- and INV- numbers, chosen so that they grow with
 * time); `advanceIdentities` then moves each identity's sequence past them.
 */

type AnyTable = PgTable;
export type Row<T extends AnyTable> = T["$inferInsert"];

const BATCH_ROWS = 4_000;

type ColumnPlan = { key: string; column: Column; type: string };

function columnPlans(table: AnyTable): ColumnPlan[] {
  return Object.entries(getTableColumns(table) as Record<string, Column>)
    .filter(([, column]) => !column.generated)
    .map(([key, column]) => ({ key, column, type: column.getSQLType() }));
}

const hex = (bytes: Uint8Array) => `\\x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex")}`;

/** Writes `rows` of one table, in batches. Columns no row gives are left to their defaults. */
export async function insertRows<T extends AnyTable>(db: Db, table: T, rows: readonly Row<T>[]): Promise<void> {
  const plans = columnPlans(table);
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const batch = rows.slice(start, start + BATCH_ROWS) as readonly Record<string, unknown>[];
    const given = plans.filter((p) => batch.some((row) => row[p.key] !== undefined));
    for (const p of given) {
      if (p.column.notNull && batch.some((row) => row[p.key] === undefined || row[p.key] === null))
        throw new Error(`${getTableName(table)}.${p.column.name}: some rows give no value for a column that needs one`);
    }
    const bytes = given.filter((p) => p.type === "bytea");
    const json = JSON.stringify(
      bytes.length === 0 ? batch : batch.map((row) => ({ ...row, ...Object.fromEntries(bytes.map((p) => [p.key, hex(row[p.key] as Uint8Array)])) })),
    );
    const list = (f: (p: ColumnPlan) => SQLChunk) => sql.join(given.map(f), sql`, `);
    const overriding = given.some((p) => p.column.generatedIdentity?.type === "always") ? sql` overriding system value` : sql``;
    await db.execute(
      sql`insert into ${table} (${list((p) => sql.identifier(p.column.name))})${overriding}
          select ${list((p) => sql.identifier(p.key))} from json_to_recordset(${json}::json)
          as r(${list((p) => sql`${sql.identifier(p.key)} ${sql.raw(p.type)}`)})`,
    );
  }
}

/**
 * Keeps rows per table and writes them, parents first, when enough are kept
 * (or at `finish`). Writing runs while the caller makes the next rows; at most
 * one write waits behind the running one.
 */
export class BulkWriter {
  private readonly buffers = new Map<AnyTable, unknown[]>();
  private kept = 0;
  private writing: Promise<void> = Promise.resolve();
  private queued = 0;
  readonly written = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly order: readonly AnyTable[],
    private readonly flushAt = 40_000,
  ) {
    for (const table of order) this.buffers.set(table, []);
  }

  add<T extends AnyTable>(table: T, row: Row<T>): void {
    const buffer = this.buffers.get(table);
    if (!buffer) throw new Error(`${getTableName(table)} is not in the writer's table order`);
    buffer.push(row);
    this.kept++;
  }

  private lastTurn = performance.now();

  /**
   * Writes what is kept when there is enough of it; waits only when a write is
   * already queued. Call it often: it also gives the event loop a turn every
   * few milliseconds, without which a running write (whose next statement is
   * sent from an I/O callback) would stand still while the caller makes rows.
   */
  async maybeFlush(): Promise<void> {
    if (this.kept >= this.flushAt) await this.flush();
    else if (this.queued > 0 && performance.now() - this.lastTurn > 4) {
      await new Promise((resolve) => setImmediate(resolve));
      this.lastTurn = performance.now();
    }
  }

  async flush(): Promise<void> {
    if (this.queued > 0) await this.writing;
    const batches = this.order.map((table) => [table, this.buffers.get(table)!] as const).filter(([, rows]) => rows.length > 0);
    for (const table of this.order) this.buffers.set(table, []);
    this.kept = 0;
    this.queued++;
    this.writing = this.writing.then(async () => {
      for (const [table, rows] of batches) {
        await insertRows(this.db, table, rows as Row<typeof table>[]);
        const name = getTableName(table);
        this.written.set(name, (this.written.get(name) ?? 0) + rows.length);
      }
      this.queued--;
    });
    // A failed write fails the next flush or finish; it must not go unhandled meanwhile.
    this.writing.catch(() => {});
  }

  async finish(): Promise<void> {
    await this.flush();
    await this.writing;
  }
}

/** After rows that gave their identity values: the next row the app writes gets the number after the largest. */
export async function advanceIdentities(db: Db, tables: readonly AnyTable[]): Promise<void> {
  for (const table of tables) {
    for (const column of Object.values(getTableColumns(table) as Record<string, Column>)) {
      if (!column.generatedIdentity) continue;
      const name = `${getTableName(table)}`;
      await db.execute(
        sql`select setval(pg_get_serial_sequence(${`"${name}"`}, ${column.name}), coalesce(max(${sql.identifier(column.name)}), 0) + 1, false) from ${table}`,
      );
    }
  }
}

/** Every table of the application's schema. */
export function appTables(): PgTable[] {
  return (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
}

/** The tables that hold any row: the demo data goes only into an empty database. */
export async function tablesWithRows(db: Db): Promise<string[]> {
  const found: string[] = [];
  for (const table of appTables()) {
    const result = await db.execute(sql`select exists (select 1 from ${table}) as "any"`);
    const rows = (result as unknown as { rows: { any: boolean }[] }).rows;
    if (rows[0]?.any) found.push(getTableName(table));
  }
  return found;
}
