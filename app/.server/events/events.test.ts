import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, describe, expect, it } from "vitest";
import type { Db } from "~/.server/db/client";
import { publishStatus, startStatusEvents, stopStatusEvents, subscribe, type StatusEvent } from "./index";

const settle = () => new Promise((r) => setTimeout(r, 50));

describe("status events", () => {
  const client = new PGlite();
  const db = drizzle(client) as unknown as Db;
  afterAll(async () => {
    await stopStatusEvents();
    await client.close();
  });

  it("reach the practice's listeners and the console's once committed, never on rollback, never another practice's", async () => {
    await startStatusEvents((channel, onPayload) => client.listen(channel, onPayload));
    const mine: StatusEvent[] = [];
    const theirs: StatusEvent[] = [];
    const all: StatusEvent[] = [];
    const offMine = subscribe("practice-a", (e) => mine.push(e));
    subscribe("practice-b", (e) => theirs.push(e));
    subscribe("*", (e) => all.push(e));

    await db.transaction(async (tx) => publishStatus(tx as unknown as Db, { practiceId: "practice-a", kind: "ivr", id: "1", status: "covered" }));
    await db
      .transaction(async (tx) => {
        await publishStatus(tx as unknown as Db, { practiceId: "practice-a", kind: "ivr", id: "2", status: "covered" });
        throw new Error("rolled back");
      })
      .catch(() => {});
    await settle();
    expect(mine).toEqual([{ practiceId: "practice-a", kind: "ivr", id: "1", status: "covered" }]);
    expect(theirs).toEqual([]);
    expect(all.map((e) => e.id)).toEqual(["1"]);

    offMine();
    await db.transaction(async (tx) => publishStatus(tx as unknown as Db, { practiceId: "practice-a", kind: "ivr", id: "3", status: "expired" }));
    await settle();
    expect(mine).toHaveLength(1);
  });
});
