import { getTableColumns, getTableName, sql, type Query, type SQL } from "drizzle-orm";
import { PgDialect, type PgColumn, type PgPreparedQuery, type PgTable, type PreparedQueryConfig } from "drizzle-orm/pg-core";
import type { Db } from "./client";

type Row = Record<string, unknown>;

/**
 * A statement's text and the slots of its values, built once per process.
 * Drizzle builds a query's text anew on every call (a tenth of a contact
 * post's time went there); a statement kept here is built on its first use
 * and then only bound to values. It is named, so PostgreSQL (node-postgres)
 * also parses and plans it once per connection; PGlite ignores the name.
 */
export type Statement = { readonly name: string; readonly query: Query };

const dialect = new PgDialect();
const statements = new Map<string, Statement>();

/**
 * The statement kept under `key`, built by `build` the first time. The key
 * names what the text depends on (tables, columns, number of rows), never a
 * value: values are slots (`slot(i)`), so the statements a process keeps are
 * as few as the shapes its code writes.
 */
export function builtOnce(key: string, build: () => SQL): Statement {
  let statement = statements.get(key);
  if (!statement) {
    // Names unique within the process: a connection belongs to one process, and PostgreSQL cuts names at 63 bytes.
    statement = { name: `site_${statements.size + 1}`, query: dialect.sqlToQuery(build()) };
    statements.set(key, statement);
  }
  return statement;
}

/** How many statements the process has built (tests: a statement is built once, not per request). */
export const builtStatements = () => statements.size;

/** The slot of the `index`th value (from 0) given to `runStatement`. */
export const slot = (index: number) => sql.placeholder(String(index));

type Answer = { rows: Row[] };
/** A statement made ready on a session (the database's pool, or a transaction's connection), kept with the session. */
const ready = new WeakMap<object, Map<Statement, PgPreparedQuery<PreparedQueryConfig & { execute: Answer }>>>();

/**
 * Runs a built statement on `db` (the database or a transaction: the
 * statement runs on its connection) with these values, in slot order, as the
 * driver takes them (a column's values are mapped by `driverValue`). Answers
 * the rows.
 */
export async function runStatement<R extends Row = Row>(db: Db, statement: Statement, values: readonly unknown[]): Promise<R[]> {
  const session = db._.session;
  let kept = ready.get(session);
  if (!kept) ready.set(session, (kept = new Map()));
  let prepared = kept.get(statement);
  if (!prepared) {
    prepared = session.prepareQuery<PreparedQueryConfig & { execute: Answer }>(statement.query, undefined, statement.name, false);
    kept.set(statement, prepared);
  }
  // Slots are named by their index, so the values' array is their record.
  const answer = await prepared.execute(values as unknown as Record<string, unknown>);
  return answer.rows as R[];
}

/** A value as its column hands it to the driver, as drizzle binds it (null stays null). */
export const driverValue = (column: PgColumn, value: unknown) => (value === null ? null : column.mapToDriverValue(value));

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
const shapeOf = (row: { column: PgColumn }[]) => row.map(({ column }) => column.name).join();

export type Dependents = { table: PgTable; rows: Row[] };

/**
 * Inserts a row and the rows that hang off it in one statement: one round trip
 * to the database, and as atomic as a transaction (a statement is all or
 * nothing). The row is inserted unless it conflicts on `unique` (a column with
 * a unique index: an idempotency key), and its dependents only if it was.
 * Every value is known before the statement (the row's id chosen by the
 * caller), so the dependents carry it themselves. Answers whether the row was
 * inserted. The statement is built once for each shape (its tables, the
 * columns given, the number of rows) and then bound to the values.
 */
export async function insertWithDependents(
  db: Db,
  head: { table: PgTable; row: Row; unique: PgColumn },
  dependents: Dependents[],
): Promise<boolean> {
  const own = cells(head.table, head.row);
  const shaped = dependents
    .filter(({ rows }) => rows.length > 0)
    .map(({ table, rows }) => {
      const cellRows = rows.map((row) => cells(table, row));
      const columns = shapeOf(cellRows[0]!);
      if (cellRows.some((row) => shapeOf(row) !== columns)) {
        throw new Error(`rows for ${getTableName(table)} must give the same columns in the same order`);
      }
      return { table, rows: cellRows };
    });
  const key = [
    `with:${getTableName(head.table)}(${shapeOf(own)}) on ${head.unique.name}`,
    ...shaped.map(({ table, rows }) => `${getTableName(table)}(${shapeOf(rows[0]!)})x${rows.length}`),
  ].join(";");
  const statement = builtOnce(key, () => {
    let next = 0;
    /** Each value's slot, cast to its column's type (a value selected, unlike one in VALUES, has no column to take its type from). */
    const slots = (row: { column: PgColumn }[]) =>
      sql.join(
        row.map(({ column }) => sql`${slot(next++)}::${sql.raw(column.getSQLType())}`),
        sql`, `,
      );
    const parts: SQL[] = [
      sql`head as (insert into ${head.table} (${names(own)}) values (${slots(own)}) on conflict (${sql.identifier(head.unique.name)}) do nothing returning 1 as inserted)`,
    ];
    shaped.forEach(({ table, rows }, i) => {
      const selects = sql.join(
        rows.map((row) => sql`select ${slots(row)} from head`),
        sql` union all `,
      );
      parts.push(sql`${sql.identifier(`dependent_${i}`)} as (insert into ${table} (${names(rows[0]!)}) ${selects})`);
    });
    return sql`with ${sql.join(parts, sql`, `)} select count(*)::int as inserted from head`;
  });
  const values = [own, ...shaped.flatMap(({ rows }) => rows)].flatMap((row) => row.map(({ column, value }) => driverValue(column, value)));
  const [answer] = await runStatement<{ inserted: number | string }>(db, statement, values);
  return Number(answer?.inserted ?? 0) > 0;
}
