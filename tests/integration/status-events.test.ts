import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/.server/db/client";
import { publishStatus, STATUS_CHANNEL } from "~/.server/events";
import { freshDatabase } from "./support/database";

/**
 * Two processes on one PostgreSQL server: a status change committed through
 * one reaches the listener of the other. Only meaningful on a server, so it
 * runs only with TEST_DATABASE_URL (PGlite's in-process delivery is tested
 * beside the events module).
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("status events across processes on PostgreSQL", () => {
  let first: Awaited<ReturnType<typeof freshDatabase>>;
  let second: Database;

  beforeAll(async () => {
    first = await freshDatabase("postgres");
    second = await openDatabase({ url: first.url!, poolSize: 2 });
  });
  afterAll(async () => {
    await second.close();
    await first.dispose();
  });

  it("delivers a committed change to the other process, and not a rolled-back one", async () => {
    const heard: string[] = [];
    const stop = await second.listen(STATUS_CHANNEL, (payload) => heard.push(payload));
    try {
      // The listener connects in the background: wait until a first event arrives.
      for (let i = 0; i < 50 && heard.length === 0; i++) {
        await first.db.transaction((tx) => publishStatus(tx as never, { practiceId: "p", kind: "ivr", id: "warm-up", status: "submitted" }));
        await new Promise((r) => setTimeout(r, 100));
      }
      heard.length = 0;
      await first.db
        .transaction(async (tx) => {
          await publishStatus(tx as never, { practiceId: "p", kind: "ivr", id: "rolled-back", status: "covered" });
          throw new Error("roll back");
        })
        .catch(() => {});
      await first.db.transaction((tx) => publishStatus(tx as never, { practiceId: "p", kind: "ivr", id: "42", status: "covered" }));
      for (let i = 0; i < 50 && !heard.some((p) => p.includes('"42"')); i++) await new Promise((r) => setTimeout(r, 40));
      expect(heard.map((p) => JSON.parse(p).id).filter((id) => id !== "warm-up")).toEqual(["42"]);
    } finally {
      await stop();
    }
  });
});
