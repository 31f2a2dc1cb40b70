import { sql } from "drizzle-orm";
import type { Db } from "~/.server/db/client";

/**
 * Status events: a status change NOTIFYs inside the transaction that made it,
 * so listeners hear of it only once it is committed (PostgreSQL and PGlite
 * both deliver on commit and drop on rollback). Every process LISTENs on one
 * connection and hands each event to the browsers of that practice through
 * server-sent events. Events carry ids and statuses only, never personal data.
 */
export const STATUS_CHANNEL = "status_events";

/** A chat's events carry its scope ("chat:<id>") where a record's carry its practice. */
export type StatusEvent = { practiceId: string; kind: "ivr" | "order" | "chat"; id: string; status: string };

/** Sends the event when (and only if) the caller's transaction commits. */
export async function publishStatus(tx: Db, event: StatusEvent) {
  await tx.execute(sql`select pg_notify(${STATUS_CHANNEL}, ${JSON.stringify(event)})`);
}

type Listener = (event: StatusEvent) => void;
export type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;

const KEY = Symbol.for("site.status-events");
type Hub = { listeners: Map<string, Set<Listener>>; stop?: () => Promise<void> };

function hub(): Hub {
  const holder = globalThis as { [KEY]?: Hub };
  return (holder[KEY] ??= { listeners: new Map() });
}

function parse(payload: string): StatusEvent | null {
  try {
    const value = JSON.parse(payload) as Partial<StatusEvent>;
    if (typeof value.practiceId !== "string" || typeof value.id !== "string" || typeof value.status !== "string") return null;
    if (value.kind !== "ivr" && value.kind !== "order" && value.kind !== "chat") return null;
    return value as StatusEvent;
  } catch {
    return null;
  }
}

/** Hands an event to the listeners of its practice and to those of every practice ("*", the console). */
export function dispatch(payload: string) {
  const event = parse(payload);
  if (!event) return;
  const { listeners } = hub();
  for (const key of [event.practiceId, "*"]) for (const listener of listeners.get(key) ?? []) listener(event);
}

/** Starts listening on the database's channel (once per process). */
export async function startStatusEvents(listen: Listen) {
  const h = hub();
  if (h.stop) return;
  h.stop = await listen(STATUS_CHANNEL, dispatch);
}

export async function stopStatusEvents() {
  const h = hub();
  const stop = h.stop;
  h.stop = undefined;
  await stop?.();
}

/** Calls `listener` for each event of the practice ("*" for all); answers the unsubscribe. */
export function subscribe(practiceId: string, listener: Listener): () => void {
  const { listeners } = hub();
  let set = listeners.get(practiceId);
  if (!set) listeners.set(practiceId, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(practiceId);
  };
}
