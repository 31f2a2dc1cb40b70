import { getTableColumns, getTableName, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client";

type Row = Record<string, unknown>;

/** A row's given values with their columns, in a stable order (the row's own). */
function cells(table: PgTable, row: Row): { column: PgColumn; value: unknown }[] {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  return Object.entries(row)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => {
      const column = columns[key];
      if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
      return { column, value };
    });
}

const names = (row: { column: PgColumn }[]) => sql.join(row.map(({ column }) => sql.identifier(column.name)), sql`, `);
/** Each value as its column stores it, cast to the column's type (a value selected, unlike one in VALUES, has no column to take its type from). */
const values = (row: { column: PgColumn; value: unknown }[]) =>
  sql.join(
    row.map(({ column, value }) => sql`${sql.param(value, column)}::${sql.raw(column.getSQLType())}`),
    sql`, `,
  );

export type Dependents = { table: PgTable; rows: Row[] };

/**
 * Inserts a row and the rows that hang off it in one statement: one round trip
 * to the database, and as atomic as a transaction (a statement is all or
 * nothing). The row is inserted unless it conflicts on `unique` (a column with
 * a unique index: an idempotency key), and its dependents only if it was.
 * Every value is known before the statement (the row's id chosen by the
 * caller), so the dependents carry it themselves. Answers whether the row was
 * inserted.
 */
export async function insertWithDependents(
  db: Db,
  head: { table: PgTable; row: Row; unique: PgColumn },
  dependents: Dependents[],
): Promise<boolean> {
  const own = cells(head.table, head.row);
  const parts: SQL[] = [
    sql`head as (insert into ${head.table} (${names(own)}) values (${values(own)}) on conflict (${sql.identifier(head.unique.name)}) do nothing returning 1 as inserted)`,
  ];
  dependents.forEach(({ table, rows }, i) => {
    if (rows.length === 0) return;
    const shaped = rows.map((row) => cells(table, row));
    const columns = shaped[0]!.map(({ column }) => column.name).join();
    if (shaped.some((row) => row.map(({ column }) => column.name).join() !== columns)) {
      throw new Error(`rows for ${getTableName(table)} must give the same columns in the same order`);
    }
    const selects = sql.join(
      shaped.map((row) => sql`select ${values(row)} from head`),
      sql` union all `,
    );
    parts.push(sql`${sql.identifier(`dependent_${i}`)} as (insert into ${table} (${names(shaped[0]!)}) ${selects})`);
  });
  const result = await db.execute(sql`with ${sql.join(parts, sql`, `)} select count(*)::int as inserted from head`);
  const [answer] = (result as unknown as { rows: { inserted: number | string }[] }).rows;
  return Number(answer?.inserted ?? 0) > 0;
}
