import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "~/lib/calendar";
import { authorisationSchema } from "~/lib/schemas/authorisation";
import { orderSchema, type OrderInput } from "~/lib/schemas/order";
import { latestUsToday } from "~/lib/schemas/patient";
import {
  AuthorisationRefused,
  authorisationsOfIvr,
  authorisationUsage,
  recordAuthorisation,
  sendAuthorisationReminders,
} from "~/.server/authorisations";
import { auditLog, authorisationReminders, ivrFollowers, ivrs, outbox, priorAuthorisations } from "~/.server/db/schema";
import { recordVerification } from "~/.server/ivr";
import { cancelOrderAsMember, orderableIvr, placeOrder } from "~/.server/orders";
import { makeFacility, makeIvr, makeMember, makePatient, makePractice, valid } from "../support/factories";
import { drivers, suiteDatabase } from "./support/database";

const staff = { email: "verify@company.example", ip: "198.51.100.9" };
/** The fixed clock of these tests: every rule is given this day as today. */
const TODAY = "2027-01-04";
const on = (offset: number) => addDays(TODAY, offset);

describe.each(drivers)("prior authorisations on %s", (driver) => {
  const database = suiteDatabase(driver, { patientKey: true });
  const db = () => database.db;
  let practiceId: string;
  let member: { id: string; email: string };
  let follower: { id: string; email: string };
  let patientId: string;
  let facilityId: string;
  const actor = () => ({ email: member.email, ip: "203.0.113.5" });

  beforeAll(async () => {
    practiceId = await makePractice(db(), "Harbor Wound Care");
    member = await makeMember(db(), { email: "nurse@harbor.example", practiceId });
    follower = await makeMember(db(), { email: "office@harbor.example", practiceId });
    facilityId = await makeFacility(db(), practiceId, { name: "Harbor clinic" });
    patientId = await makePatient(db(), { practiceId, actor: actor(), fields: { lastName: "Hale", birthDate: "1948-03-02" } });
  });

  /** An IVR of the practice, followed by the member and the office, in `status`. */
  async function ivr(overrides: Partial<typeof ivrs.$inferInsert> = {}) {
    const row = await makeIvr(db(), {
      practiceId,
      createdBy: member.id,
      status: "prior_auth_submitted",
      patientId,
      facilityId,
      productSlug: "membrane-wrap",
      areaHundredths: 1600,
      validUntil: on(120),
      plannedApplications: 8,
      submittedAt: new Date(),
      ...overrides,
    });
    await db()
      .insert(ivrFollowers)
      .values([
        { ivrId: row.id, userId: member.id },
        { ivrId: row.id, userId: follower.id },
      ]);
    return row;
  }
  const referenceOf = (number: number | null) => `IVR-${String(number).padStart(6, "0")}`;

  /** Staff approve the IVR's prior authorisation through the verification, on the fixed day. */
  async function approve(id: string, { from = on(0), to = on(60), applications = 8 as number | undefined, number = "PA-55102" } = {}) {
    await recordVerification(db(), {
      id,
      actor: staff,
      today: TODAY,
      input: { outcome: "prior_auth_approved", validUntil: on(120), priorAuthNumber: number, priorAuthFrom: from, priorAuthTo: to, authorisedApplications: applications },
    });
  }

  /** One application's order (a 4 × 4 graft covers the 16 cm² wound), placed on the fixed day for `dateOfService`. */
  function order(row: { id: string; patientId: string | null; productSlug: string | null }, dateOfService = on(10)) {
    // The schema checks dates against the real clock: the order's own date of service is given to placeOrder directly.
    const checked = valid(orderSchema, {
      ivrId: row.id,
      patientId: row.patientId,
      productSlug: row.productSlug,
      dateOfService: addDays(latestUsToday(), 10),
      facilityId,
      shippingSpeed: "standard",
      "qty-4x4": "1",
    });
    const input: OrderInput = { ...checked, dateOfService };
    return placeOrder(db(), { practiceId, userId: member.id, actor: actor(), input, today: TODAY });
  }

  async function refusal(promise: Promise<unknown>): Promise<AuthorisationRefused> {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AuthorisationRefused);
    return error as AuthorisationRefused;
  }

  it("records an approval's authorisation as a record of its own, its number sealed, and keeps the verification", async () => {
    const row = await ivr();
    await approve(row.id);
    const [stored] = await db().select().from(priorAuthorisations).where(eq(priorAuthorisations.ivrId, row.id));
    expect(stored).toMatchObject({ validFrom: on(0), validTo: on(60), authorisedApplications: 8, productSlugs: [], recordedBy: staff.email, replacedAt: null });
    // The raw row holds no plain number: it is sealed, and opens only through the domain.
    expect(stored!.numberSealed).toMatch(/^p1\./);
    expect(JSON.stringify(stored)).not.toContain("PA-55102");
    expect((await authorisationsOfIvr(db(), row.id))[0]).toMatchObject({ number: "PA-55102", trackingNumber: null });
    expect(await authorisationUsage(db(), row.id)).toEqual({ used: 0, authorised: 8, validFrom: on(0), validTo: on(60) });
    const audited = await db().select().from(auditLog).where(eq(auditLog.action, "ivr.authorisation"));
    expect(audited.some((a) => a.target === row.id && !a.detail?.includes("PA-55102"))).toBe(true);
  });

  it("corrects an authorisation: the old one is kept as history, the new one counts", async () => {
    const row = await ivr();
    await approve(row.id, { applications: 4 });
    const input = valid(authorisationSchema, {
      number: "PA-55102",
      trackingNumber: "TRK-9001",
      validFrom: on(0),
      validTo: on(90),
      authorisedApplications: "6",
      "product-membrane-wrap": "on",
    });
    await recordAuthorisation(db(), { ivrId: row.id, actor: staff, input });
    const all = await authorisationsOfIvr(db(), row.id);
    expect(all.map((a) => [a.authorisedApplications, a.replacedAt === null])).toEqual([
      [6, true],
      [4, false],
    ]);
    expect(all[0]).toMatchObject({ trackingNumber: "TRK-9001", productSlugs: ["membrane-wrap"], validTo: on(90) });
    expect(await authorisationUsage(db(), row.id)).toMatchObject({ authorised: 6, validTo: on(90) });
    // Staff may record the payer's answer before the verification: an approval with the same number keeps what they added.
    const early = await ivr();
    await recordAuthorisation(db(), { ivrId: early.id, actor: staff, input: { ...input, authorisedApplications: 3 } });
    await approve(early.id, { applications: 7, to: on(100) });
    expect((await authorisationsOfIvr(db(), early.id)).map((a) => [a.number, a.trackingNumber, a.productSlugs, a.authorisedApplications, a.validTo])).toEqual([
      ["PA-55102", "TRK-9001", ["membrane-wrap"], 7, on(100)],
      ["PA-55102", "TRK-9001", ["membrane-wrap"], 3, on(90)],
    ]);
  });

  it("checks staff's form: the end after the start, 1 to 99 applications, products of the catalogue", () => {
    const errors = (values: Record<string, string>) => {
      const parsed = authorisationSchema.safeParse({ number: "PA-1", validFrom: on(0), validTo: on(30), authorisedApplications: "8", ...values });
      return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
    };
    expect(errors({})).toEqual({});
    expect(errors({ validTo: on(0) })).toEqual({ validTo: "The authorisation ends after it starts" });
    expect(errors({ authorisedApplications: "0" })).toEqual({ authorisedApplications: "Applications authorised is a whole number from 1 to 99" });
    expect(errors({ authorisedApplications: "100" })).toHaveProperty("authorisedApplications");
    expect(errors({ number: "" })).toEqual({ number: "Enter the authorisation number" });
    // A box that is not a product of the catalogue is not a product of the authorisation.
    expect(valid(authorisationSchema, { number: "PA-1", validFrom: on(0), validTo: on(30), authorisedApplications: "8", "product-made-up": "on" }).productSlugs).toEqual([]);
  });

  it("counts the IVR's orders as applications used, not the cancelled ones", async () => {
    const row = await ivr();
    await approve(row.id);
    const first = await order(row);
    await order(row);
    await order(row);
    expect(await authorisationUsage(db(), row.id)).toMatchObject({ used: 3, authorised: 8 });
    await cancelOrderAsMember(db(), { practiceId, actor: actor(), id: first.id });
    expect(await authorisationUsage(db(), row.id)).toMatchObject({ used: 2, authorised: 8 });
    expect(await authorisationUsage(db(), (await ivr()).id)).toBeNull();
  });

  it("refuses the 9th order of 8 authorised applications, with the reason, and writes nothing", async () => {
    const row = await ivr();
    await approve(row.id);
    for (let i = 0; i < 8; i++) await order(row);
    const ninth = await refusal(order(row));
    expect(ninth.message).toBe("This order would be application 9 of 8 authorised: ask the payer for more before ordering.");
    expect(await authorisationUsage(db(), row.id)).toMatchObject({ used: 8 });
    // The order list says so before the form is opened.
    expect((await orderableIvr(db(), { practiceId, ivrId: row.id, today: TODAY }))?.blockedBy).toBe(ninth.message);
  });

  it("refuses a date of service outside the window, and any order once it has ended", async () => {
    const row = await ivr();
    await approve(row.id, { from: on(10), to: on(40) });
    const early = await refusal(order(row, on(9)));
    expect(early.field).toBe("dateOfService");
    expect(early.message).toBe(`The authorisation is valid from ${on(10)} to ${on(40)}.`);
    expect((await refusal(order(row, on(41)))).message).toBe(`The authorisation is valid from ${on(10)} to ${on(40)}.`);
    // Ordered before the window opens, for a day inside it: allowed.
    await expect(order(row, on(10))).resolves.toMatchObject({ reference: expect.stringMatching(/^ORD-/) });
    await expect(order(row, on(40))).resolves.toBeTruthy();
    // After the window, today itself is outside it.
    const ended = await placeOrder(db(), {
      practiceId,
      userId: member.id,
      actor: actor(),
      input: { ...valid(orderSchema, { ivrId: row.id, patientId, productSlug: "membrane-wrap", dateOfService: addDays(latestUsToday(), 10), facilityId, shippingSpeed: "standard", "qty-4x4": "1" }), dateOfService: on(50) },
      today: on(41),
    }).catch((e: unknown) => e);
    expect(ended).toBeInstanceOf(AuthorisationRefused);
    expect((ended as Error).message).toBe(`The authorisation is valid from ${on(10)} to ${on(40)}.`);
  });

  it("refuses a product the authorisation does not cover", async () => {
    const row = await ivr({ status: "prior_auth_approved" });
    await recordAuthorisation(db(), {
      ivrId: row.id,
      actor: staff,
      input: valid(authorisationSchema, { number: "PA-7", validFrom: on(0), validTo: on(30), authorisedApplications: "2", "product-simplimax": "on" }),
    });
    const refused = await refusal(order(row));
    expect(refused.message).toBe("The authorisation does not cover Membrane Wrap: ask the payer to add it before ordering.");
  });

  describe("reminders", () => {
    const reminders = async (ivrId: string) => (await db().select().from(outbox)).filter((m) => m.purpose === "ivr.reminder" && m.text.includes(ivrId));

    it("mails each follower once at 30 days and once at 7, with the reference only, never twice", async () => {
      const row = await ivr();
      await approve(row.id, { from: on(0), to: on(60) });
      await order(row);
      const reference = referenceOf(row.number);
      const ends = on(60);

      // 31 days before: nothing yet.
      await sendAuthorisationReminders(db(), addDays(ends, -31));
      expect(await reminders(row.id)).toEqual([]);

      await sendAuthorisationReminders(db(), addDays(ends, -30));
      const first = await reminders(row.id);
      expect(first.map((m) => m.to).sort()).toEqual([follower.email, member.email].sort());
      expect(first.map((m) => m.subject)).toEqual([`${reference}: authorisation ends in 30 days`, `${reference}: authorisation ends in 30 days`]);
      expect(first[0]!.text).toMatch(new RegExp(`^${reference}: authorisation ends in 30 days\\.\\n\\nhttps?://[^\\s]+/members/ivrs/${row.id}\\n$`));
      for (const m of first) expect(`${m.subject} ${m.text}`).not.toMatch(/Hale|1948|PA-55102/);

      // The next days, and the same day again: nothing more.
      await sendAuthorisationReminders(db(), addDays(ends, -30));
      await sendAuthorisationReminders(db(), addDays(ends, -29));
      await sendAuthorisationReminders(db(), addDays(ends, -8));
      expect(await reminders(row.id)).toHaveLength(2);

      await sendAuthorisationReminders(db(), addDays(ends, -7));
      await sendAuthorisationReminders(db(), addDays(ends, -7));
      await sendAuthorisationReminders(db(), addDays(ends, -3));
      const all = await reminders(row.id);
      expect(all).toHaveLength(4);
      expect(all.filter((m) => m.subject === `${reference}: authorisation ends in 7 days`)).toHaveLength(2);
      expect(await db().select().from(authorisationReminders).where(eq(authorisationReminders.ivrId, row.id))).toHaveLength(2);
    });

    it("reminds of a verification's valid-until too, when it ends first", async () => {
      const row = await ivr({ status: "covered", validUntil: on(45), authorisedApplications: 4 });
      await sendAuthorisationReminders(db(), on(15));
      expect((await reminders(row.id)).map((m) => m.subject)).toEqual([0, 1].map(() => `${referenceOf(row.number)}: verification ends in 30 days`));
    });

    it("sends nothing once the applications are used up", async () => {
      const row = await ivr();
      await approve(row.id, { from: on(0), to: on(60), applications: 2 });
      await order(row);
      await order(row);
      await sendAuthorisationReminders(db(), on(30));
      await sendAuthorisationReminders(db(), on(53));
      expect(await reminders(row.id)).toEqual([]);
      // A covered IVR whose authorised applications are all ordered: no verification reminder either.
      const covered = await ivr({ status: "covered", validUntil: on(45), authorisedApplications: 1 });
      await order(covered);
      await sendAuthorisationReminders(db(), on(15));
      expect(await reminders(covered.id)).toEqual([]);
    });
  });
});
