import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "~/.server/db/client";
import { jobSchedules } from "~/.server/db/schema";
import { inTransaction } from "~/.server/db/transaction";
import { addDays } from "~/lib/calendar";
import { insertJob } from "./queue";

export const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** "HH:MM", 24-hour, on the schedule's clock. */
type TimeOfDay = `${number}:${number}`;

/**
 * When a recurring kind runs: every N minutes (periods aligned to the hour
 * and the day in UTC), daily at a time, or weekly on a day at a time, the
 * times on the schedule's clock (its time zone).
 */
export type Cadence = { every: "minutes"; minutes: number } | { every: "day"; at: TimeOfDay } | { every: "week"; on: Weekday; at: TimeOfDay };

/** A recurring kind's payload: the period it runs for ("2026-11-27", or the minute a short period starts). */
export const periodPayload = z.object({ period: z.string().min(1).max(40) });

export type Schedule<K extends string = string> = { kind: K; cadence: Cadence };

/** One period of a cadence: when it started, its name, and the key of the job that runs it (`daily:ivr.expire:2026-11-27`). */
export type Period = { start: Date; label: string; key: string };

type Zoned = { date: string; minutes: number; weekday: number; offsetMs: number };

const formats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `zone` at `instant`: its date, minutes since midnight, weekday, and its offset from UTC. */
function zoned(instant: Date, zone: string): Zoned {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      weekday: "short",
    });
    formats.set(zone, format);
  }
  const part = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  const [y, m, d, hh, mm, ss] = ["year", "month", "day", "hour", "minute", "second"].map((t) => Number(part[t]));
  const wall = Date.UTC(y!, m! - 1, d!, hh!, mm!, ss!);
  return {
    date: `${part.year}-${part.month}-${part.day}`,
    minutes: hh! * 60 + mm!,
    weekday: WEEKDAYS.indexOf(String(part.weekday).toLowerCase().slice(0, 3) as Weekday),
    offsetMs: wall - Math.floor(instant.getTime() / 1000) * 1000,
  };
}

/** The instant at which `zone`'s clock reads `minutes` past midnight on `date` (twice corrected, for offsets that change that day). */
function instantOf(date: string, minutes: number, zone: string): Date {
  const wall = new Date(`${date}T00:00:00Z`).getTime() + minutes * 60_000;
  const first = wall - zoned(new Date(wall), zone).offsetMs;
  return new Date(wall - zoned(new Date(first), zone).offsetMs);
}

function minutesOf(at: TimeOfDay): number {
  const [h, m] = at.split(":").map(Number);
  if (!Number.isInteger(h) || !Number.isInteger(m) || h! < 0 || h! > 23 || m! < 0 || m! > 59) throw new Error(`not a time of day: ${at}`);
  return h! * 60 + m!;
}

/** The period of `cadence` that `now` falls in: the latest start at or before `now`. */
export function currentPeriod(kind: string, cadence: Cadence, now: Date, zone: string): Period {
  if (cadence.every === "minutes") {
    const length = cadence.minutes * 60_000;
    const start = new Date(Math.floor(now.getTime() / length) * length);
    const label = `${start.toISOString().slice(0, 16)}Z`;
    return { start, label, key: `every-${cadence.minutes}-minutes:${kind}:${label}` };
  }
  const at = minutesOf(cadence.at);
  const clock = zoned(now, zone);
  let back = clock.minutes >= at ? 0 : 1;
  if (cadence.every === "week") {
    back = (clock.weekday - WEEKDAYS.indexOf(cadence.on) + 7) % 7;
    if (back === 0 && clock.minutes < at) back = 7;
  }
  const label = addDays(clock.date, -back);
  return { start: instantOf(label, at, zone), label, key: `${cadence.every === "day" ? "daily" : "weekly"}:${kind}:${label}` };
}

/**
 * Enqueues each schedule's current period once across every process: the
 * period is recorded (`job_schedules`, only ever moving forward) in the same
 * transaction as its job, so of several schedulers at the same moment one
 * enqueues it and the others find it taken. A period missed while no process
 * ran is enqueued when one starts (the latest only, not each one missed).
 * Answers the keys of the jobs it enqueued.
 */
export async function enqueuePeriods(db: Db, schedules: readonly Schedule[], now: Date, zone: string): Promise<string[]> {
  const enqueued: string[] = [];
  for (const { kind, cadence } of schedules) {
    const period = currentPeriod(kind, cadence, now, zone);
    const added = await inTransaction(db, async (tx) => {
      const claimed = await tx
        .insert(jobSchedules)
        .values({ kind, periodStart: period.start, periodKey: period.key })
        .onConflictDoUpdate({
          target: jobSchedules.kind,
          set: { periodStart: period.start, periodKey: period.key, enqueuedAt: sql`now()` },
          setWhere: sql`${jobSchedules.periodStart} < excluded.period_start`,
        })
        .returning({ kind: jobSchedules.kind });
      if (claimed.length === 0) return false;
      return (await insertJob(tx, { kind, payload: { period: period.label }, key: period.key })).created;
    });
    if (added) enqueued.push(period.key);
  }
  return enqueued;
}

/**
 * A process's scheduler: looks at the database only when a schedule's period
 * has changed since it last looked, so a tick between periods costs nothing.
 */
export function scheduler(db: Db, schedules: readonly Schedule[], zone: string) {
  const seen = new Map<string, string>();
  return {
    async tick(now = new Date()): Promise<string[]> {
      const due = schedules.filter((s) => seen.get(s.kind) !== currentPeriod(s.kind, s.cadence, now, zone).key);
      if (due.length === 0) return [];
      const enqueued = await enqueuePeriods(db, due, now, zone);
      for (const s of due) seen.set(s.kind, currentPeriod(s.kind, s.cadence, now, zone).key);
      return enqueued;
    },
  };
}
