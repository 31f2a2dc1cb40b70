import type { Db } from "./client";

/** Work to run once the outermost transaction a transaction belongs to has committed (a nested one shares its outer list). */
const committed = new WeakMap<object, (() => void)[]>();

/**
 * Runs `work` in one transaction, handing it the transaction typed as a `Db`,
 * so a domain function takes a database or a caller's transaction alike (inside
 * a transaction, a nested one is a savepoint). Work registered with
 * `afterCommit` inside it runs once the outermost transaction has committed.
 */
export async function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  const outer = committed.get(db);
  if (outer)
    return db.transaction((tx) => {
      committed.set(tx, outer);
      return work(tx as unknown as Db);
    });
  const after: (() => void)[] = [];
  const result = await db.transaction((tx) => {
    committed.set(tx, after);
    return work(tx as unknown as Db);
  });
  for (const run of after) run();
  return result;
}

/**
 * Runs `run` once what `db` wrote is committed: after the outermost
 * `inTransaction` it belongs to has committed, or now when `db` is not a
 * transaction `inTransaction` opened. Nothing runs when the transaction rolls
 * back; a savepoint rolled back inside a transaction that commits still runs
 * its work, so `run` must be harmless then (waking a worker, say).
 */
export function afterCommit(db: Db, run: () => void): void {
  const after = committed.get(db);
  if (after) after.push(run);
  else run();
}

/** True for the database's refusal of a duplicate in a unique index (SQLSTATE 23505), however the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
