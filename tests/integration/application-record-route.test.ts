import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { applicationSchema } from "~/lib/schemas/graft-application";
import { latestUsToday } from "~/lib/schemas/patient";
import { loader as recordLoader } from "~/routes/portal/applications-record";
import { auditLog, orderLines, orderUnits } from "~/.server/db/schema";
import { recordApplication } from "~/.server/inventory/applications";
import { pdfText } from "../support/pdf-text";
import { cookieOf, MARGARET_HALE, makeIvr, makeMember, makeOrder, makePractice, practiceReadyForIvrs, valid } from "../support/factories";
import { contextFrom, routeCaller } from "./support/actions";
import { drivers, suiteDatabase } from "./support/database";

/**
 * The record of an application as a PDF for the patient's chart: the
 * practice's members download it (each download on the patient's access
 * list); anyone else gets 404.
 */
describe.each(drivers)("the application record PDF on %s", (driver) => {
  const database = suiteDatabase(driver, { patientKey: true });
  let applicationId: string;
  let patientId: string;
  let nurse: string;
  let outsider: string;

  const call = routeCaller("198.51.100.9");
  const get = (id: string, cookie: string) => new Request(`http://localhost/members/applications/${id}/record.pdf`, { headers: { cookie } });

  beforeAll(async () => {
    const db = database.db;
    const sunrise = await practiceReadyForIvrs(db, "Sunrise Wound Care");
    patientId = sunrise.patientId;
    const elsewhere = await makePractice(db, "Elsewhere Clinic");
    await makeMember(db, { email: "nurse@sunrise.example", practiceId: sunrise.practiceId });
    await makeMember(db, { email: "outsider@elsewhere.example", practiceId: elsewhere });
    nurse = await cookieOf("nurse@sunrise.example");
    outsider = await cookieOf("outsider@elsewhere.example");

    // A covered IVR, its order delivered, and its one unit on the practice's shelf.
    const ivr = await makeIvr(db, {
      practiceId: sunrise.practiceId,
      status: "covered",
      number: 7301,
      patientId,
      providerId: sunrise.providerId,
      facilityId: sunrise.facilityId,
      productSlug: "membrane-wrap",
      validUntil: "2099-12-31",
    });
    const order = await makeOrder(db, {
      practiceId: sunrise.practiceId,
      practiceName: "Sunrise Wound Care",
      ivrId: ivr.id,
      patientId,
      facilityId: sunrise.facilityId,
      status: "delivered",
      dateOfService: "2025-06-10",
    });
    const [line] = await db.insert(orderLines).values({ orderId: order.id, position: 1, hcpcs: "Q4205", lengthMm: 20, widthMm: 30, quantity: 1 }).returning();
    await db.insert(orderUnits).values({
      orderId: order.id,
      lineId: line!.id,
      position: 1,
      tissueId: "TID-REC-0001",
      practiceId: sunrise.practiceId,
      facilityId: sunrise.facilityId,
      productSlug: "membrane-wrap",
      lengthMm: 20,
      widthMm: 30,
      lot: "L2506-A",
      expiresOn: "2099-01-31",
      stockedAt: new Date(),
    });
    const input = valid(applicationSchema, {
      unit: "TID-REC-0001",
      ivrId: ivr.id,
      appliedOn: "2025-06-10",
      location: "foot",
      lengthCm: "2.5",
      widthCm: "2",
      appliedCm2: "5",
      discardedCm2: "1",
      discardReason: "Trimmed to the wound margin",
      signerName: "Dr. Ana Ruiz",
    });
    applicationId = (await recordApplication(db, { practiceId: sunrise.practiceId, actor: { email: "nurse@sunrise.example", ip: null }, input, today: latestUsToday() })).id;
  });

  it("gives the practice's member the record with the patient, the unit and the areas, and puts the download on the patient's access list", async () => {
    // Called as the router does, to read the answer's bytes.
    const answer = (await recordLoader({ request: get(applicationId, nurse), params: { id: applicationId }, context: contextFrom("198.51.100.9") } as never)) as Response;
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("application/pdf");
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    // The file is named by the record's reference, never by the patient.
    const disposition = answer.headers.get("Content-Disposition") ?? "";
    expect(disposition).toMatch(/^attachment/);
    expect(disposition).toMatch(/APP-\d{6}-record\.pdf/);
    expect(disposition).not.toMatch(/Hale|Margaret/);

    const text = (await pdfText(new Uint8Array(await answer.arrayBuffer()))).replace(/\s+/g, " ");
    for (const value of [
      `${MARGARET_HALE.firstName} ${MARGARET_HALE.lastName}`,
      `Date of birth ${MARGARET_HALE.birthDate}`,
      "Sunrise Wound Care",
      "IVR-007301",
      "Membrane Wrap",
      "Q4205",
      "TID-REC-0001",
      "L2506-A",
      "2099-01-31",
      "Foot",
      "2.5 × 2 cm",
      "Trimmed to the wound margin",
      "15275",
      "Signed: Dr. Ana Ruiz, recorded by nurse@sunrise.example on",
      "21 CFR 1271.290",
    ]) {
      expect(text, value).toContain(value);
    }

    const rows = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "application.record-pdf"), eq(auditLog.target, applicationId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorEmail: "nurse@sunrise.example", patientId, ip: "198.51.100.9" });
  });

  it("answers 404 to another practice's member, for an unknown id and for a malformed one, and audits none of them", async () => {
    const before = await database.db.select().from(auditLog).where(eq(auditLog.action, "application.record-pdf"));
    expect((await call(recordLoader, get(applicationId, outsider), { id: applicationId })).status).toBe(404);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await call(recordLoader, get(unknown, nurse), { id: unknown })).status).toBe(404);
    expect((await call(recordLoader, get("APP-000001", nurse), { id: "APP-000001" })).status).toBe(404);
    const after = await database.db.select().from(auditLog).where(eq(auditLog.action, "application.record-pdf"));
    expect(after).toHaveLength(before.length);
  });
});
