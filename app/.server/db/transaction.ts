import type { Db } from "./client";

/**
 * Runs `work` in one transaction, handing it the transaction typed as a `Db`,
 * so a domain function takes a database or a caller's transaction alike (inside
 * a transaction, a nested one is a savepoint).
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db));
}

