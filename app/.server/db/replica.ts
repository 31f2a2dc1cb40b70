import { AsyncLocalStorage } from "node:async_hooks";
import pg from "pg";
import { log } from "~/.server/log";

/**
 * Reads from a PostgreSQL streaming replica (DATABASE_REPLICA_URL), with the
 * primary one step away (docs/decisions/007-read-replica-read-your-writes.md):
 *
 * - A read goes to the replica only while it is up and at most `maxLagMs`
 *   behind, and only when it has replayed what the reader must see: the
 *   reader's own last write (the write mark its browser carries, see
 *   read-your-writes.ts) and the last status change this process heard of (a
 *   live page reloads on that event and must find the change).
 * - A request that writes (any method but GET and HEAD) reads the primary.
 * - A read the replica cannot answer (stopped, restarting, a read cancelled by
 *   a recovery conflict) is asked again of the primary; a failed connection
 *   also marks the replica down, and the probe marks it up again once it has
 *   caught up with the primary.
 */

/** A WAL position ("16/B374D848") as a number; null for anything else. */
export function parseLsn(text: unknown): bigint | null {
  if (typeof text !== "string") return null;
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text.trim());
  if (!match) return null;
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

/** A WAL position as PostgreSQL writes it. */
export function formatLsn(lsn: bigint): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;
}

export type ReadTarget = "replica" | "primary";

/** What one request asks of its reads (opened by the read-your-writes middleware). */
export type ReadScope = {
  /** The request writes: everything it reads comes from the primary. */
  primaryOnly: boolean;
  /** The primary's WAL position after this browser's last write, while it may still be ahead of the replica. */
  mark: bigint | null;
  /** Where the request's reads go: decided at its first read and kept, so one page reads one database. */
  target?: Promise<ReadTarget>;
};

const scopes = new AsyncLocalStorage<ReadScope>();

/** Runs `work` (a request's handling) with its read scope. */
export function withReadScope<T>(scope: ReadScope, work: () => T): T {
  return scopes.run(scope, work);
}

/** The current request's read scope; none outside a request (jobs, scripts, tests calling a loader). */
export function readScope(): ReadScope | undefined {
  return scopes.getStore();
}

/**
 * How far behind the replica is, in time. Each probe notes the primary's WAL
 * position; the lag is how long ago the primary was at the oldest position
 * the replica has not replayed yet, and 0 once it has replayed all of them.
 * An idle primary therefore shows no lag (unlike now() minus
 * pg_last_xact_replay_timestamp()), and a replica that stopped replaying
 * shows a lag that grows with the clock. A replica that (re)appears counts as
 * too far behind until it has replayed the primary's position seen then.
 */
export class LagClock {
  private behind: { at: number; lsn: bigint }[] = [];
  private replayedLsn = 0n;
  /** A primary position has been seen since the replica (re)appeared. */
  private known = false;

  constructor(private readonly keep = 64) {}

  /** The replica (re)appeared: what it has replayed is unknown until a probe reads both servers. */
  restart() {
    this.behind = [];
    this.replayedLsn = 0n;
    this.known = false;
  }

  /** A probe at `now`: the primary's position (null when it could not be read) and the replica's replayed one. */
  sample(now: number, primary: bigint | null, replayed: bigint) {
    this.replayedUpTo(replayed);
    if (primary === null || primary <= this.replayedLsn) {
      if (primary !== null) this.known = true;
      return;
    }
    if (!this.known) {
      this.known = true;
      this.behind = [{ at: -Infinity, lsn: primary }];
      return;
    }
    const last = this.behind.at(-1);
    if (last && primary <= last.lsn) return;
    this.behind.push({ at: now, lsn: primary });
    // Bounded: the oldest stays (it is what the lag is counted from); the second oldest goes.
    if (this.behind.length > this.keep) this.behind.splice(1, 1);
  }

  /** The replica has replayed up to `lsn` (from a probe or a request's own look). */
  replayedUpTo(lsn: bigint) {
    if (lsn > this.replayedLsn) this.replayedLsn = lsn;
    while (this.behind[0] && this.behind[0].lsn <= this.replayedLsn) this.behind.shift();
  }

  get replayed(): bigint {
    return this.replayedLsn;
  }

  lagMs(now: number): number {
    if (!this.known) return Number.POSITIVE_INFINITY;
    const oldest = this.behind[0];
    return oldest ? now - oldest.at : 0;
  }
}

const CONNECTION_ERRORS = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);

/**
 * The replica cannot answer at all: no connection (refused, reset, timed out),
 * a connection exception (08…), the server shutting down or starting (57P…),
 * or no connection left (53300).
 */
export function replicaUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && (CONNECTION_ERRORS.has(code) || code.startsWith("08") || code.startsWith("57P") || code === "53300")) return true;
  const message = error instanceof Error ? error.message : "";
  return /Connection terminated|timeout exceeded when trying to connect|not queryable|connection error/i.test(message);
}

/** A standby cancelled the read to apply WAL that conflicted with it: the primary can answer it. */
export function recoveryConflict(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return e?.code === "40001" && typeof e.message === "string" && /conflict with recovery/i.test(e.message);
}

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`no answer within ${ms} ms`), { code: "ETIMEDOUT" })), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export type ReplicaState = "up" | "lagging" | "down";

export type ReplicaOptions = {
  url: string;
  /** The primary, for the probe's own connection. */
  primaryUrl: string;
  poolSize: number;
  /** Beyond this lag every read goes to the primary. */
  maxLagMs: number;
  /** How often the probe reads both servers' WAL positions. */
  probeMs?: number;
  /** Sets up each new connection of the replica's pool (the client module's error listener, say). */
  onConnect?: (client: pg.PoolClient) => void;
};

/** The streaming replica: its connections, its health and lag, and where each read goes. */
export class Replica {
  /** The replica's connections. */
  readonly pool: pg.Pool;
  /** One connection to the primary for the probe and the status events' fence, so neither waits behind requests. */
  private readonly watch: pg.Pool;
  private readonly clock: LagClock;
  readonly maxLagMs: number;
  readonly probeMs: number;
  private up = false;
  private notStandby = false;
  /** The primary's position after the last status change this process heard of. */
  private fence = 0n;
  private refreshing: Promise<bigint | null> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private reported: ReplicaState | undefined;

  constructor(
    private readonly primary: pg.Pool,
    options: ReplicaOptions,
  ) {
    this.maxLagMs = options.maxLagMs;
    this.probeMs = options.probeMs ?? 500;
    // Enough positions to keep counting the lag well past the bound (the oldest one always stays).
    this.clock = new LagClock(Math.max(64, Math.ceil((2 * this.maxLagMs) / this.probeMs)));
    this.pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize,
      // A replica that does not answer is given up on quickly: the primary answers instead.
      connectionTimeoutMillis: 1_000,
      idleTimeoutMillis: 30_000,
      keepAlive: true,
    });
    this.pool.on("error", () => {});
    this.pool.on("connect", (client) => {
      client.on("error", () => {});
      options.onConnect?.(client);
    });
    this.watch = new pg.Pool({ connectionString: options.primaryUrl, max: 1, connectionTimeoutMillis: 5_000, idleTimeoutMillis: 30_000 });
    this.watch.on("error", () => {});
    this.watch.on("connect", (client) => client.on("error", () => {}));
  }

  /** Probes now, then every `probeMs` until stopped. */
  async start() {
    await this.probe();
    const next = () => {
      if (this.stopped) return;
      this.timer = setTimeout(() => void this.probe().finally(next), this.probeMs);
      this.timer.unref();
    };
    next();
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await Promise.all([this.pool.end(), this.watch.end()]);
  }

  /** Reads both servers' WAL positions: the replica's health and lag. */
  async probe() {
    const primaryAt = within(1_000, this.watch.query<{ lsn: string }>("select pg_current_wal_lsn()::text as lsn")).then(
      (r) => parseLsn(r.rows[0]?.lsn),
      () => null,
    );
    const replicaAt = within(1_000, this.pool.query<{ lsn: string | null; standby: boolean }>("select pg_last_wal_replay_lsn()::text as lsn, pg_is_in_recovery() as standby")).then(
      (r) => r.rows[0] ?? null,
      (error: unknown) => {
        this.markDown(error);
        return null;
      },
    );
    const [primary, replica] = await Promise.all([primaryAt, replicaAt]);
    if (!replica) return;
    const replayed = parseLsn(replica.lsn);
    if (!replica.standby || replayed === null) {
      // A server that is not (or no longer) a standby, a promoted one say, may hold other data than the primary.
      if (!this.notStandby) log.error("DATABASE_REPLICA_URL is not a streaming standby (pg_is_in_recovery() is false): reads stay on the primary");
      this.notStandby = true;
      this.up = false;
      this.report();
      return;
    }
    this.notStandby = false;
    if (!this.up) {
      this.up = true;
      this.clock.restart();
    }
    this.clock.sample(Date.now(), primary, replayed);
    this.report();
  }

  /** A connection to the replica failed: reads go to the primary until a probe finds it again. */
  markDown(error: unknown) {
    this.up = false;
    this.report(error);
  }

  state(now = Date.now()): ReplicaState {
    if (!this.up) return "down";
    return this.clock.lagMs(now) > this.maxLagMs ? "lagging" : "up";
  }

  lagMs(now = Date.now()): number {
    return this.up ? this.clock.lagMs(now) : Number.POSITIVE_INFINITY;
  }

  /** Says in the log when reads move between the replica and the primary. */
  private report(error?: unknown) {
    const state = this.state();
    if (state === this.reported) return;
    const first = this.reported === undefined;
    this.reported = state;
    if (state === "up") log.info({ replica: state }, "read replica up: reads that may be a moment behind go to it");
    else if (state === "lagging") log.warn({ replica: state, maxLagMs: this.maxLagMs }, "read replica too far behind: reads go to the primary");
    else if (!first || error) log.warn({ replica: state, reason: error instanceof Error ? error.message : undefined }, "read replica unavailable: reads go to the primary");
  }

  /** Asks the replica how far it has replayed (one question at a time, shared by whoever asks meanwhile). */
  private refreshReplayed(): Promise<bigint | null> {
    this.refreshing ??= within(1_000, this.pool.query<{ lsn: string | null }>("select pg_last_wal_replay_lsn()::text as lsn"))
      .then(
        (r) => {
          const lsn = parseLsn(r.rows[0]?.lsn);
          if (lsn !== null) this.clock.replayedUpTo(lsn);
          return lsn;
        },
        (error: unknown) => {
          if (replicaUnavailable(error)) this.markDown(error);
          return null;
        },
      )
      .finally(() => {
        this.refreshing = undefined;
      });
    return this.refreshing;
  }

  /**
   * Where a read goes: the primary unless the replica is up, within the lag
   * bound, and has replayed both `mark` (the reader's own last write) and the
   * last status change this process heard of.
   */
  async choose(mark: bigint | null): Promise<ReadTarget> {
    if (this.state() !== "up") return "primary";
    const needed = mark !== null && mark > this.fence ? mark : this.fence;
    if (needed <= this.clock.replayed) return "replica";
    const replayed = await this.refreshReplayed();
    return replayed !== null && needed <= replayed && this.state() === "up" ? "replica" : "primary";
  }

  /** Where the current request's reads go (decided once per request; per read outside one). */
  target(scope: ReadScope | undefined = readScope()): Promise<ReadTarget> {
    if (!scope) return this.choose(null);
    if (scope.primaryOnly) return Promise.resolve("primary");
    scope.target ??= this.choose(scope.mark);
    return scope.target;
  }

  /** The primary's WAL position now (after a write has committed: at or past its commit); null when it cannot be read. */
  async primaryPosition(): Promise<bigint | null> {
    try {
      const r = await this.primary.query<{ lsn: string }>("select pg_current_wal_lsn()::text as lsn");
      return parseLsn(r.rows[0]?.lsn);
    } catch {
      return null;
    }
  }

  /**
   * Wraps a LISTEN callback: before an event is handed on, the primary's
   * position (at or past the change's commit, since an event is heard after
   * it) becomes this process's fence, so the page that reloads on the event
   * reads the primary until the replica has replayed the change. Events keep
   * their order; a burst shares one look at the primary.
   */
  fenced(onPayload: (payload: string) => void): (payload: string) => void {
    const queue: string[] = [];
    let draining = false;
    const drain = async () => {
      draining = true;
      while (queue.length > 0) {
        const batch = queue.splice(0);
        const lsn = await within(1_000, this.watch.query<{ lsn: string }>("select pg_current_wal_lsn()::text as lsn")).then(
          (r) => parseLsn(r.rows[0]?.lsn),
          () => null,
        );
        // Not known: the replica is not trusted for anything written so far.
        if (lsn === null) this.markDown(new Error("the primary's position could not be read after a status event"));
        else if (lsn > this.fence) this.fence = lsn;
        for (const payload of batch) onPayload(payload);
      }
      draining = false;
    };
    return (payload) => {
      queue.push(payload);
      if (!draining) void drain();
    };
  }
}

/**
 * What the read handle's drizzle instance talks to, in place of a pg.Pool:
 * each query goes where the request's scope says (Replica.target), and a query
 * the replica could not answer is asked again of the primary, as is the rest
 * of that request's reads. A transaction takes one connection of the chosen
 * server (one that fails midway fails: it is not asked again). Drizzle takes
 * a client for a pool by its class name: keep "Pool" in it.
 */
export class RoutedReadPool {
  constructor(
    private readonly primary: pg.Pool,
    private readonly replica: Replica,
  ) {}

  private fellBack(scope: ReadScope | undefined, error: unknown): boolean {
    const unavailable = replicaUnavailable(error);
    if (!unavailable && !recoveryConflict(error)) return false;
    if (unavailable) this.replica.markDown(error);
    if (scope) scope.target = Promise.resolve("primary");
    return true;
  }

  async query(config: unknown, values?: unknown): Promise<unknown> {
    const scope = readScope();
    const ask = (pool: pg.Pool) => (pool.query as (c: unknown, v?: unknown) => Promise<unknown>).call(pool, config, values);
    if ((await this.replica.target(scope)) === "replica") {
      try {
        return await ask(this.replica.pool);
      } catch (error) {
        if (!this.fellBack(scope, error)) throw error;
      }
    }
    return ask(this.primary);
  }

  async connect(): Promise<pg.PoolClient> {
    const scope = readScope();
    if ((await this.replica.target(scope)) === "replica") {
      try {
        return await this.replica.pool.connect();
      } catch (error) {
        if (!this.fellBack(scope, error)) throw error;
      }
    }
    return this.primary.connect();
  }
}
Object.defineProperty(RoutedReadPool, "name", { value: "RoutedReadPool" });
