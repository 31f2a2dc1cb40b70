import type { Db } from "./client";

/**
 * Runs `work` in one transaction, handing it the transaction typed as a `Db`,
 * so a domain function takes a database or a caller's transaction alike (inside
 * a transaction, a nested one is a savepoint).
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db));
}


/** True for the database's refusal of a duplicate in a unique index (SQLSTATE 23505), however the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
