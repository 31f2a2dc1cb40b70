import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { canTransitionIvr, IVR_ACTOR_KINDS, IVR_STATUSES, IVR_TRANSITIONS, type IvrStatus } from "~/lib/ivr";
import { auditLog, outbox } from "~/.server/db/schema";
import { startMailWorker } from "~/.server/mail";
import {
  getIvrDetail,
  getIvrFile,
  IvrTransitionRefused,
  boardCounts,
  practiceBoardPage,
  readDraft,
  readIvrAsStaff,
  recordVerification,
  requestInformation,
  resubmitIvr,
  saveDraft,
  submitIvr,
  moveIvr,
} from "~/.server/ivr";
import { transitionIvr } from "~/.server/ivr/lifecycle";
import { addPatient, DuplicatePatientError } from "~/.server/patients";
import { ivrInput as ivrInputFor, makeFacility, makeIvr, makeMember, makePatient, makePractice, makeProvider, patientInput } from "../support/factories";
import { drivers, suiteDatabase } from "./support/database";

const staff = { email: "verifier@company.example", ip: "198.51.100.7" };

describe.each(drivers)("insurance verification requests on %s", (driver) => {
  const database = suiteDatabase(driver, { patientKey: true });
  let practiceId: string;
  let otherPracticeId: string;
  let member: { id: string; email: string };
  let patientId: string;
  let providerId: string;
  let facilityId: string;

  beforeAll(async () => {
    const db = database.db;
    practiceId = await makePractice(db, "Sunrise Wound Care");
    otherPracticeId = await makePractice(db, "Elsewhere Clinic");
    member = await makeMember(db, { email: "nurse@sunrise.example", practiceId });
    providerId = await makeProvider(db, practiceId);
    facilityId = await makeFacility(db, practiceId);
    patientId = await makePatient(db, { practiceId, actor: { email: member.email, ip: null }, fields: { phone: "512 555 0199" } });
  });

  const ivrInput = (overrides: Record<string, string | string[]> = {}) =>
    ivrInputFor({ patientId, providerId, facilityId }, { lengthCm: "5.3", widthCm: "10", icdSecondary: ["L97.212"], ...overrides });
  const actor = () => ({ email: member.email, ip: "203.0.113.5" });
  const photo = { role: "wound-photo" as const, name: "hale-wound.png", mimeType: "image/png", bytes: Buffer.from("\x89PNG\r\n\x1a\n Margaret Hale wound") };

  it("refuses the same patient twice", async () => {
    const again = patientInput({ firstName: "Maggie", lastName: "HALE", addressLine1: "x", payerName: "Aetna", payerType: "commercial", memberId: "W123" });
    await expect(addPatient(database.db, { practiceId, actor: actor(), input: again })).rejects.toBeInstanceOf(DuplicatePatientError);
  });

  it("keeps a draft for its author only, then sends it with derived codes and a sealed photo", async () => {
    const draftId = await saveDraft(database.db, { practiceId, userId: member.id, values: { requestType: "new-wound", woundLocation: "leg" } });
    expect(draftId).toBeTruthy();
    expect((await readDraft(database.db, { practiceId, userId: member.id, id: draftId! }))?.values).toEqual({ requestType: "new-wound", woundLocation: "leg" });
    expect(await readDraft(database.db, { practiceId: otherPracticeId, userId: member.id, id: draftId! })).toBeNull();

    const sent = await submitIvr(database.db, { practiceId, userId: member.id, actor: actor(), draftId, input: ivrInput(), files: [photo] });
    expect(sent.id).toBe(draftId);
    expect(sent.reference).toMatch(/^IVR-\d{6}$/);
    const detail = await getIvrDetail(database.db, { id: sent.id, practiceId });
    expect(detail?.row.status).toBe("submitted");
    expect(detail?.row.cptCodes).toBe("15271 + 2 × 15272");
    expect(detail?.areaCm2).toBe(53);
    expect(detail?.patient?.lastName).toBe("Hale");
    expect(detail?.files.map((f) => f.name)).toEqual(["hale-wound.png"]);
    const file = await getIvrFile(database.db, { id: detail!.files[0]!.id, practiceId });
    expect(Buffer.from(file!.bytes).equals(photo.bytes)).toBe(true);
    expect(await getIvrFile(database.db, { id: detail!.files[0]!.id, practiceId: otherPracticeId })).toBeNull();
    expect(await getIvrDetail(database.db, { id: sent.id, practiceId: otherPracticeId })).toBeNull();
  });

  it("refuses a provider of another practice", async () => {
    const foreign = await makeProvider(database.db, otherPracticeId, { firstName: "X", lastName: "Y" });
    await expect(
      submitIvr(database.db, { practiceId, userId: member.id, actor: actor(), input: ivrInput({ providerId: foreign }), files: [] }),
    ).rejects.toThrow("Choose a provider of your practice");
  });

  it("goes through review, a question, an answer and coverage; mails name the reference only; staff reads are audited", async () => {
    const { id, reference } = await submitIvr(database.db, { practiceId, userId: member.id, actor: actor(), input: ivrInput(), files: [] });
    await moveIvr(database.db, { id, to: "in_review", actor: staff });
    await requestInformation(database.db, { id, actor: staff, message: "Please send Margaret's latest wound notes." });
    expect((await getIvrDetail(database.db, { id, practiceId }))?.requestMessage).toBe("Please send Margaret's latest wound notes.");
    await resubmitIvr(database.db, { practiceId, actor: actor(), id, answer: "Notes attached.", files: [photo] });
    await moveIvr(database.db, { id, to: "in_review", actor: staff });
    await recordVerification(database.db, {
      id,
      actor: staff,
      // Verified at the end of 2098, for the IVR's date of service in January 2099.
      today: "2098-12-15",
      input: { outcome: "covered", validUntil: "2099-03-01", deductible: "240", authorisedApplications: 4, noteToPractice: "Covered at 80%." },
    });
    const detail = await readIvrAsStaff(database.db, { id, actor: staff });
    expect(detail?.row.status).toBe("covered");
    expect(detail?.row.validUntil).toBe("2099-03-01");
    expect(detail?.verifications[0]?.deductible).toBe("240");
    expect(detail?.history.map((h) => h.to)).toEqual(["draft", "submitted", "in_review", "needs_information", "submitted", "in_review", "covered"]);

    const views = await database.db.select().from(auditLog).where(eq(auditLog.action, "ivr.view"));
    expect(views.some((v) => v.target === id && v.actorEmail === staff.email)).toBe(true);

    const mails = await database.db.select().from(outbox);
    const toMember = mails.filter((m) => m.to === member.email && m.purpose === "ivr.status");
    expect(toMember.map((m) => m.subject).sort()).toEqual(["covered", "in review", "in review", "needs information"].map((s) => `${reference}: ${s}`));
    expect(toMember.find((m) => m.subject === `${reference}: covered`)?.text).toMatch(new RegExp(`^${reference} is now Covered: sign in to see it\\.`));
    for (const m of mails) expect(`${m.subject} ${m.text}`).not.toMatch(/Margaret|Hale|1948|1EG4|Elm/i);

    const board = await practiceBoardPage(database.db, practiceId);
    expect(board.rows.find((b) => b.id === id)).toMatchObject({ status: "covered", initials: "M.H.", product: "Membrane Wrap" });
    expect((await boardCounts(database.db, practiceId)).covered).toBeGreaterThanOrEqual(1);
    expect(await practiceBoardPage(database.db, otherPracticeId)).toEqual({ rows: [], after: null, before: null });
    expect(await boardCounts(database.db, otherPracticeId)).toEqual({});
  });

  it("keeps no patient name, birth date, member id or file text in plain text in any row", async () => {
    const dump = await database.db.execute(sql`
      select string_agg(t::text, ' ') as all from (
        select p::text as t from patients p union all select c::text from coverages c union all select i::text from ivrs i
        union all select h::text from ivr_history h union all select v::text from ivr_verifications v
        union all select encode(f.content_sealed, 'escape') || f.name_sealed from ivr_files f union all select a::text from audit_log a
        union all select o::text from outbox o
      ) rows`);
    const text = String(((dump as { rows: { all: string }[] }).rows[0] ?? { all: "" }).all);
    for (const secret of ["Margaret", "Hale", "1948-03-02", "1EG4TE5MK73", "Elm Street", "hale-wound", "wound notes", "Covered at 80%"])
      expect(text.includes(secret), secret).toBe(false);
  });

  it("allows exactly the table's transitions", async () => {
    for (const from of IVR_STATUSES) {
      for (const to of IVR_STATUSES) {
        const row = await makeIvr(database.db, { practiceId, status: from });
        // Made by whoever the table lets make it (staff for a move nobody may make).
        const by = IVR_ACTOR_KINDS.find((kind) => canTransitionIvr(from, to, kind)) ?? "staff";
        const move = transitionIvr(database.db, { id: row.id, to, actor: by === "member" ? actor() : staff, by, practiceId: by === "member" ? practiceId : null });
        if ((IVR_TRANSITIONS[from] as readonly IvrStatus[]).includes(to)) await expect(move).resolves.toMatchObject({ from, to });
        else await expect(move).rejects.toBeInstanceOf(IvrTransitionRefused);
      }
    }
  }, 120_000);

  it("wakes the running mail worker once a move commits: the company hears of a sending with no route waking it", async () => {
    const sent: string[] = [];
    const worker = startMailWorker({ db: database.db, send: async (mail) => void sent.push(mail.subject), intervalMs: 600_000, maxAttempts: 3 });
    try {
      // Its first pass, at start, sends what earlier tests queued; the next poll is ten minutes away.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const { reference } = await submitIvr(database.db, { practiceId, userId: member.id, actor: actor(), input: ivrInput(), files: [] });
      await expect.poll(() => sent, { timeout: 5_000 }).toContain(`${reference} received`);
    } finally {
      await worker.stop();
    }
  });

  it("lets a member move only their own practice's IVR", async () => {
    const row = await makeIvr(database.db, { practiceId: otherPracticeId, status: "needs_information" });
    expect(await transitionIvr(database.db, { id: row.id, to: "submitted", actor: actor(), by: "member", practiceId })).toBeNull();
  });
});
