import { describe, expect, it } from "vitest";
import { formatLsn, LagClock, parseLsn, recoveryConflict, replicaUnavailable } from "./replica";

describe("WAL positions", () => {
  it("reads PostgreSQL's notation as a number that orders as the WAL does", () => {
    expect(parseLsn("0/3016060")).toBe(0x3016060n);
    expect(parseLsn("16/B374D848")).toBe((0x16n << 32n) | 0xb374d848n);
    expect(parseLsn("1/0")! > parseLsn("0/FFFFFFFF")!).toBe(true);
    expect(formatLsn(parseLsn("16/B374D848")!)).toBe("16/B374D848");
  });

  it("refuses anything else, so a forged mark cannot be read as a position", () => {
    for (const bad of ["", "16", "16/", "/1", "G/1", "123456789/0", "1/2/3", "1/2; drop", null, 42, undefined]) expect(parseLsn(bad)).toBeNull();
  });
});

describe("LagClock", () => {
  const at = (text: string) => parseLsn(text)!;

  it("counts a replica that just appeared as too far behind until it replays the primary's position seen then", () => {
    const clock = new LagClock();
    expect(clock.lagMs(0)).toBe(Number.POSITIVE_INFINITY);
    clock.sample(1_000, at("0/200"), at("0/100"));
    expect(clock.lagMs(1_000)).toBe(Number.POSITIVE_INFINITY);
    clock.sample(1_500, at("0/300"), at("0/200"));
    expect(clock.lagMs(1_500)).toBe(0);
  });

  it("shows no lag on an idle primary however long ago the last change was replayed", () => {
    const clock = new LagClock();
    clock.sample(0, at("0/200"), at("0/200"));
    clock.sample(60_000, at("0/200"), at("0/200"));
    expect(clock.lagMs(600_000)).toBe(0);
  });

  it("grows with the clock while the replica replays nothing, from the first position it has not reached", () => {
    const clock = new LagClock();
    clock.sample(0, at("0/100"), at("0/100"));
    clock.sample(500, at("0/180"), at("0/100"));
    clock.sample(1_000, at("0/200"), at("0/100"));
    expect(clock.lagMs(1_000)).toBe(500);
    expect(clock.lagMs(6_000)).toBe(5_500);
    // Replayed past the first position: counted from the second.
    clock.replayedUpTo(at("0/180"));
    expect(clock.lagMs(6_000)).toBe(5_000);
    clock.replayedUpTo(at("0/200"));
    expect(clock.lagMs(6_000)).toBe(0);
  });

  it("keeps the oldest position when it bounds what it keeps, so the lag is never understated", () => {
    const clock = new LagClock(4);
    clock.sample(0, at("0/10"), at("0/10"));
    for (let i = 1; i <= 20; i++) clock.sample(i * 100, at(`0/${(16 + i).toString(16)}`), at("0/10"));
    expect(clock.lagMs(2_000)).toBe(1_900);
  });

  it("starts over when the replica comes back", () => {
    const clock = new LagClock();
    clock.sample(0, at("0/100"), at("0/100"));
    clock.restart();
    expect(clock.lagMs(0)).toBe(Number.POSITIVE_INFINITY);
    clock.sample(100, null, at("0/100"));
    expect(clock.lagMs(100)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe("which replica failures the primary answers instead", () => {
  const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

  it("takes a refused or dropped connection, a shutdown and a server still starting as the replica being unavailable", () => {
    expect(replicaUnavailable(pgError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:4441"))).toBe(true);
    expect(replicaUnavailable(pgError("57P01", "terminating connection due to administrator command"))).toBe(true);
    expect(replicaUnavailable(pgError("57P03", "the database system is starting up"))).toBe(true);
    expect(replicaUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(replicaUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
  });

  it("leaves a query's own error (and a write refused by the standby) to fail as it would on the primary", () => {
    expect(replicaUnavailable(pgError("42P01", 'relation "nope" does not exist'))).toBe(false);
    expect(replicaUnavailable(pgError("25006", "cannot execute INSERT in a read-only transaction"))).toBe(false);
    expect(recoveryConflict(pgError("25006", "cannot execute INSERT in a read-only transaction"))).toBe(false);
  });

  it("asks the primary again for a read the standby cancelled to apply the WAL", () => {
    expect(recoveryConflict(pgError("40001", "canceling statement due to conflict with recovery"))).toBe(true);
    expect(recoveryConflict(pgError("40001", "could not serialize access due to concurrent update"))).toBe(false);
  });
});
