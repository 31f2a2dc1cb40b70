// The read handle on a real primary and streaming replica: where reads go,
// read-your-writes, the lag bound, status events, and the replica stopped.
// Starts its own pair of PostgreSQL servers (initdb and pg_basebackup, as the
// scripts do), on two free ports or REPLICA_TEST_PORT and the next; skipped,
// saying why, when they cannot be started.
import { sql } from "drizzle-orm";
import pg from "pg";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, setDatabase, type Database, type Db } from "~/.server/db/client";
import { readYourWritesMiddleware } from "~/.server/db/read-your-writes";
import { parseLsn, readScope, withReadScope, type ReadScope } from "~/.server/db/replica";
import { publishStatus, STATUS_CHANNEL } from "~/.server/events";
import { startReplicaPair, type ReplicaPair } from "../support/replica-pair";

const MAX_LAG_MS = 1_500;
const PROBE_MS = 100;

let pair: ReplicaPair | undefined;
let reason = "";
let database: Database;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(20);
  }
}

/** Which server answered a read of `db`: the standby answers true. */
async function fromStandby(db: Db): Promise<boolean> {
  const rows = (await db.execute(sql`select pg_is_in_recovery() as standby`)) as unknown as { rows: { standby: boolean }[] };
  return rows.rows[0]!.standby;
}

async function notesSeen(db: Db, text: string): Promise<number> {
  const r = (await db.execute(sql`select count(*)::int as n from replica_notes where text = ${text}`)) as unknown as { rows: { n: number }[] };
  return r.rows[0]!.n;
}

/** One request's reads: a GET with `mark` (the browser's write mark), or a request that writes. */
const asRequest = <T>(scope: Partial<ReadScope>, work: () => Promise<T>) => withReadScope({ primaryOnly: false, mark: null, ...scope }, work);

beforeAll(async () => {
  const started = await startReplicaPair(process.env.REPLICA_TEST_PORT ? Number(process.env.REPLICA_TEST_PORT) : undefined);
  if (!started.pair) {
    reason = started.reason;
    return;
  }
  pair = started.pair;
  database = await openDatabase({ url: pair.primary.url, poolSize: 4, replica: { url: pair.replica.url, maxLagMs: MAX_LAG_MS, probeMs: PROBE_MS } });
  setDatabase(database);
  await database.db.execute(sql`create table replica_notes (id serial primary key, text text not null)`);
  await until("the replica is up", () => database.replica!.state() === "up");
}, 120_000);

afterAll(async () => {
  await database?.close();
  setDatabase(undefined);
  pair?.destroy();
});

describe("reads on a streaming replica", () => {
  it("sends the read handle to the replica once it has caught up, and everything else to the primary", async ({ skip }) => {
    skip(!pair, reason);
    await until("the replica has the table", async () => (await fromStandby(database.read)) && (await notesSeen(database.read, "none").then(() => true, () => false)));
    expect(await fromStandby(database.read)).toBe(true);
    expect(await fromStandby(database.db)).toBe(false);
    // A request that writes reads the primary, even through the read handle.
    expect(await asRequest({ primaryOnly: true }, () => fromStandby(database.read))).toBe(false);
    // A transaction on the read handle holds one connection of one server.
    const [first, second, standby] = await database.read.transaction(async (tx) => {
      const pid = async () => ((await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] }).rows[0]!.pid;
      return [await pid(), await pid(), await fromStandby(tx as unknown as Db)];
    });
    expect(first).toBe(second);
    expect(standby).toBe(true);
  });

  it("refuses a write through the read handle while the replica answers, rather than sending it to the primary", async ({ skip }) => {
    skip(!pair, reason);
    await expect(database.read.execute(sql`insert into replica_notes (text) values ('through the read handle')`)).rejects.toMatchObject({
      cause: { code: "25006", message: expect.stringMatching(/read-only transaction/) },
    });
    expect(await notesSeen(database.db, "through the read handle")).toBe(0);
  });

  it("shows a person their own write at once while the replica lags, and others the replica's state until the lag passes the bound", async ({ skip }) => {
    skip(!pair, reason);
    await pair!.replica.pauseReplay();
    try {
      await database.db.execute(sql`insert into replica_notes (text) values ('saved by the member')`);
      // What the middleware gives the browser after its write.
      const mark = await database.replica!.primaryPosition();
      expect(mark).not.toBeNull();
      // The writer's next page: the primary, so the save is there.
      expect(await asRequest({ mark }, () => notesSeen(database.read, "saved by the member"))).toBe(1);
      expect(await asRequest({ mark }, () => fromStandby(database.read))).toBe(false);
      // Anyone else, within the bound: the replica, which has not replayed it yet.
      expect(database.replica!.state()).toBe("up");
      expect(await asRequest({}, () => notesSeen(database.read, "saved by the member"))).toBe(0);
      // Past the bound, every read goes to the primary.
      await until("the replica counts as lagging", () => database.replica!.state() === "lagging", MAX_LAG_MS + 2_000);
      expect(await asRequest({}, () => notesSeen(database.read, "saved by the member"))).toBe(1);
    } finally {
      await pair!.replica.resumeReplay();
    }
    await until("the replica is back within the bound", () => database.replica!.state() === "up");
    expect(await asRequest({}, () => fromStandby(database.read))).toBe(true);
    expect(await asRequest({}, () => notesSeen(database.read, "saved by the member"))).toBe(1);
  });

  it("has the page a status event reloads read the change, though the replica has not replayed it", async ({ skip }) => {
    skip(!pair, reason);
    await pair!.replica.caughtUp();
    const heard: string[] = [];
    const stop = await database.listen(STATUS_CHANNEL, (payload) => heard.push(payload));
    await pair!.replica.pauseReplay();
    try {
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into replica_notes (text) values ('status changed by staff')`);
        await publishStatus(tx as unknown as Db, { practiceId: "p1", kind: "ivr", id: "i1", status: "approved" });
      });
      await until("the event is heard", () => heard.length === 1);
      // Not on the replica yet...
      expect(await fromStandby(database.read)).toBe(false);
      const replica = new pg.Client({ connectionString: pair!.replica.url });
      await replica.connect();
      const onReplica = await replica.query("select count(*)::int as n from replica_notes where text = 'status changed by staff'").finally(() => replica.end());
      expect(onReplica.rows[0].n).toBe(0);
      // ...yet the board that reloads on the event (a reader with no mark of its own) sees it.
      expect(await asRequest({}, () => notesSeen(database.read, "status changed by staff"))).toBe(1);
    } finally {
      await pair!.replica.resumeReplay();
      await stop();
    }
    await until("reads return to the replica once it has replayed the change", async () => (await asRequest({}, () => fromStandby(database.read))) === true);
  });

  it("answers every read from the primary, at once, while the replica is stopped, and returns to the replica when it is back", async ({ skip }) => {
    skip(!pair, reason);
    await until("the replica is up", () => database.replica!.state() === "up");
    let reading = true;
    let reads = 0;
    const failures: unknown[] = [];
    let slowest = 0;
    const readers = Array.from({ length: 4 }, async () => {
      while (reading) {
        const started = performance.now();
        try {
          await asRequest({}, () => notesSeen(database.read, "saved by the member"));
          reads++;
        } catch (error) {
          failures.push(error);
        }
        slowest = Math.max(slowest, performance.now() - started);
      }
    });
    await sleep(200);
    pair!.replica.stop("fast");
    const stoppedAt = Date.now();
    await until("the replica is marked down", () => database.replica!.state() === "down", 1_000);
    const markedDownMs = Date.now() - stoppedAt;
    const readsBefore = reads;
    await sleep(500);
    expect(reads).toBeGreaterThan(readsBefore);
    expect(await asRequest({}, () => fromStandby(database.read))).toBe(false);
    pair!.replica.start();
    await until("the replica is up again", () => database.replica!.state() === "up");
    reading = false;
    await Promise.all(readers);
    expect(failures).toEqual([]);
    expect(markedDownMs).toBeLessThan(1_000);
    expect(slowest).toBeLessThan(1_000);
    expect(await asRequest({}, () => fromStandby(database.read))).toBe(true);
  });
});

describe("the read-your-writes middleware", () => {
  const run = (method: string, status: number, cookie?: string) => {
    let scope: ReadScope | undefined;
    const request = new Request("http://localhost/members", { method, headers: cookie ? { cookie } : {} });
    const answer = readYourWritesMiddleware({ request, params: {}, context: new RouterContextProvider() } as never, async () => {
      scope = readScope();
      return new Response(null, { status });
    }) as Promise<Response>;
    return answer.then((response) => ({ response, scope }));
  };
  const markOf = (response: Response) => response.headers.getSetCookie().find((c) => c.startsWith("portal.wrote="));

  it("gives a browser whose write succeeded a mark it reads the primary by, and none for a read or a refused write", async ({ skip }) => {
    skip(!pair, reason);
    const saved = await run("POST", 302);
    expect(saved.scope).toMatchObject({ primaryOnly: true });
    const cookie = markOf(saved.response);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(new RegExp(`Max-Age=${Math.ceil((MAX_LAG_MS + PROBE_MS) / 1000) + 1}`));
    expect(markOf((await run("POST", 400)).response)).toBeUndefined();
    expect(markOf((await run("GET", 200)).response)).toBeUndefined();

    // The next page carries it: its reads know the position the replica must have replayed.
    const next = await run("GET", 200, cookie!.split(";")[0]);
    expect(next.scope?.primaryOnly).toBe(false);
    const mark = next.scope?.mark ?? null;
    const now = await database.replica!.primaryPosition();
    expect(mark).not.toBeNull();
    expect(mark! <= now!).toBe(true);
    // A forged mark is no mark.
    expect((await run("GET", 200, "portal.wrote=bm90IGEgcG9zaXRpb24")).scope?.mark).toBeNull();
    expect(parseLsn("not a position")).toBeNull();
  });
});
