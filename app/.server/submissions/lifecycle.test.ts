import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { sourceFiles, tableWrites } from "../../../tests/support/source-graph";
import { canTransition, STATUSES, TRANSITIONS, transitionRefusal, type Status } from "~/lib/submissions";
import { auditLog, submissionNotes, submissions } from "~/.server/db/schema";
import { drivers, suiteDatabase } from "../../../tests/integration/support/database";
import { auditFails, auditWorks } from "../../../tests/integration/support/failing-audit";
import { setStatuses, setSubmissionStatus, transition, TransitionRefused } from "./lifecycle";

const actor = { email: "staff@clinic.example", ip: "192.0.2.7" };
const MISSING = "00000000-0000-4000-8000-000000000000";

const PAIRS = STATUSES.flatMap((from) => STATUSES.map((to) => [from, to] as [Status, Status]));
const ALLOWED = PAIRS.filter(([from, to]) => canTransition(from, to));
const REFUSED = PAIRS.filter(([from, to]) => !canTransition(from, to));

describe("the transition table", () => {
  it("allows exactly the moves it lists and refuses every other pair", () => {
    expect(ALLOWED).toHaveLength(Object.values(TRANSITIONS).flat().length);
    expect(ALLOWED.length + REFUSED.length).toBe(STATUSES.length ** 2);
    // Staying put is not a move.
    for (const status of STATUSES) expect(canTransition(status, status)).toBe(false);
  });

  it("says why a move is refused", () => {
    expect(transitionRefusal("closed", "closed")).toBe("The submission is already closed.");
    expect(transitionRefusal("new", "closed")).toBe("A submission that is new cannot be set to closed.");
  });
});

describe.each(drivers)("a submission's lifecycle on %s", (driver) => {
  const database = suiteDatabase(driver);
  const db = () => database.db;

  beforeEach(async () => {
    await auditWorks(db());
    await db().delete(submissions);
    await db().delete(auditLog);
  });

  async function seed(status: Status, firstName = "Ada") {
    const anHourAgo = new Date(Date.now() - 3_600_000);
    const [row] = await db()
      .insert(submissions)
      .values({ kind: "contact", status, firstName, lastName: "Lee", email: "ada@clinic.example", updatedAt: anHourAgo })
      .returning({ id: submissions.id });
    return row!.id;
  }
  const stored = async (id: string) => (await db().select().from(submissions).where(eq(submissions.id, id)))[0]!;
  const auditRows = () => db().select().from(auditLog);

  it.each(ALLOWED)("moves %s -> %s, writing the status and its audit row", async (from, to) => {
    const id = await seed(from);
    expect(await transition(db(), { id, to, actor })).toEqual({ from, to });
    const row = await stored(id);
    expect(row.status).toBe(to);
    expect(row.updatedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await auditRows()).toEqual([
      expect.objectContaining({ actorEmail: actor.email, action: "submission.status", target: id, ip: actor.ip, detail: `${from} -> ${to}` }),
    ]);
  });

  it.each(REFUSED)("refuses %s -> %s with the console's words, changing nothing", async (from, to) => {
    const id = await seed(from);
    const before = await stored(id);
    const refusal = transition(db(), { id, to, actor, note: "Should not be kept" });
    await expect(refusal).rejects.toBeInstanceOf(TransitionRefused);
    await expect(refusal).rejects.toThrow(transitionRefusal(from, to));
    expect(await stored(id)).toEqual(before);
    expect(await auditRows()).toEqual([]);
    expect(await db().select().from(submissionNotes)).toEqual([]);
  });

  it("answers null for an unknown or malformed id, writing nothing", async () => {
    expect(await transition(db(), { id: MISSING, to: "closed", actor })).toBeNull();
    expect(await transition(db(), { id: "not-a-uuid", to: "closed", actor })).toBeNull();
    expect(await auditRows()).toEqual([]);
  });

  it("keeps a note given with the change, by the one who made it", async () => {
    const id = await seed("new");
    await transition(db(), { id, to: "closed", actor, note: "Answered by phone." });
    expect(await db().select({ authorEmail: submissionNotes.authorEmail, body: submissionNotes.body }).from(submissionNotes)).toEqual([
      { authorEmail: actor.email, body: "Answered by phone." },
    ]);
  });

  it("writes the audit row in the same transaction: when it cannot be written, the status and note stay as they were", async () => {
    const id = await seed("new");
    await auditFails(db());
    await expect(transition(db(), { id, to: "in_progress", actor, note: "Picked up." })).rejects.toThrow();
    expect((await stored(id)).status).toBe("new");
    expect(await db().select().from(submissionNotes)).toEqual([]);
  });

  it("changes the status on the submission's page through the table, and a status it already has changes nothing", async () => {
    const id = await seed("in_progress");
    const before = await stored(id);
    expect(await setSubmissionStatus(db(), id, "in_progress", actor)).toEqual({ from: "in_progress" });
    expect(await stored(id)).toEqual(before);
    expect(await auditRows()).toEqual([]);
    expect(await setSubmissionStatus(db(), id, "closed", actor)).toEqual({ from: "in_progress" });
    expect(await auditRows()).toEqual([expect.objectContaining({ target: id, detail: "in_progress -> closed" })]);
  });

  it("changes many in one transaction: when one audit row cannot be written, none of them changes", async () => {
    const first = await seed("new", "First");
    const second = await seed("new", "Second");
    await auditFails(db(), second);
    await expect(setStatuses(db(), { ids: [first, second], status: "closed", actor })).rejects.toThrow();
    expect((await stored(first)).status).toBe("new");
    expect((await stored(second)).status).toBe("new");
    expect(await auditRows()).toEqual([]);
  });

  it("changes many, each with its own audit row, leaving those already there alone", async () => {
    const a = await seed("new", "A");
    const b = await seed("in_progress", "B");
    const c = await seed("closed", "C");
    expect(await setStatuses(db(), { ids: [a, b, c], status: "closed", actor })).toBe(2);
    const audited = await auditRows();
    expect(audited.map((r) => [r.target, r.detail]).sort()).toEqual(
      [
        [a, "new -> closed"],
        [b, "in_progress -> closed"],
      ].sort(),
    );
  });
});

describe("the lifecycle is the only writer of a status", () => {
  it("has no other code that sets a submission's status", () => {
    // Read with the TypeScript compiler, as the IVR and order lifecycles are: the key in any position, a
    // shorthand, a spread or SQL by hand count (tests/support/fixtures/status-writers shows each).
    const writers = [...sourceFiles("app"), ...sourceFiles("scripts")].flatMap(tableWrites).filter((w) => w.table === "submissions" && w.what === "status");
    expect(writers.map((w) => w.file)).toEqual(["app/.server/submissions/lifecycle.ts"]);
  });
});
