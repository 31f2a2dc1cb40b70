import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { gs1CheckDigit } from "~/lib/identifiers";
import { recallSearchSchema, recallStartSchema } from "~/lib/schemas/recall";
import { listPatientAccess } from "~/.server/audit";
import { auditLog, graftApplications, orderLines, orderUnits, outbox, recalls } from "~/.server/db/schema";
import { findRecallUnits, practiceRecallBanner, practiceRecalls, readRecallAsStaff, RecallRefused, recallReport, startRecall } from "~/.server/inventory";
import { parseWith } from "~/lib/schemas/fields";
import { loader as recallsDetailLoader } from "~/routes/console/recalls-detail";
import { loader as recallsExportLoader } from "~/routes/console/recalls-export";
import { action as recallsAction, loader as recallsLoader } from "~/routes/console/recalls";
import { loader as portalLayoutLoader } from "~/routes/portal/layout";
import { loader as portalRecallsLoader } from "~/routes/portal/recalls";
import { cookieOf, makeFacility, makeIvr, makeMember, makeOrder, makePatient, makePractice, signedIn, valid } from "../support/factories";
import { formPost, routeCaller } from "./support/actions";
import { drivers, suiteDatabase } from "./support/database";

const staff = { email: "recalls@company.example", ip: "198.51.100.9" };
const gtinOf = (first13: string) => `${first13}${gs1CheckDigit(first13)}`;
const GTIN = gtinOf("0081234567890");
const OTHER_GTIN = gtinOf("0081234567891");

describe.each(drivers)("recalls on %s", (driver) => {
  const database = suiteDatabase(driver, { patientKey: true });
  const db = () => database.db;
  let sunrise: string;
  let elsewhere: string;
  let margaretIvr: { id: string; number: number | null };
  let margaretId: string;

  /** A shipped order of the practice for `patientId` with one line, and its units (as shipping would write them): their ids by tissue identifier. */
  async function shipped(
    practiceId: string,
    { facilityId, patientId, ivrId, units }: { facilityId: string; patientId: string; ivrId: string; units: { tissueId: string; lot: string; gtin?: string; disposition?: "returned" }[] },
  ) {
    const order = await makeOrder(db(), { practiceId, practiceName: "x", ivrId, patientId, facilityId, status: "delivered", dateOfService: "2026-11-01" });
    const [line] = await db().insert(orderLines).values({ orderId: order.id, position: 1, hcpcs: "Q4100", lengthMm: 40, widthMm: 40, quantity: units.length }).returning();
    const rows = await db()
      .insert(orderUnits)
      .values(
        units.map((u, i) => ({
          orderId: order.id,
          lineId: line!.id,
          position: i + 1,
          tissueId: u.tissueId,
          practiceId,
          facilityId,
          productSlug: "membrane-wrap",
          lengthMm: 40,
          widthMm: 40,
          lot: u.lot,
          gtin: u.gtin ?? null,
          expiresOn: "2099-06-30",
          stockedAt: new Date(),
          disposition: u.disposition ?? null,
          disposedOn: u.disposition ? "2026-11-10" : null,
        })),
      )
      .returning({ id: orderUnits.id, tissueId: orderUnits.tissueId });
    return Object.fromEntries(rows.map((r) => [r.tissueId, r.id]));
  }

  beforeAll(async () => {
    sunrise = await makePractice(db(), "Sunrise Wound Care");
    elsewhere = await makePractice(db(), "Elsewhere Clinic");
    await makeMember(db(), { email: "ana@sunrise.example", practiceId: sunrise });
    await makeMember(db(), { email: "bo@elsewhere.example", practiceId: elsewhere });
    const sunriseFacility = await makeFacility(db(), sunrise, { name: "Main" });
    const elsewhereFacility = await makeFacility(db(), elsewhere, { name: "Riverside" });
    margaretId = await makePatient(db(), { practiceId: sunrise });
    const bobId = await makePatient(db(), { practiceId: elsewhere, fields: { firstName: "Robert", lastName: "Stone", birthDate: "1950-01-01" } });
    const ivrFor = (practiceId: string, patientId: string, facilityId: string, number: number) =>
      makeIvr(db(), { practiceId, status: "covered", number, patientId, facilityId, productSlug: "membrane-wrap", validUntil: "2099-01-01", submittedAt: new Date() });
    margaretIvr = await ivrFor(sunrise, margaretId, sunriseFacility, 4101);
    const bobIvr = await ivrFor(elsewhere, bobId, elsewhereFacility, 4102);

    const ours = await shipped(sunrise, {
      facilityId: sunriseFacility,
      patientId: margaretId,
      ivrId: margaretIvr.id,
      units: [
        { tissueId: "SR-0001", lot: "LT-11", gtin: GTIN },
        { tissueId: "SR-0002", lot: "LT-11", gtin: GTIN },
        { tissueId: "SR-0003", lot: "LT-22", gtin: OTHER_GTIN },
      ],
    });
    await shipped(elsewhere, {
      facilityId: elsewhereFacility,
      patientId: bobId,
      ivrId: bobIvr.id,
      units: [
        { tissueId: "EW-0001", lot: "LT-11", gtin: GTIN },
        { tissueId: "EW-0002", lot: "LT-11", disposition: "returned" },
      ],
    });
    // SR-0001 was applied to Margaret Hale under her IVR (what recordApplication leaves).
    await db()
      .insert(graftApplications)
      .values({
        practiceId: sunrise,
        unitId: ours["SR-0001"]!,
        ivrId: margaretIvr.id,
        patientId: margaretId,
        appliedOn: "2026-11-12",
        woundSealed: "sealed",
        appliedHundredths: 1600,
        discardedHundredths: 0,
        claimSealed: "sealed",
        signerName: "Ana Ruiz",
      });
    await db().update(orderUnits).set({ disposition: "applied", disposedOn: "2026-11-12" }).where(eq(orderUnits.id, ours["SR-0001"]!));
  });

  it("checks what staff look for with the shipping rules: a lot, a tissue identifier, a GTIN with its check digit", () => {
    const search = (by: string, value: string) => parseWith(recallSearchSchema, { by, value });
    expect(search("lot", "LT-11").success).toBe(true);
    expect(search("lot", "LT 11")).toMatchObject({ success: false, fieldErrors: { value: expect.stringContaining("A lot is") } });
    expect(search("tissue", "DL-24-0001-A").success).toBe(true);
    expect(search("tissue", "x")).toMatchObject({ success: false, fieldErrors: { value: expect.stringContaining("tissue identifier") } });
    expect(search("gtin", GTIN).success).toBe(true);
    const wrong = `${GTIN.slice(0, 13)}${(Number(GTIN[13]) + 1) % 10}`;
    expect(search("gtin", wrong)).toMatchObject({ success: false, fieldErrors: { value: expect.stringContaining("check digit") } });
    expect(search("gtin", "12345")).toMatchObject({ success: false, fieldErrors: { value: "A GTIN is 14 digits" } });
    expect(search("serial", "LT-11")).toMatchObject({ success: false, fieldErrors: { by: expect.any(String) } });
    expect(parseWith(recallStartSchema, { by: "lot", value: "LT-11", reason: "" })).toMatchObject({ success: false, fieldErrors: { reason: expect.any(String) } });
  });

  it("finds every unit by lot, tissue identifier or GTIN across practices, with the IVR and day of applied ones", async () => {
    const byLot = await findRecallUnits(db(), { by: "lot", value: "LT-11" });
    expect(byLot.map((u) => [u.tissueId, u.practice, u.facility, u.standing])).toEqual([
      ["EW-0001", "Elsewhere Clinic", "Riverside", "On the shelf"],
      ["EW-0002", "Elsewhere Clinic", "Riverside", "Returned"],
      ["SR-0001", "Sunrise Wound Care", "Main", "Applied"],
      ["SR-0002", "Sunrise Wound Care", "Main", "On the shelf"],
    ]);
    const applied = byLot.find((u) => u.tissueId === "SR-0001")!;
    expect(applied.application).toMatchObject({ ivrId: margaretIvr.id, ivr: "IVR-004101", appliedOn: "2026-11-12" });
    expect(byLot.find((u) => u.tissueId === "SR-0002")!.application).toBeNull();

    expect((await findRecallUnits(db(), { by: "tissue", value: "SR-0003" })).map((u) => u.lot)).toEqual(["LT-22"]);
    expect((await findRecallUnits(db(), { by: "gtin", value: GTIN })).map((u) => u.tissueId)).toEqual(["EW-0001", "SR-0001", "SR-0002"]);
    expect(await findRecallUnits(db(), { by: "lot", value: "LT-99" })).toEqual([]);
  });

  it("refuses a recall of what never shipped", async () => {
    const input = valid(recallStartSchema, { by: "lot", value: "LT-99", reason: "Sterility" });
    await expect(startRecall(db(), { input, actor: staff })).rejects.toBeInstanceOf(RecallRefused);
    expect(await db().select().from(recalls)).toEqual([]);
  });

  it("holds only unused units, records the recall and mails each practice its units without patient data", async () => {
    const input = valid(recallStartSchema, { by: "lot", value: "LT-11", reason: "Sterility test failed for this lot" });
    const started = await startRecall(db(), { input, actor: staff });
    expect(started).toMatchObject({ reference: expect.stringMatching(/^RCL-\d{6}$/), units: 4, held: 2, practices: 2, mails: 2 });

    const [recall] = await db().select().from(recalls).where(eq(recalls.id, started.id));
    expect(recall).toMatchObject({ by: "lot", value: "LT-11", reason: "Sterility test failed for this lot", createdBy: staff.email });
    const units = await db().select({ tissueId: orderUnits.tissueId, recallId: orderUnits.recallId }).from(orderUnits);
    const heldIds = units.filter((u) => u.recallId === started.id).map((u) => u.tissueId).sort();
    expect(heldIds).toEqual(["EW-0001", "SR-0002"]);

    const mails = await db().select().from(outbox).where(eq(outbox.purpose, "inventory.recall"));
    expect(mails.map((m) => m.to).sort()).toEqual(["ana@sunrise.example", "bo@elsewhere.example"]);
    for (const m of mails) {
      expect(m.subject).toBe(`${started.reference}: recall of lot LT-11`);
      expect(m.text).toContain(started.reference);
      expect(m.text).toContain("Sterility test failed for this lot");
      expect(m.text).not.toMatch(/Margaret|Hale|Robert|Stone|1948/);
    }
    const ana = mails.find((m) => m.to === "ana@sunrise.example")!;
    expect(ana.text).toContain("SR-0002, lot LT-11, Membrane Wrap");
    expect(ana.text).toContain("SR-0001");
    expect(ana.text).toMatch(/SR-0002.*Main: held/);
    expect(ana.text).not.toContain("EW-0001");
    const bo = mails.find((m) => m.to === "bo@elsewhere.example")!;
    expect(bo.text).toContain("EW-0001");
    expect(bo.text).not.toContain("SR-000");

    const [audited] = await db().select().from(auditLog).where(and(eq(auditLog.action, "recall.start"), eq(auditLog.target, started.id)));
    expect(audited).toMatchObject({ actorEmail: staff.email, detail: expect.stringContaining("2 of 4 units held") });

    // A second recall finds the units the first holds, and leaves them with it.
    const again = await startRecall(db(), { input: valid(recallStartSchema, { by: "tissue", value: "SR-0002", reason: "Label misprint" }), actor: staff });
    expect(again).toMatchObject({ units: 1, held: 0 });
    const [sr2] = await db().select({ recallId: orderUnits.recallId }).from(orderUnits).where(eq(orderUnits.tissueId, "SR-0002"));
    expect(sr2!.recallId).toBe(started.id);
  });

  it("shows each practice its own recalled units and patients only", async () => {
    const [lotRecall] = await db().select().from(recalls).where(eq(recalls.value, "LT-11"));
    const sunriseRecalls = await practiceRecalls(db(), sunrise);
    const sunriseLot = sunriseRecalls.find((r) => r.id === lotRecall!.id)!;
    expect(sunriseLot.units.map((u) => [u.tissueId, u.standing, u.patientName])).toEqual([
      ["SR-0001", "Applied", "Hale, Margaret"],
      ["SR-0002", `Held by ${sunriseLot.reference}`, null],
    ]);
    expect(sunriseLot.units[0]!.application).toMatchObject({ ivr: "IVR-004101", appliedOn: "2026-11-12" });

    const elsewhereRecalls = await practiceRecalls(db(), elsewhere);
    expect(elsewhereRecalls.map((r) => r.id)).toEqual([lotRecall!.id]);
    const theirs = elsewhereRecalls.flatMap((r) => r.units);
    expect(theirs.map((u) => u.tissueId).sort()).toEqual(["EW-0001", "EW-0002"]);
    expect(theirs.every((u) => u.practiceId === elsewhere && u.patientName === null)).toBe(true);

    const banner = await practiceRecallBanner(db(), sunrise);
    expect(banner).toContainEqual({ reference: sunriseLot.reference, held: 1, applied: 1 });
    expect(await practiceRecallBanner(db(), elsewhere)).toEqual([{ reference: sunriseLot.reference, held: 1, applied: 0 }]);
    const nobody = await makePractice(db(), "Quiet Practice");
    expect(await practiceRecallBanner(db(), nobody)).toEqual([]);
    expect(await practiceRecalls(db(), nobody)).toEqual([]);
  });

  it("exports the recall report without patient names, and audits the staff read that names them", async () => {
    const [lotRecall] = await db().select().from(recalls).where(eq(recalls.value, "LT-11"));
    const report = await recallReport(db(), { number: lotRecall!.number, actor: staff });
    const lines = report!.csv.trim().split("\r\n");
    expect(lines[0]).toContain('"Tissue identifier"');
    expect(lines).toHaveLength(5);
    expect(report!.csv).toContain('"SR-0001"');
    expect(report!.csv).toContain('"IVR-004101"');
    expect(report!.csv).toContain('"2026-11-12"');
    expect(report!.csv).toContain('"Elsewhere Clinic"');
    expect(report!.csv).not.toMatch(/Margaret|Hale|Robert|Stone/);
    expect(await recallReport(db(), { number: 999_999, actor: staff })).toBeNull();

    const before = await db().select().from(auditLog).where(eq(auditLog.action, "recall.view"));
    const read = await readRecallAsStaff(db(), { id: lotRecall!.id, actor: staff });
    expect(read!.units.find((u) => u.tissueId === "SR-0001")!.patientName).toBe("Hale, Margaret");
    const after = await db().select().from(auditLog).where(eq(auditLog.action, "recall.view"));
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)).toMatchObject({ actorEmail: staff.email, target: lotRecall!.id, patientId: margaretId });
    const access = await listPatientAccess(db(), margaretId);
    expect(access.rows.find((r) => r.action === "recall.view")).toMatchObject({ read: true, link: { kind: "recall", href: `/admin/recalls/${lotRecall!.id}` } });
    // The page read again within minutes is the same read.
    await readRecallAsStaff(db(), { id: lotRecall!.id, actor: staff });
    expect(await db().select().from(auditLog).where(eq(auditLog.action, "recall.view"))).toHaveLength(after.length);
  });

  it("answers the console's pages: a search kept with its message, the confirm step, then the recall's page; the portal sees its own", async () => {
    const call = routeCaller("198.51.100.20");
    const { cookie } = await signedIn(db(), "pat@company.example", "staff");
    const get = (path: string, who = cookie) => new Request(`http://localhost${path}`, { headers: { cookie: who } });

    const empty = await call(recallsLoader, get("/admin/recalls"));
    expect(empty.body).toMatchObject({ found: null, errors: null, search: { by: "lot", value: "" } });
    const wrong = await call(recallsLoader, get(`/admin/recalls?by=gtin&value=${GTIN.slice(0, 13)}0`));
    expect(wrong.body).toMatchObject({ found: null, search: { by: "gtin", value: `${GTIN.slice(0, 13)}0` }, errors: { value: expect.stringContaining("check digit") } });
    const found = await call(recallsLoader, get("/admin/recalls?by=lot&value=LT-22"));
    expect(found.body).toMatchObject({ found: { target: "lot LT-22", toHold: 1, practices: 1, units: [{ tissueId: "SR-0003", standing: "On the shelf" }] } });
    expect(JSON.stringify(found.body)).not.toMatch(/Margaret|Hale|patientId/);

    const path = "/admin/recalls?by=lot&value=LT-22";
    const noReason = await call(recallsAction, formPost(path, { intent: "start", by: "lot", value: "LT-22", reason: "" }, { cookie }));
    expect(noReason.status).toBe(400);
    const step = await call(recallsAction, formPost(path, { intent: "start", by: "lot", value: "LT-22", reason: "Seal defect" }, { cookie }));
    expect(step.body).toMatchObject({ ok: false, confirm: "start", reason: "Seal defect" });
    expect(await db().select().from(recalls).where(eq(recalls.value, "LT-22"))).toEqual([]);
    const done = await call(recallsAction, formPost(path, { intent: "start", by: "lot", value: "LT-22", reason: "Seal defect", confirmed: "1" }, { cookie }));
    const [started] = await db().select().from(recalls).where(eq(recalls.value, "LT-22"));
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe(`/admin/recalls/${started!.id}`);

    const page = await call(recallsDetailLoader, get(`/admin/recalls/${started!.id}`), { id: started!.id });
    expect(page.body).toMatchObject({ held: 1, units: [{ tissueId: "SR-0003", standing: expect.stringMatching(/^Held by RCL-/) }] });
    const csv = await call(recallsExportLoader, get(`/admin/export/recalls/RCL-${String(started!.number).padStart(6, "0")}.csv`), { file: `RCL-${String(started!.number).padStart(6, "0")}.csv` });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");

    // A member is not staff; their portal page lists their own practice's units only.
    await makeMember(db(), { email: "bo@elsewhere.example", practiceId: elsewhere });
    const member = await cookieOf("bo@elsewhere.example");
    expect((await call(recallsLoader, get("/admin/recalls", member))).status).toBe(403);
    const portal = await call(portalRecallsLoader, get("/members/recalls", member));
    const listed = (portal.body as { recalls: { units: { tissueId: string }[] }[] }).recalls.flatMap((r) => r.units.map((u) => u.tissueId));
    expect(listed.sort()).toEqual(["EW-0001", "EW-0002"]);
    expect(JSON.stringify(portal.body)).not.toMatch(/Margaret|Hale|SR-000/);
    // Every portal page's frame names the recall holding the practice's unit.
    expect((await call(portalLayoutLoader, get("/members", member))).body).toMatchObject({ recalls: [{ reference: expect.stringMatching(/^RCL-/), held: 1, applied: 0 }] });
  });
});
