import { describe, expect, it } from "vitest";
import type { Db } from "./client";
import { afterCommit, inTransaction } from "./transaction";

/** A stand-in database that logs its commits and rollbacks; a transaction's own `transaction` is a savepoint. */
function fakeDb(log: string[], name = "db"): Db {
  let n = 0;
  const db = {
    async transaction(work: (tx: unknown) => Promise<unknown>) {
      const tx = fakeDb(log, `${name}.${++n}`);
      try {
        const result = await work(tx);
        log.push(`commit ${name}.${n}`);
        return result;
      } catch (error) {
        log.push(`rollback ${name}.${n}`);
        throw error;
      }
    },
  };
  return db as unknown as Db;
}

describe("afterCommit", () => {
  it("runs once the outermost transaction has committed, whatever savepoint registered it", async () => {
    const log: string[] = [];
    await inTransaction(fakeDb(log), async (tx) => {
      afterCommit(tx, () => log.push("woken (outer)"));
      await inTransaction(tx, async (inner) => {
        afterCommit(inner, () => log.push("woken (savepoint)"));
      });
      log.push("outer work done");
    });
    expect(log).toEqual(["commit db.1.1", "outer work done", "commit db.1", "woken (outer)", "woken (savepoint)"]);
  });

  it("runs nothing when the transaction rolls back, and at once outside any transaction", async () => {
    const log: string[] = [];
    const db = fakeDb(log);
    await expect(
      inTransaction(db, async (tx) => {
        afterCommit(tx, () => log.push("woken"));
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    afterCommit(db, () => log.push("woken now"));
    expect(log).toEqual(["rollback db.1", "woken now"]);
  });
});
