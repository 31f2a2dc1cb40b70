import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { action as formAction, loader as formLoader } from "~/routes/portal/ivrs-new";
import { action as ivrAction, loader as ivrLoader } from "~/routes/portal/ivrs-detail";
import { loader as fileLoader } from "~/routes/portal/ivrs-file";
import { loader as eventsLoader } from "~/routes/portal/events";
import { loader as boardLoader } from "~/routes/portal/board";
import { desc, sql } from "drizzle-orm";
import { encodeCursor, exactTime } from "~/.server/db/keyset";
import { ivrs } from "~/.server/db/schema";
import { dispatch } from "~/.server/events";
import { moveIvr, recordVerification, requestInformation } from "~/.server/ivr";
import { cookieOf, ivrFormData, makeFacility, makeMember, makePatient, makePractice, makeProvider } from "../support/factories";
import { contextFrom, formPost, routeCaller } from "./support/actions";
import { drivers, suiteDatabase } from "./support/database";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

/**
 * The Clinical Portal's routes answer only within the member's practice: a
 * member of another practice gets 404 from the IVR's page, its file and its
 * actions, and the status stream carries only the member's practice's events.
 */
describe.each(drivers)("the Clinical Portal's routes on %s", (driver) => {
  const database = suiteDatabase(driver, { patientKey: true });
  let sunrise: string;
  let elsewhere: string;
  let nurse: string;
  let outsider: string;
  let nobody: string;
  let patientId: string;
  let providerId: string;
  let facilityId: string;

  const call = routeCaller("198.51.100.9");
  const get = (path: string, cookie: string, signal?: AbortSignal) => new Request(`http://localhost${path}`, { headers: { cookie }, signal });

  const ivrForm = (overrides: Record<string, string> = {}) => ivrFormData({ patientId, providerId, facilityId }, overrides);

  beforeAll(async () => {
    const db = database.db;
    sunrise = await makePractice(db, "Sunrise Wound Care");
    elsewhere = await makePractice(db, "Elsewhere Clinic");
    for (const [email, practiceId] of [
      ["nurse@sunrise.example", sunrise],
      ["outsider@elsewhere.example", elsewhere],
      ["nobody@clinic.example", null],
    ] as const) {
      await makeMember(db, { email, practiceId });
    }
    nurse = await cookieOf("nurse@sunrise.example");
    outsider = await cookieOf("outsider@elsewhere.example");
    nobody = await cookieOf("nobody@clinic.example");
    providerId = await makeProvider(db, sunrise);
    facilityId = await makeFacility(db, sunrise);
    patientId = await makePatient(db, { practiceId: sunrise, actor: { email: "nurse@sunrise.example", ip: null } });
  });

  it("sends an IVR with a photo, which only its practice can open", async () => {
    const form = ivrForm();
    form.append("woundPhoto", new File([PNG], "wound.png", { type: "image/png" }));
    const sent = await call(formAction, formPost("/members/ivrs/new", form, { cookie: nurse, Origin: "http://localhost" }));
    expect(sent.status).toBe(303);
    const path = sent.headers.get("Location")!;
    expect(path).toMatch(/^\/members\/ivrs\/[0-9a-f-]{36}$/);
    const id = path.split("/").pop()!;

    const page = await call(ivrLoader, get(path, nurse), { id });
    expect(page.status).toBe(200);
    const ivr = page.body as { reference: string; status: string; cptCodes: string; files: { id: string; mimeType: string }[] };
    expect(ivr).toMatchObject({ status: "submitted", cptCodes: "15271" });
    expect(ivr.files).toHaveLength(1);
    const fileId = ivr.files[0]!.id;
    const file = (await fileLoader({ request: get(`${path}/files/${fileId}`, nurse), params: { id, fileId }, context: contextFrom() } as never)) as Response;
    expect(file.headers.get("Content-Type")).toBe("image/png");
    expect(file.headers.get("Content-Disposition")).toMatch(/^attachment/);
    // The photo as written anew on arrival: the same picture, nothing else.
    expect(await sharp(Buffer.from(await file.arrayBuffer())).metadata()).toMatchObject({ format: "png", width: 1, height: 1 });

    // Another practice's member: 404 everywhere.
    expect((await call(ivrLoader, get(path, outsider), { id })).status).toBe(404);
    expect((await call(fileLoader, get(`${path}/files/${fileId}`, outsider), { id, fileId })).status).toBe(404);
    expect((await call(ivrAction, formPost(path, { intent: "cancel", confirmed: "1" }, { cookie: outsider }), { id })).status).toBe(404);
    const board = (await call(boardLoader, get("/members", outsider))).body as { rows: unknown[] };
    expect(board.rows).toHaveLength(0);
    // A member in no practice has nothing to open, and a clear board.
    expect((await call(ivrLoader, get(path, nobody), { id })).status).toBe(404);
    expect((await call(boardLoader, get("/members", nobody))).body).toMatchObject({ practice: null });

    // The practice's own member cancels it; a second cancel is refused with 409.
    const cancelled = await call(ivrAction, formPost(path, { intent: "cancel", confirmed: "1" }, { cookie: nurse }), { id });
    expect(cancelled.status).toBe(303);
    const again = await call(ivrAction, formPost(`${path}.data`, { intent: "cancel", confirmed: "1" }, { cookie: nurse }), { id });
    expect(again).toMatchObject({ status: 409, body: { ok: false, rejected: true, error: "An IVR that is Cancelled cannot become Cancelled." } });
  });

  it("a wrong input answers 400 with the message beside the field and, for a plain post, the typed values", async () => {
    const answer = await call(formAction, formPost("/members/ivrs/new", ivrForm({ lengthCm: "five", attest: "" }), { cookie: nurse }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      fieldErrors: { lengthCm: "Length is a number of cm, up to two decimals", attest: "Confirm the attestation to send the request" },
      values: { lengthCm: "five", attestationName: "Ana Ruiz" },
    });
    const wrongFile = ivrForm();
    wrongFile.append("cardFront", new File(["<html><script>alert(1)</script></html>"], "card.pdf", { type: "application/pdf" }));
    const refused = await call(formAction, formPost("/members/ivrs/new.data", wrongFile, { cookie: nurse }));
    expect(refused).toMatchObject({ status: 400, body: { fieldErrors: { cardFront: "Attach a PDF, JPEG or PNG file" } } });
    expect((refused.body as { values?: unknown }).values).toBeUndefined();
  });

  it("keeps a draft and resumes it; another member's draft is 404", async () => {
    const saved = await call(formAction, formPost("/members/ivrs/new.data", { intent: "draft", woundLocation: "foot", lengthCm: "3.5" }, { cookie: nurse }));
    expect(saved).toMatchObject({ status: 200, body: { ok: true } });
    const draftId = (saved.body as { draft: { id: string } }).draft.id;
    const resumed = await call(formLoader, get(`/members/ivrs/new?draft=${draftId}`, nurse));
    expect(resumed.body).toMatchObject({ draft: { id: draftId, values: { woundLocation: "foot", lengthCm: "3.5" } } });
    expect((await call(formLoader, get(`/members/ivrs/new?draft=${draftId}`, outsider))).status).toBe(404);
    // Saving into it again updates the same draft.
    const again = await call(formAction, formPost("/members/ivrs/new.data", { intent: "draft", draftId, lengthCm: "4" }, { cookie: nurse }));
    expect((again.body as { draft: { id: string } }).draft.id).toBe(draftId);
  });

  it("the member answers needs-information, and starts a re-verification of the covered IVR", async () => {
    const sent = await call(formAction, formPost("/members/ivrs/new", ivrForm(), { cookie: nurse }));
    const path = sent.headers.get("Location")!;
    const id = path.split("/").pop()!;
    const staff = { email: "verifier@company.example", ip: null };
    await moveIvr(database.db, { id, to: "in_review", actor: staff });
    await requestInformation(database.db, { id, actor: staff, message: "Please send the latest wound notes." });
    expect((await call(ivrLoader, get(path, nurse), { id })).body).toMatchObject({ status: "needs_information", requestMessage: "Please send the latest wound notes." });

    const empty = await call(ivrAction, formPost(`${path}.data`, { intent: "resubmit", answer: " " }, { cookie: nurse }), { id });
    expect(empty).toMatchObject({ status: 400, body: { fieldErrors: { answer: "Answer the question before sending the request again" } } });
    const answer = new FormData();
    answer.append("intent", "resubmit");
    answer.append("answer", "Notes attached.\nMeasured again on Monday.");
    answer.append("clinicalNotes", new File([PNG], "notes.png", { type: "image/png" }));
    expect((await call(ivrAction, formPost(path, answer, { cookie: nurse }), { id })).status).toBe(303);
    const resubmitted = (await call(ivrLoader, get(path, nurse), { id })).body as { status: string; files: unknown[]; history: { note: string | null }[] };
    expect(resubmitted.status).toBe("submitted");
    expect(resubmitted.files).toHaveLength(1);
    // A multipart body carries line breaks as CR LF, as browsers send a textarea.
    expect(resubmitted.history.at(-1)?.note).toMatch(/^Notes attached\.\r?\nMeasured again on Monday\.$/);

    await moveIvr(database.db, { id, to: "in_review", actor: staff });
    await recordVerification(database.db, { id, actor: staff, today: "2098-12-15", input: { outcome: "covered", validUntil: "2099-01-20", authorisedApplications: 4 } });
    const covered = (await call(ivrLoader, get(path, nurse), { id })).body as { status: string; verification: { authorisedApplications: number } };
    expect(covered).toMatchObject({ status: "covered", verification: { authorisedApplications: 4 } });
    // The member may not cancel a decided IVR: the lifecycle refuses it.
    expect((await call(ivrAction, formPost(`${path}.data`, { intent: "cancel", confirmed: "1" }, { cookie: nurse }), { id })).status).toBe(409);

    const started = await call(ivrAction, formPost(path, { intent: "reverify" }, { cookie: nurse }), { id });
    expect(started.status).toBe(303);
    const resume = started.headers.get("Location")!;
    expect(resume).toMatch(/^\/members\/ivrs\/new\?draft=[0-9a-f-]{36}$/);
    const draft = await call(formLoader, get(resume, nurse));
    expect(draft.body).toMatchObject({ draft: { values: { requestType: "re-verification", patientId, woundLocation: "leg", lengthCm: "5" } } });
  });

  it("the board counts every IVR per status, and a cursor in the URL reads on from a row; a malformed one is the first page", async () => {
    for (let i = 0; i < 3; i++) expect((await call(formAction, formPost("/members/ivrs/new", ivrForm(), { cookie: nurse, Origin: "http://localhost" }))).status).toBe(303);
    type Board = { rows: { id: string; reference: string; status: string }[]; counts: Record<string, number>; total: number; after: string | null; before: string | null };
    const sent = await database.db
      .select({ id: ivrs.id, status: ivrs.status, key: exactTime(ivrs.updatedAt) })
      .from(ivrs)
      .where(sql`${ivrs.practiceId} = ${sunrise} and ${ivrs.status} <> 'draft'`)
      .orderBy(desc(ivrs.updatedAt), desc(ivrs.id));
    expect(sent.length).toBeGreaterThanOrEqual(3);
    const board = (await call(boardLoader, get("/members", nurse))).body as Board;
    expect(board.rows.map((r) => r.id)).toEqual(sent.map((r) => r.id));
    expect(board.total).toBe(sent.length);
    for (const status of new Set(sent.map((r) => r.status))) expect(board.counts[status], status).toBe(sent.filter((r) => r.status === status).length);
    expect(board).toMatchObject({ after: null, before: null });

    // Read on after the first row: the others, and a way back.
    const next = (await call(boardLoader, get(`/members?after=${encodeCursor(sent[0]!.key, sent[0]!.id)}`, nurse))).body as Board;
    expect(next.rows.map((r) => r.id)).toEqual(sent.slice(1).map((r) => r.id));
    expect(next.before).not.toBeNull();
    expect(next.total).toBe(sent.length);
    const back = (await call(boardLoader, get(`/members?before=${next.before}`, nurse))).body as Board;
    // Newer: the rows above the second, the first alone; no Newer beyond it.
    expect(back.rows.map((r) => r.id)).toEqual([sent[0]!.id]);
    expect(back.before).toBeNull();
    expect(back.after).not.toBeNull();
    for (const bad of ["x", "!!", encodeCursor("2026-01-01", sent[0]!.id), encodeCursor(sent[0]!.key, "not-a-uuid")]) {
      expect(((await call(boardLoader, get(`/members?after=${encodeURIComponent(bad)}`, nurse))).body as Board).rows.map((r) => r.id), bad).toEqual(sent.map((r) => r.id));
    }

    // A reference finds its IVR alone, with or without "IVR-" and zeros; a status filter keeps that status.
    const { reference } = board.rows[1]!;
    for (const q of [reference, reference.replace(/^IVR-0*/, ""), reference.toLowerCase().replace("-", "")]) {
      expect(((await call(boardLoader, get(`/members?q=${encodeURIComponent(q)}`, nurse))).body as Board).rows.map((r) => r.reference), q).toEqual([reference]);
    }
    const submitted = (await call(boardLoader, get("/members?status=submitted", nurse))).body as Board;
    expect(submitted.rows.map((r) => r.id)).toEqual(sent.filter((r) => r.status === "submitted").map((r) => r.id));
    expect(submitted.total).toBe(sent.length);
  });

  it("streams the practice's status events only, and stops when the browser goes", async () => {
    expect((await call(eventsLoader, get("/members/events", nobody))).status).toBe(404);
    const browser = new AbortController();
    const response = (await eventsLoader({ request: get("/members/events", nurse, browser.signal), params: {}, context: contextFrom() } as never)) as Response;
    expect(response.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toContain(": connected");
    dispatch(JSON.stringify({ practiceId: elsewhere, kind: "ivr", id: "other", status: "covered" }));
    dispatch(JSON.stringify({ practiceId: sunrise, kind: "ivr", id: "ours", status: "covered" }));
    const next = decoder.decode((await reader.read()).value);
    expect(next).toBe(`event: status\ndata: ${JSON.stringify({ kind: "ivr", id: "ours", status: "covered" })}\n\n`);
    browser.abort();
    expect((await reader.read()).done).toBe(true);
  });
});
