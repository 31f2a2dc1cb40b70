import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { parseWith } from "~/lib/schemas/fields";
import { providerSchema } from "~/lib/schemas/practice";
import { addAccountToPractice, inviteUser, listUsers, type ConsoleContext } from "~/.server/accounts";
import { upsertUser } from "~/.server/accounts/accounts";
import { auditLog, facilities, outbox, passwordTokens, practiceMembers, user } from "~/.server/db/schema";
import {
  addFacility,
  addProvider,
  createPractice,
  getFacility,
  getPracticeOverview,
  getProvider,
  listFacilities,
  listMembersWithoutPractice,
  listPractices,
  PracticeNameTaken,
  practiceOfUser,
  updateFacility,
  updateProvider,
} from "~/.server/practices";
import { ANA_RUIZ, facilityInput, providerInput } from "../support/factories";
import { auditFails, auditWorks } from "./support/failing-audit";
import { drivers, suiteDatabase } from "./support/database";

const actor = { email: "nurse@sunrise.example", ip: "203.0.113.5" };
const staff = { email: "staff@company.example", ip: "198.51.100.7" };

describe.each(drivers)("practices, facilities and providers on %s", (driver) => {
  const database = suiteDatabase(driver);
  let mine: string;
  let theirs: string;

  beforeAll(async () => {
    mine = (await createPractice(database.db, { actor: staff, input: { name: "Sunrise Wound Care", taxId: "12-3456789" } })).id;
    theirs = (await createPractice(database.db, { actor: staff, input: { name: "Elsewhere Clinic" } })).id;
  });

  it("refuses a practice name already taken, whatever its spacing and case", async () => {
    await expect(createPractice(database.db, { actor: staff, input: { name: "  sunrise   WOUND care " } })).rejects.toBeInstanceOf(PracticeNameTaken);
    const rows = await database.db.select().from(auditLog).where(eq(auditLog.action, "practice.create"));
    expect(rows.map((r) => r.target).sort()).toEqual([mine, theirs].sort());
  });

  it("the provider form refuses a wrong NPI with a message naming it", () => {
    const parsed = parseWith(providerSchema, { ...ANA_RUIZ, npi: "1234567890" });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(parsed.fieldErrors.npi).toBe("NPI 1234567890 is not a valid NPI: its check digit does not match");
  });

  it("adds and changes a facility only within its practice, each change with its audit row", async () => {
    const db = database.db;
    // The state as a member may type it.
    const added = await addFacility(db, { practiceId: mine, actor, input: facilityInput({ state: "tx" }) });
    expect(added.state).toBe("TX");
    expect(await getFacility(db, { practiceId: theirs, id: added.id })).toBeNull();
    expect((await getFacility(db, { practiceId: mine, id: added.id }))?.name).toBe("Main");

    // Another practice's member cannot change it: not found, and nothing written.
    expect(await updateFacility(db, { practiceId: theirs, id: added.id, actor, input: facilityInput({ name: "Taken over" }) })).toBeNull();
    expect((await getFacility(db, { practiceId: mine, id: added.id }))?.name).toBe("Main");

    const changed = await updateFacility(db, { practiceId: mine, id: added.id, actor, input: facilityInput({ name: "North clinic", placeOfService: "22" }) });
    expect(changed).toMatchObject({ name: "North clinic", placeOfService: "22" });
    expect(await listFacilities(db, theirs)).toEqual([]);
    const audits = await db.select().from(auditLog).where(eq(auditLog.target, added.id));
    expect(audits.map((a) => a.action).sort()).toEqual(["facility.create", "facility.update"]);
    expect(audits.every((a) => a.actorEmail === actor.email && a.ip === actor.ip)).toBe(true);
  });

  it("adds and changes a provider only within its practice", async () => {
    const db = database.db;
    const added = await addProvider(db, { practiceId: mine, actor, input: providerInput() });
    expect(await getProvider(db, { practiceId: theirs, id: added.id })).toBeNull();
    expect(await updateProvider(db, { practiceId: theirs, id: added.id, actor, input: providerInput({ lastName: "Other" }) })).toBeNull();
    expect((await updateProvider(db, { practiceId: mine, id: added.id, actor, input: providerInput({ credentials: "DPM" }) }))?.credentials).toBe("DPM");
    const overview = await getPracticeOverview(db, mine);
    expect(overview?.providers.map((p) => p.lastName)).toEqual(["Ruiz"]);
    expect((await getPracticeOverview(db, theirs))?.providers).toEqual([]);
  });

  it("a facility whose audit row cannot be written is not kept", async () => {
    const db = database.db;
    const before = (await listFacilities(db, mine)).length;
    await auditFails(db);
    await expect(addFacility(db, { practiceId: mine, actor, input: facilityInput({ name: "Never kept" }) })).rejects.toThrow();
    await auditWorks(db);
    expect(await listFacilities(db, mine)).toHaveLength(before);
  });

  it("lists practices with their counts", async () => {
    const rows = await listPractices(database.db);
    const sunrise = rows.find((r) => r.id === mine)!;
    expect(sunrise).toMatchObject({ name: "Sunrise Wound Care", taxId: "12-3456789", facilities: 1, providers: 1, openIvrs: 0 });
    expect(rows.find((r) => r.id === theirs)).toMatchObject({ facilities: 0, providers: 0 });
  });

  describe("inviting a member into a practice", () => {
    const ctx: ConsoleContext = { actor: { id: "admin-id", email: "admin@company.example" }, ip: "192.0.2.1" };

    it("creates the account in the practice with its link and audit row", async () => {
      const db = database.db;
      const result = await inviteUser(db, ctx, { email: "New.Nurse@Sunrise.example", role: "member", practiceId: mine });
      expect(result).toMatchObject({ ok: true, message: "Invitation sent to new.nurse@sunrise.example to join Sunrise Wound Care", mailed: true });
      const [created] = await db.select().from(user).where(eq(user.email, "new.nurse@sunrise.example"));
      expect((await practiceOfUser(db, created!.id))?.id).toBe(mine);
      expect(await db.select().from(passwordTokens).where(eq(passwordTokens.userId, created!.id))).toHaveLength(1);
      const [row] = await db.select().from(auditLog).where(eq(auditLog.target, "new.nurse@sunrise.example"));
      // The practice's first member is its practice admin.
      expect(row).toMatchObject({ action: "user.invite", detail: "role member; practice Sunrise Wound Care; Practice admin" });
      const overview = await getPracticeOverview(db, mine);
      expect(overview?.members.map((m) => [m.email, m.practiceRole])).toEqual([["new.nurse@sunrise.example", "admin"]]);
    });

    it("keeps nothing when the audit row cannot be written: no account, no membership, no mail", async () => {
      const db = database.db;
      await auditFails(db, "lost@sunrise.example");
      await expect(inviteUser(db, ctx, { email: "lost@sunrise.example", role: "member", practiceId: mine })).rejects.toThrow();
      await auditWorks(db);
      expect(await db.select().from(user).where(eq(user.email, "lost@sunrise.example"))).toEqual([]);
      expect(await db.select().from(outbox).where(eq(outbox.to, "lost@sunrise.example"))).toEqual([]);
      const members = await db.select().from(practiceMembers).where(eq(practiceMembers.practiceId, mine));
      expect(members).toHaveLength(1);
    });

    it("adds an existing member account in no practice, audited; refuses staff and another practice's member with a link to them", async () => {
      const db = database.db;
      const { user: loose } = await upsertUser(db, { email: "loose@sunrise.example", role: "member" });
      // Invited again from the practice page: refused, with the account and the offer to add it.
      const again = await inviteUser(db, ctx, { email: "Loose@Sunrise.example", role: "member", practiceId: mine });
      expect(again).toMatchObject({
        ok: false,
        status: 409,
        message: "loose@sunrise.example already has an account, in no practice yet.",
        existing: { id: loose.id, email: "loose@sunrise.example", role: "member", practice: null },
      });
      expect(await listMembersWithoutPractice(db)).toEqual(expect.arrayContaining([{ id: loose.id, email: "loose@sunrise.example" }]));

      const added = await addAccountToPractice(db, ctx, { email: "LOOSE@sunrise.example", practiceId: mine });
      expect(added).toMatchObject({ ok: true, message: "loose@sunrise.example is now a member of Sunrise Wound Care. They see its Clinical Portal from their next page." });
      expect((await practiceOfUser(db, loose.id))?.id).toBe(mine);
      const [row] = await db.select().from(auditLog).where(and(eq(auditLog.action, "practice.member"), eq(auditLog.target, "loose@sunrise.example")));
      // Not the first member: a clinician, until a practice admin says otherwise.
      expect(row).toMatchObject({ actorEmail: "admin@company.example", detail: "Sunrise Wound Care, Clinician", ip: "192.0.2.1" });
      expect((await listUsers(db)).find((u) => u.id === loose.id)?.practice).toEqual({ id: mine, name: "Sunrise Wound Care" });

      // Again: nothing to do. Into another practice: refused, it stays where it is.
      expect(await addAccountToPractice(db, ctx, { email: "loose@sunrise.example", practiceId: mine })).toMatchObject({ ok: true, message: expect.stringContaining("Nothing changed") });
      const elsewhere = await addAccountToPractice(db, ctx, { email: "loose@sunrise.example", practiceId: theirs });
      expect(elsewhere).toMatchObject({ ok: false, status: 409, existing: { practice: { id: mine, name: "Sunrise Wound Care" } } });
      expect((await practiceOfUser(db, loose.id))?.id).toBe(mine);

      await upsertUser(db, { email: "verifier@company.example", role: "staff" });
      expect(await addAccountToPractice(db, ctx, { email: "verifier@company.example", practiceId: mine })).toMatchObject({
        ok: false,
        status: 409,
        message: "verifier@company.example already has a staff account: staff accounts belong to no practice.",
      });
      expect(await addAccountToPractice(db, ctx, { email: "nobody@sunrise.example", practiceId: mine })).toMatchObject({ ok: false, status: 400 });
    });

    // Meaningful on PostgreSQL only: PGlite runs one transaction at a time, so the invitations never overlap there.
    it("twenty invitations of one address at once make one account; the others answer 409 with it", async ({ skip }) => {
      skip(driver !== "postgres", "needs PostgreSQL (TEST_DATABASE_URL): PGlite runs one transaction at a time, so invitations cannot overlap");
      const db = database.db;
      const results = await Promise.all(
        Array.from({ length: 20 }, () => inviteUser(db, ctx, { email: "rush@sunrise.example", role: "member", practiceId: mine })),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      const refusals = results.filter((r) => !r.ok);
      expect(refusals).toHaveLength(19);
      for (const r of refusals) expect(r).toMatchObject({ status: 409, existing: { email: "rush@sunrise.example", practice: { id: mine } } });
      expect(await db.select().from(user).where(eq(user.email, "rush@sunrise.example"))).toHaveLength(1);
      expect(await db.select().from(outbox).where(eq(outbox.to, "rush@sunrise.example"))).toHaveLength(1);
      expect(await db.select().from(auditLog).where(and(eq(auditLog.action, "user.invite"), eq(auditLog.target, "rush@sunrise.example")))).toHaveLength(1);
    });

    it("refuses a practice that does not exist, creating nothing", async () => {
      const db = database.db;
      const result = await inviteUser(db, ctx, { email: "ghost@nowhere.example", role: "member", practiceId: "00000000-0000-4000-8000-000000000000" });
      expect(result).toMatchObject({ ok: false, status: 404 });
      expect(await db.select().from(user).where(eq(user.email, "ghost@nowhere.example"))).toEqual([]);
    });
  });

  it("no facility row is left in another practice's name", async () => {
    const rows = await database.db.select().from(facilities).where(eq(facilities.practiceId, theirs));
    expect(rows).toEqual([]);
  });
});
