import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { setPhiRing } from "~/.server/crypto";
import { keyRing, newKey, sealedKeyId } from "~/.server/crypto/fields";
import { resealAll, SEALED_COLUMNS } from "~/.server/crypto/rotate";
import { ivrFiles, patients } from "~/.server/db/schema";
import { getIvrFile } from "~/.server/ivr";
import { addPatient, DuplicatePatientError, getPatient, searchPatients } from "~/.server/patients";
import { seal, sealFile } from "~/.server/crypto";
import { makeIvr, makePractice, patientInput } from "../support/factories";
import { drivers, suiteDatabase } from "./support/database";

describe("the schema's sealed columns", () => {
  it("are all re-sealed by a rotation", () => {
    const schema = readFileSync("app/.server/db/schema.ts", "utf8");
    const declared = [...schema.matchAll(/"([a-z0-9_]+_sealed)"/g)].map((m) => m[1]).sort();
    expect(SEALED_COLUMNS.map((c) => c.column).sort()).toEqual(declared);
  });
});

describe.each(drivers)("rotating the patient-data key on %s", (driver) => {
  const database = suiteDatabase(driver);
  afterAll(async () => {
    setPhiRing(undefined);
  });

  it("re-seals every value under the new key, which alone then opens them and still finds the patient", async () => {
    const oldKey = newKey();
    setPhiRing(keyRing([oldKey]));
    const practiceId = await makePractice(database.db, "Rotation Clinic");
    const input = patientInput({
      firstName: "Olive",
      lastName: "Brandt",
      birthDate: "1940-01-05",
      addressLine1: "1 Linden Way",
      city: "Omaha",
      state: "NE",
      zip: "68102",
      payerName: "Medicare",
      memberId: "1EG4TE5MK73",
    });
    const { id } = await addPatient(database.db, { practiceId, actor: { email: "x@example.com", ip: null }, input });
    const ivr = await makeIvr(database.db, { practiceId, status: "submitted", attestationSignerSealed: seal("Dr Brandt", "ivrs.attestation_signer") });
    const [file] = await database.db
      .insert(ivrFiles)
      .values({ ivrId: ivr.id, role: "wound-photo", nameSealed: seal("a.png", "ivr_files.name"), mimeType: "image/png", size: 3, contentSealed: sealFile(Buffer.from("png"), "ivr_files.content") })
      .returning();

    const rotated = keyRing([newKey(), oldKey]);
    const report = await resealAll(database.db, rotated);
    // Four patient values, one member id, the signer, the file name and its content.
    expect(report.values).toBe(8);
    expect(report.patients).toBe(1);
    expect(report.searchTerms).toBe(1);
    expect((await resealAll(database.db, rotated)).values).toBe(0);

    const onlyNew = keyRing([rotated.keys.get(rotated.currentId)!]);
    setPhiRing(onlyNew);
    const [row] = await database.db.select().from(patients);
    expect(sealedKeyId(row!.lastNameSealed)).toBe(onlyNew.currentId);
    expect((await getPatient(database.db, practiceId, id))?.coverages[0]?.memberId).toBe("1EG4TE5MK73");
    expect(Buffer.from((await getIvrFile(database.db, { id: file!.id, practiceId }))!.bytes).toString()).toBe("png");
    await expect(addPatient(database.db, { practiceId, actor: { email: "x@example.com", ip: null }, input })).rejects.toBeInstanceOf(DuplicatePatientError);
    // The search terms were made again under the new key: the patient is found by part of the name, date of birth and member id.
    expect(row!.searchKeyId).toBe(onlyNew.currentId);
    for (const typed of ["bra", "Olive Brandt", "1940-01-05", "1EG4-TE5-MK73"])
      expect((await searchPatients(database.db, practiceId, typed)).rows.map((r) => r.id), typed).toEqual([id]);
  });
});
