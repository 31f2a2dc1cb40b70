import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as formAction } from "~/routes/portal/ivrs-new";
import { action as ivrAction } from "~/routes/portal/ivrs-detail";
import { loader as portalLayoutLoader } from "~/routes/portal/layout";
import { action as practiceAction, loader as practiceLoader } from "~/routes/portal/practice";
import { loader as consoleEventsLoader } from "~/routes/console/events";
import { action as staffIvrAction } from "~/routes/console/ivrs-detail";
import { loader as queueLoader } from "~/routes/console/ivrs";
import { loader as consoleLayoutLoader } from "~/routes/console/layout";
import { action as profileAction, loader as profileLoader } from "~/routes/console/profile";
import { encodeCursor, exactTime } from "~/.server/db/keyset";
import { auditLog, ivrs } from "~/.server/db/schema";
import { dispatch } from "~/.server/events";
import { contextFrom, formPost, routeCaller } from "./support/actions";
import { drivers, suiteDatabase } from "./support/database";
import { ivrFormData, makePractice, practiceReadyForIvrs, signedIn, type PortalPractice } from "../support/factories";

/**
 * The console follows every practice live (staff only), the practice's
 * answer to a question goes back to the top of the asker's queue, and times
 * are shown in the viewer's zone: the practice's for members, their own for
 * staff, America/Phoenix until set.
 */
describe.each(drivers)("the console's live queue and the viewers' time zones on %s", (driver) => {
  const database = suiteDatabase(driver, { patientKey: true });
  let sunrise: PortalPractice;
  let elsewhere: string;
  let nurse: string;
  let alice: { cookie: string; id: string };
  let bob: { cookie: string; id: string };

  const call = routeCaller("198.51.100.10");
  const get = (path: string, cookie: string, signal?: AbortSignal) => new Request(`http://localhost${path}`, { headers: { cookie }, signal });

  async function sendIvr(): Promise<string> {
    const sent = await call(formAction, formPost("/members/ivrs/new", ivrFormData(sunrise), { cookie: nurse }));
    expect(sent.status).toBe(303);
    return sent.headers.get("Location")!.split("/").pop()!;
  }

  beforeAll(async () => {
    const db = database.db;
    sunrise = await practiceReadyForIvrs(db, "Sunrise Wound Care");
    elsewhere = await makePractice(db, "Elsewhere Clinic");
    nurse = (await signedIn(db, "nurse@sunrise.example", "member", sunrise.practiceId)).cookie;
    alice = await signedIn(db, "alice@company.example", "staff");
    bob = await signedIn(db, "bob@company.example", "admin");
  });

  it("streams every practice's status events to staff only, and stops when the browser goes", async () => {
    expect((await call(consoleEventsLoader, get("/admin/events", ""))).status).toBe(302);
    expect((await call(consoleEventsLoader, get("/admin/events", nurse))).status).toBe(403);
    const browser = new AbortController();
    const response = (await consoleEventsLoader({ request: get("/admin/events", alice.cookie, browser.signal), params: {}, context: contextFrom() } as never)) as Response;
    expect(response.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toContain(": connected");
    dispatch(JSON.stringify({ practiceId: sunrise.practiceId, kind: "ivr", id: "one", status: "submitted" }));
    expect(decoder.decode((await reader.read()).value)).toBe(`event: status\ndata: ${JSON.stringify({ kind: "ivr", id: "one", status: "submitted" })}\n\n`);
    dispatch(JSON.stringify({ practiceId: elsewhere, kind: "order", id: "two", status: "shipped" }));
    expect(decoder.decode((await reader.read()).value)).toBe(`event: status\ndata: ${JSON.stringify({ kind: "order", id: "two", status: "shipped" })}\n\n`);
    browser.abort();
    expect((await reader.read()).done).toBe(true);
  });

  it("puts the practice's answer at the top of the queue of the staff member who asked, marked, and only there", async () => {
    const older = await sendIvr();
    const answered = await sendIvr();
    // Alice asks the practice about the newer one, through the console's form.
    for (const fields of [{ intent: "review" }, { intent: "information", message: "Please send the vascular assessment." }] as Record<string, string>[]) {
      const moved = await call(staffIvrAction, formPost(`/admin/ivrs/${answered}`, fields, { cookie: alice.cookie }), { id: answered });
      expect(moved.status, fields.intent).toBe(303);
    }
    const answer = new FormData();
    answer.append("intent", "resubmit");
    answer.append("answer", "ABI 0.9, done last week.");
    expect((await call(ivrAction, formPost(`/members/ivrs/${answered}`, answer, { cookie: nurse }), { id: answered })).status).toBe(303);

    type Row = { id: string; answered: { toViewer: boolean; askedBy: string | null } | null };
    const alicesQueue = (await call(queueLoader, get("/admin/ivrs", alice.cookie))).body as { rows: Row[] };
    expect(alicesQueue.rows.map((r) => r.id)).toEqual([answered, older]);
    expect(alicesQueue.rows[0]!.answered).toEqual({ toViewer: true, askedBy: "alice@company.example" });
    expect(alicesQueue.rows[1]!.answered).toBeNull();
    // Anyone else sees the queue oldest first, the answer marked with who asked.
    const bobsQueue = (await call(queueLoader, get("/admin/ivrs", bob.cookie))).body as { rows: Row[] };
    expect(bobsQueue.rows.map((r) => r.id)).toEqual([older, answered]);
    expect(bobsQueue.rows[1]!.answered).toEqual({ toViewer: false, askedBy: "alice@company.example" });
    expect(alicesQueue).toMatchObject({ total: 2, totalText: "2", answeredToMe: 1, after: null, before: null });

    // A later page (its cursor in the URL: after the older IVR) holds the rest of the queue only: the answer is not shown again.
    const [older_] = await database.db.select({ key: exactTime(ivrs.submittedAt), number: ivrs.number }).from(ivrs).where(eq(ivrs.id, older));
    const later_ = (await call(queueLoader, get(`/admin/ivrs?after=${encodeCursor(older_!.key, older_!.number!)}`, alice.cookie))).body as { rows: Row[]; before: string | null };
    expect(later_.rows).toEqual([]);
    expect(later_.before).not.toBeNull();
    // A malformed cursor is the first page.
    for (const bad of ["%%%", "bm90IGpzb24", encodeCursor("yesterday", "1"), encodeCursor(older_!.key, "x")]) {
      const first = (await call(queueLoader, get(`/admin/ivrs?after=${encodeURIComponent(bad)}`, alice.cookie))).body as { rows: Row[] };
      expect(first.rows.map((r) => r.id), bad).toEqual([answered, older]);
    }

    // Once Alice takes it up again it is an IVR in review like any other.
    expect((await call(staffIvrAction, formPost(`/admin/ivrs/${answered}`, { intent: "review" }, { cookie: alice.cookie }), { id: answered })).status).toBe(303);
    const later = (await call(queueLoader, get("/admin/ivrs", alice.cookie))).body as { rows: Row[] };
    expect(later.rows.map((r) => r.id)).toEqual([older, answered]);
    expect(later.rows.every((r) => r.answered === null)).toBe(true);
  });

  it("shows a member's times in the practice's zone, set by its members", async () => {
    expect((await call(portalLayoutLoader, get("/members", nurse))).body).toMatchObject({ timeZone: "America/Phoenix" });
    const wrong = await call(practiceAction, formPost("/members/practice", { intent: "time-zone", timeZone: "Mars/Olympus_Mons" }, { cookie: nurse }));
    expect(wrong).toMatchObject({ status: 400, body: { intent: "time-zone", fieldErrors: { timeZone: "Choose a time zone from the list" } } });
    const saved = await call(practiceAction, formPost("/members/practice", { intent: "time-zone", timeZone: "America/New_York" }, { cookie: nurse }));
    expect(saved.status).toBe(303);
    expect((await call(portalLayoutLoader, get("/members", nurse))).body).toMatchObject({ timeZone: "America/New_York" });
    expect((await call(practiceLoader, get("/members/practice", nurse))).body).toMatchObject({ timeZone: "America/New_York" });
    const [row] = await database.db.select().from(auditLog).where(eq(auditLog.action, "practice.time-zone"));
    expect(row).toMatchObject({ actorEmail: "nurse@sunrise.example", target: sunrise.practiceId, detail: "America/Phoenix -> America/New_York" });
  });

  it("shows staff their times in their own profile's zone", async () => {
    expect((await call(consoleLayoutLoader, get("/admin", bob.cookie))).body).toMatchObject({ timeZone: "America/Phoenix" });
    expect((await call(profileLoader, get("/admin/profile", bob.cookie))).body).toMatchObject({
      profile: { email: "bob@company.example", timeZone: "America/Phoenix" },
    });
    const wrong = await call(profileAction, formPost("/admin/profile", { name: "", timeZone: "Europe/Paris" }, { cookie: bob.cookie }));
    expect(wrong).toMatchObject({
      status: 400,
      body: { fieldErrors: { name: "Enter your name", timeZone: "Choose a time zone from the list" }, values: { name: "", timeZone: "Europe/Paris" } },
    });
    const saved = await call(profileAction, formPost("/admin/profile", { name: "Bob Reyes", timeZone: "Pacific/Honolulu" }, { cookie: bob.cookie }));
    expect(saved.status).toBe(303);
    expect((await call(consoleLayoutLoader, get("/admin", bob.cookie))).body).toMatchObject({ timeZone: "Pacific/Honolulu" });
    expect((await call(profileLoader, get("/admin/profile", bob.cookie))).body).toMatchObject({ profile: { name: "Bob Reyes", timeZone: "Pacific/Honolulu" } });
    // Alice's stays hers; a member has no console profile.
    expect((await call(consoleLayoutLoader, get("/admin", alice.cookie))).body).toMatchObject({ timeZone: "America/Phoenix" });
    expect((await call(profileLoader, get("/admin/profile", nurse))).status).toBe(403);
    const [row] = await database.db.select().from(auditLog).where(eq(auditLog.action, "profile.update"));
    expect(row).toMatchObject({ actorEmail: "bob@company.example", target: "bob@company.example", detail: "name, time zone America/Phoenix -> Pacific/Honolulu" });
  });
});
