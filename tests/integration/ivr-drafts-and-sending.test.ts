import { and, count, eq, isNull } from "drizzle-orm";
import { PDFDocument, PDFName, PDFString } from "pdf-lib";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { action as boardAction, loader as boardLoader } from "~/routes/portal/board";
import { action as formAction } from "~/routes/portal/ivrs-new";
import { IVR_ATTACHMENT } from "~/lib/uploads";
import type { Db } from "~/.server/db/client";
import { auditLog, ivrFiles, ivrs, outbox, patients } from "~/.server/db/schema";
import { getIvrFile, removeStaleDrafts, saveDraft, type DraftRow } from "~/.server/ivr";
import { cookieOf, ivrFormData, makeIvr, makeMember, MARGARET_HALE, practiceReadyForIvrs } from "../support/factories";
import { answerOf, contextFrom, formPost, routeCaller } from "./support/actions";
import { drivers, suiteDatabase, type Driver } from "./support/database";

// A member's drafts and sendings: a draft has no IVR number, and is listed by
// whom and what it is for; it can be discarded, and goes when left for 30
// days. Sending is idempotent by the form's client key, in the database: one
// key, one IVR, one mail to the company, however often it is posted.

type Route = (args: never) => Promise<unknown>;
const DAY = 86_400_000;

/** A practice with a provider, a facility, a patient and two members, signed in. */
async function portalFixture(db: Db, name: string) {
  const { practiceId, providerId, facilityId, patientId } = await practiceReadyForIvrs(db, name);
  const members: { id: string; cookie: string }[] = [];
  for (const email of [`nurse@${name.toLowerCase().replace(/\W+/g, "")}.example`, `biller@${name.toLowerCase().replace(/\W+/g, "")}.example`]) {
    const { id } = await makeMember(db, { email, practiceId });
    members.push({ id, cookie: await cookieOf(email) });
  }
  return { practiceId, nurse: members[0]!, biller: members[1]!, providerId, facilityId, patientId };
}

/** A patient the IVR form adds as it sends: Otto Brandt, on Medicare in Austin. */
const NEW_PATIENT = { ...MARGARET_HALE, firstName: "Otto", lastName: "Brandt", birthDate: "1951-07-02", sex: "male", addressLine1: "9 Oak Street" };

describe.each(drivers)("IVR drafts and sending on %s", (driver: Driver) => {
  const database = suiteDatabase(driver, { emptied: [ivrs, outbox], patientKey: true });
  let f: Awaited<ReturnType<typeof portalFixture>>;

  const call = routeCaller("198.51.100.21");
  const get = (path: string, cookie: string) => new Request(`http://localhost${path}`, { headers: { cookie } });

  const ivrForm = (overrides: Record<string, string> = {}) => ivrFormData(f, overrides);
  /** A draft saved through the form, as the browser's autosave does: its id. */
  async function draft(fields: Record<string, string>, cookie = f.nurse.cookie): Promise<string> {
    const saved = await call(formAction, formPost("/members/ivrs/new.data", { intent: "draft", ...fields }, { cookie }));
    expect(saved.status).toBe(200);
    return (saved.body as { draft: { id: string } }).draft.id;
  }
  const send = (form: FormData, cookie = f.nurse.cookie) => call(formAction, formPost("/members/ivrs/new", form, { cookie, "X-Resend": "0" }));
  const companyMails = async () => (await database.db.select({ n: count() }).from(outbox).where(eq(outbox.purpose, "ivr.received")))[0]!.n;
  const sentIvrs = async () => database.db.select().from(ivrs).where(and(eq(ivrs.practiceId, f.practiceId)));

  beforeAll(async () => {
    f = await portalFixture(database.db, "Juniper Wound Clinic");
  });

  it("numbers IVRs as they are sent: drafts take none, and numbers stay unique and increasing", async () => {
    const first = await draft({ woundLocation: "leg" });
    const second = await draft({ woundLocation: "foot" });
    await draft({ woundLocation: "hand" });
    expect(await database.db.select({ id: ivrs.id }).from(ivrs).where(isNull(ivrs.number))).toHaveLength(3);

    const sendDraft = async (id: string | null, key: string) => {
      const form = ivrForm({ clientKey: key, ...(id ? { draftId: id } : {}) });
      const answer = await send(form);
      expect(answer.status).toBe(303);
      const ivrId = answer.headers.get("Location")!.split("/").pop()!;
      const [row] = await database.db.select().from(ivrs).where(eq(ivrs.id, ivrId));
      return row!;
    };
    const a = await sendDraft(second, "key-number-a");
    const b = await sendDraft(null, "key-number-b");
    const c = await sendDraft(first, "key-number-c");
    expect(a.id).toBe(second);
    expect(c.id).toBe(first);
    expect(a.number).not.toBeNull();
    expect(b.number).toBe(a.number! + 1);
    expect(c.number).toBe(b.number! + 1);
    // The draft left behind still has none.
    expect(await database.db.select({ id: ivrs.id }).from(ivrs).where(isNull(ivrs.number))).toHaveLength(1);
    // The database gives no IVR out of draft without a number, whatever writes it.
    const moved = await makeIvr(database.db, { practiceId: f.practiceId, status: "submitted" });
    expect(moved.number).toBe(c.number! + 1);
  });

  it("lists drafts with the patient's initials, the product and when each was saved, and warns a week before one goes", async () => {
    const chosen = await draft({ patientId: f.patientId, productSlug: "membrane-wrap", woundLocation: "leg" });
    const typed = await draft({ patientId: "new", firstName: "otto", lastName: "Brandt" });
    const empty = await draft({ woundLocation: "foot" });
    // Another member's draft is theirs alone.
    await draft({ patientId: f.patientId }, f.biller.cookie);
    await database.db.update(ivrs).set({ updatedAt: new Date(Date.now() - 24 * DAY) }).where(eq(ivrs.id, empty));

    const board = await call(boardLoader, get("/members", f.nurse.cookie));
    const drafts = (board.body as { drafts: DraftRow[] }).drafts;
    // The latest saved first.
    expect(drafts.at(-1)!.id).toBe(empty);
    const byId = Object.fromEntries(drafts.map((d) => [d.id, d]));
    expect(Object.keys(byId).sort()).toEqual([chosen, typed, empty].sort());
    expect(byId[chosen]).toMatchObject({ initials: "M.H.", product: "Membrane Wrap", removalSoon: false });
    expect(byId[typed]).toMatchObject({ initials: "O.B.", product: "" });
    expect(byId[empty]).toMatchObject({ initials: "", product: "", removalSoon: true });
    expect(byId[empty]!.removedOn).toBe(new Date(byId[empty]!.updatedAt.getTime() + 30 * DAY).toISOString().slice(0, 10));
    expect(JSON.stringify(drafts)).not.toMatch(/IVR-\d/);
  });

  it("discards a draft after a confirmation, with its files; another member's draft stays", async () => {
    const id = await draft({ patientId: f.patientId });
    await database.db.insert(ivrFiles).values({ ivrId: id, role: "wound-photo", nameSealed: "x", mimeType: "image/png", size: 1, contentSealed: new Uint8Array([1]) });
    const theirs = await draft({ patientId: f.patientId }, f.biller.cookie);

    // Without the confirmation (a plain post without JavaScript): the page asks first.
    const first = await call(boardAction, formPost("/members?index", { intent: "discard", draftId: id }, { cookie: f.nurse.cookie }));
    expect(first.body).toEqual({ ok: false, confirm: "discard", id });
    expect(await database.db.select().from(ivrs).where(eq(ivrs.id, id))).toHaveLength(1);

    const confirmed = await call(boardAction, formPost("/members?index", { intent: "discard", draftId: id, confirmed: "1" }, { cookie: f.nurse.cookie }));
    expect(confirmed.status).toBe(303);
    expect(await database.db.select().from(ivrs).where(eq(ivrs.id, id))).toHaveLength(0);
    expect(await database.db.select().from(ivrFiles).where(eq(ivrFiles.ivrId, id))).toHaveLength(0);
    expect(await database.db.select().from(auditLog).where(and(eq(auditLog.action, "ivr.discard"), eq(auditLog.target, id)))).toHaveLength(1);

    const refused = await call(boardAction, formPost("/members?index.data", { intent: "discard", draftId: theirs, confirmed: "1" }, { cookie: f.nurse.cookie }));
    expect(refused).toMatchObject({ status: 404, body: { rejected: true, error: "This draft was sent or is already gone." } });
    expect(await database.db.select().from(ivrs).where(eq(ivrs.id, theirs))).toHaveLength(1);
  });

  it("keeps at most 256 KB of fields in a draft and 50 drafts a member, saying so", async () => {
    const large = await call(formAction, formPost("/members/ivrs/new.data", { intent: "draft", standardOfCareNotes: "x".repeat(300 * 1024) }, { cookie: f.nurse.cookie }));
    expect(large).toMatchObject({ status: 413, body: { rejected: true, title: "Draft not saved", error: expect.stringContaining("256 KB") } });
    for (let i = 0; i < 50; i++) await saveDraft(database.db, { practiceId: f.practiceId, userId: f.nurse.id, values: { lengthCm: String(i) } });
    const fiftyFirst = await call(formAction, formPost("/members/ivrs/new.data", { intent: "draft", lengthCm: "3" }, { cookie: f.nurse.cookie }));
    expect(fiftyFirst).toMatchObject({
      status: 409,
      body: { rejected: true, error: "You have 50 drafts, the most we keep: send or discard one on the STATUS board, then save this one." },
    });
    // Saving into one of them, and another member's first, still work.
    const [one] = await database.db.select({ id: ivrs.id }).from(ivrs).where(eq(ivrs.createdBy, f.nurse.id)).limit(1);
    expect((await call(formAction, formPost("/members/ivrs/new.data", { intent: "draft", draftId: one!.id, lengthCm: "4" }, { cookie: f.nurse.cookie }))).status).toBe(200);
    expect(await draft({ lengthCm: "2" }, f.biller.cookie)).toBeTruthy();
    // A plain post (no JavaScript) gets the form back as it was typed.
    const plain = await call(formAction, formPost("/members/ivrs/new", { intent: "draft", lengthCm: "3" }, { cookie: f.nurse.cookie, "X-Resend": "0" }));
    expect(plain).toMatchObject({ status: 409, body: { values: { lengthCm: "3" } } });
  });

  it("removes drafts not saved for 30 days, and no other", async () => {
    const old = await draft({ lengthCm: "1" });
    const recent = await draft({ lengthCm: "2" });
    const sent = await send(ivrForm({ clientKey: "key-housekeeping" }));
    const sentId = sent.headers.get("Location")!.split("/").pop()!;
    await database.db.update(ivrs).set({ updatedAt: new Date(Date.now() - 31 * DAY) }).where(eq(ivrs.id, old));
    await database.db.update(ivrs).set({ updatedAt: new Date(Date.now() - 29 * DAY) }).where(eq(ivrs.id, recent));
    await database.db.update(ivrs).set({ updatedAt: new Date(Date.now() - 90 * DAY) }).where(eq(ivrs.id, sentId));
    expect(await removeStaleDrafts(database.db)).toBe(1);
    expect((await sentIvrs()).map((r) => r.id).sort()).toEqual([recent, sentId].sort());
  });

  it("answers a replay of a sending as the first, making one IVR and one mail; another key on a sent draft is refused with 409", async () => {
    const id = await draft({ patientId: f.patientId });
    const form = () => ivrForm({ draftId: id, clientKey: "key-replay-0001" });
    const first = await send(form());
    const again = await send(form());
    expect(first.status).toBe(303);
    expect(again.status).toBe(303);
    expect(again.headers.get("Location")).toBe(first.headers.get("Location"));
    // The same message too ("IVR-000123 sent").
    expect(again.headers.get("Set-Cookie")).toBe(first.headers.get("Set-Cookie"));
    expect(await sentIvrs()).toHaveLength(1);
    expect(await companyMails()).toBe(1);

    const other = await call(formAction, formPost("/members/ivrs/new.data", ivrForm({ draftId: id, clientKey: "key-replay-0002" }), { cookie: f.nurse.cookie }));
    const [row] = await sentIvrs();
    expect(other).toMatchObject({ status: 409, body: { rejected: true, title: "Not sent", error: expect.stringContaining(`This draft was sent as IVR-${String(row!.number).padStart(6, "0")}`) } });
    expect(await companyMails()).toBe(1);
  });

  it("makes one IVR of one key without a draft, and adds a patient entered with it once", async () => {
    const form = () => ivrForm({ clientKey: "key-new-patient-1", patientId: "new", ...NEW_PATIENT });
    const answers = [await send(form()), await send(form())];
    expect(answers.map((a) => a.status)).toEqual([303, 303]);
    expect(answers[1]!.headers.get("Location")).toBe(answers[0]!.headers.get("Location"));
    expect(await sentIvrs()).toHaveLength(1);
    expect(await companyMails()).toBe(1);
    expect(await database.db.select().from(patients).where(eq(patients.practiceId, f.practiceId))).toHaveLength(2);
  });

  it("answers a wound photo over 10 MB with the form: the message beside the photo, everything else as typed, nothing stored", async () => {
    const id = await draft({ lengthCm: "5" });
    const form = ivrForm({ draftId: id, clientKey: "key-large-photo", standardOfCareNotes: "Compression since March" });
    form.append("woundPhoto", new File([new Uint8Array(12 * 1024 * 1024)], "wound.jpg", { type: "image/jpeg" }));
    // The attestation comes after the files, as the browser sends the form: it is read too.
    form.delete("attestationName");
    form.append("attestationName", "Ana Ruiz");
    const plain = await send(form);
    expect(plain.status).toBe(413);
    expect(plain.body).toMatchObject({
      fieldErrors: { woundPhoto: IVR_ATTACHMENT.sizeMessage("wound.jpg") },
      values: { draftId: id, lengthCm: "5", standardOfCareNotes: "Compression since March", attestationName: "Ana Ruiz", standardOfCare: ["compression"] },
    });
    // With JavaScript the browser keeps the form: the answer carries the messages only.
    const fetched = await call(formAction, formPost("/members/ivrs/new.data", form, { cookie: f.nurse.cookie }));
    expect(fetched.status).toBe(413);
    expect(fetched.body).toMatchObject({ fieldErrors: { woundPhoto: IVR_ATTACHMENT.sizeMessage("wound.jpg") } });
    expect((fetched.body as { values?: unknown }).values).toBeUndefined();
    expect((await sentIvrs()).map((r) => r.status)).toEqual(["draft"]);
    expect(await database.db.select().from(ivrFiles)).toHaveLength(0);
  });

  it("refuses a PDF that runs a script beside its field, and stores a photo written anew without its metadata", async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    doc.catalog.set(PDFName.of("OpenAction"), doc.context.obj({ S: "JavaScript", JS: PDFString.of("app.alert(1)") }));
    const scripted = ivrForm({ clientKey: "key-scripted-pdf" });
    scripted.append("clinicalNotes", new File([new Uint8Array(await doc.save())], "notes.pdf", { type: "application/pdf" }));
    const refused = await call(formAction, formPost("/members/ivrs/new.data", scripted, { cookie: f.nurse.cookie }));
    expect(refused).toMatchObject({ status: 400, body: { fieldErrors: { clinicalNotes: expect.stringContaining("scripts, actions or attached files") } } });

    const photo = await sharp({ create: { width: 6, height: 4, channels: 3, background: "#a33" } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const withPhoto = ivrForm({ clientKey: "key-photo-rewritten" });
    withPhoto.append("woundPhoto", new File([new Uint8Array(Buffer.concat([photo, Buffer.from("<p>after the picture</p>")]))], "wound.jpg", { type: "image/jpeg" }));
    expect((await send(withPhoto)).status).toBe(303);
    const [row] = await database.db.select().from(ivrFiles);
    const stored = await getIvrFile(database.db, { id: row!.id, practiceId: f.practiceId });
    expect(stored).toMatchObject({ mimeType: "image/jpeg", name: "wound.jpg" });
    expect(Buffer.from(stored!.bytes).includes("after the picture")).toBe(false);
    // Upright: the 6 × 4 picture tagged "rotate 90°" is stored 4 × 6, with no tag left.
    const metadata = await sharp(stored!.bytes).metadata();
    expect(metadata).toMatchObject({ width: 4, height: 6 });
    expect(metadata.orientation).toBeUndefined();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("twenty sendings of one draft at once on PostgreSQL", () => {
  const database = suiteDatabase("postgres", { patientKey: true });
  let f: Awaited<ReturnType<typeof portalFixture>>;
  beforeAll(async () => {
    f = await portalFixture(database.db, "Race Wound Clinic");
  });

  const form = (draftId: string, clientKey: string) => ivrFormData(f, { draftId, clientKey });
  const post = async (body: FormData) =>
    answerOf(
      await (formAction as Route)({ request: await formPost("/members/ivrs/new", body, { cookie: f.nurse.cookie, "X-Resend": "0" }), context: contextFrom("198.51.100.22"), params: {} } as never).catch(
        (thrown: unknown) => thrown,
      ),
    );
  const draftOf = async () => (await saveDraft(database.db, { practiceId: f.practiceId, userId: f.nurse.id, values: { patientId: f.patientId } }))!;
  const mailsFor = async (ivrId: string) => (await database.db.select().from(outbox).where(eq(outbox.purpose, "ivr.received"))).filter((m) => m.text.includes(ivrId));

  it("with one client key make exactly one IVR and one company mail, and all answer as the first", async () => {
    const draftId = await draftOf();
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(form(draftId, "key-twenty-at-once"))));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(303));
    expect(new Set(answers.map((a) => a.headers.get("Location")))).toEqual(new Set([`/members/ivrs/${draftId}`]));
    const made = await database.db.select().from(ivrs).where(eq(ivrs.practiceId, f.practiceId));
    expect(made.filter((r) => r.status !== "draft")).toHaveLength(1);
    expect(await mailsFor(draftId)).toHaveLength(1);
  });

  it("with twenty keys make one IVR; the others are refused with 409, none fails", async () => {
    const draftId = await draftOf();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => post(form(draftId, `key-twenty-${String(i).padStart(2, "0")}`))));
    expect(answers.filter((a) => a.status === 303)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    for (const a of answers.filter((x) => x.status === 409)) expect((a.body as { error: string }).error).toMatch(/^This draft was sent as IVR-\d{6}/);
    expect(await mailsFor(draftId)).toHaveLength(1);
  });
});
