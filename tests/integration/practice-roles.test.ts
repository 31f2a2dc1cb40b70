import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as orderAction, loader as orderLoader } from "~/routes/portal/orders-detail";
import { action as ivrAction, loader as ivrLoader } from "~/routes/portal/ivrs-detail";
import { loader as fileLoader } from "~/routes/portal/ivrs-file";
import { action as inventoryAction } from "~/routes/portal/inventory";
import { action as practiceAction, loader as practiceLoader } from "~/routes/portal/practice";
import { auditLog, outbox, practiceMembers, session, user } from "~/.server/db/schema";
import { submitIvr } from "~/.server/ivr";
import { changeMemberRole, LAST_ADMIN, MemberRefused, removeMember } from "~/.server/practices";
import type { PracticeRole } from "~/lib/practice-roles";
import { cookieOf, ivrInput, makeMember, makeOrder, practiceReadyForIvrs, type PortalPractice } from "../support/factories";
import { formPost, routeCaller } from "./support/actions";
import { drivers, suiteDatabase } from "./support/database";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

/**
 * What a practice role may do is checked by the action itself, not only by
 * the page that shows the button: billing reads an order and an IVR but
 * cannot cancel either, opens the insurance card but not the wound photo;
 * office keeps the shelf but cannot set par levels; only a practice admin
 * manages the practice's people, and never leaves it without one.
 */
describe.each(drivers)("practice roles on %s", (driver) => {
  const database = suiteDatabase(driver, { patientKey: true });
  const call = routeCaller("198.51.100.21");
  const get = (path: string, cookie: string) => new Request(`http://localhost${path}`, { headers: { cookie } });
  let practice: PortalPractice;
  const cookies = {} as Record<PracticeRole, string>;
  const ids = {} as Record<PracticeRole, string>;
  let ivrId: string;
  let files: { card: string; photo: string };
  let orderId: string;

  beforeAll(async () => {
    const db = database.db;
    practice = await practiceReadyForIvrs(db, "Juniper Roles Clinic");
    for (const role of ["admin", "clinician", "office", "billing"] as const) {
      const email = `${role}@juniper.example`;
      ids[role] = (await makeMember(db, { email, practiceId: practice.practiceId, practiceRole: role })).id;
      cookies[role] = await cookieOf(email);
    }
    const actor = { email: "clinician@juniper.example", ip: null };
    const ivr = await submitIvr(db, {
      practiceId: practice.practiceId,
      userId: ids.clinician,
      actor,
      input: ivrInput(practice),
      files: [
        { role: "card-front", name: "card.png", mimeType: "image/png", bytes: new Uint8Array(PNG) },
        { role: "wound-photo", name: "wound.png", mimeType: "image/png", bytes: new Uint8Array(PNG) },
      ],
    });
    ivrId = ivr.id;
    const page = (await call(ivrLoader, get(`/members/ivrs/${ivrId}`, cookies.admin), { id: ivrId })).body as { files: { id: string; role: string }[] };
    files = { card: page.files.find((f) => f.role === "card-front")!.id, photo: page.files.find((f) => f.role === "wound-photo")!.id };
    const order = await makeOrder(db, {
      practiceId: practice.practiceId,
      practiceName: "Juniper Roles Clinic",
      ivrId,
      patientId: practice.patientId,
      facilityId: practice.facilityId,
      status: "submitted",
      dateOfService: "2026-12-01",
    });
    orderId = order.id;
  });

  it("billing reads an IVR and its card, but not its wound photo, and cannot cancel it; the photo's read is not recorded", async () => {
    const page = await call(ivrLoader, get(`/members/ivrs/${ivrId}`, cookies.billing), { id: ivrId });
    expect(page.status).toBe(200);
    const body = page.body as { files: { role: string; opens: boolean }[]; may: string[] };
    expect(body.files.map((f) => [f.role, f.opens])).toEqual(expect.arrayContaining([["card-front", true], ["wound-photo", false]]));
    expect(body.may).not.toContain("ivr.write");
    const filePath = (fileId: string) => `/members/ivrs/${ivrId}/files/${fileId}`;
    expect((await call(fileLoader, get(filePath(files.card), cookies.billing), { id: ivrId, fileId: files.card })).status).toBe(200);
    const before = await database.db.select().from(auditLog).where(eq(auditLog.action, "ivr.file"));
    expect((await call(fileLoader, get(filePath(files.photo), cookies.billing), { id: ivrId, fileId: files.photo })).status).toBe(403);
    expect(await database.db.select().from(auditLog).where(eq(auditLog.action, "ivr.file"))).toHaveLength(before.length);
    expect((await call(fileLoader, get(filePath(files.photo), cookies.office), { id: ivrId, fileId: files.photo })).status).toBe(200);
    const cancel = await call(ivrAction, formPost(`/members/ivrs/${ivrId}`, { intent: "cancel", confirmed: "1" }, { cookie: cookies.billing }), { id: ivrId });
    expect(cancel.status).toBe(403);
    expect(cancel.body).toMatchObject({ refusedFor: "practice-role", role: "billing", needs: "ivr.write" });
    // Following is reading: billing may.
    expect((await call(ivrAction, formPost(`/members/ivrs/${ivrId}`, { intent: "follow" }, { cookie: cookies.billing }), { id: ivrId })).status).toBe(303);
  });

  it("an order's invoice is billing's and the admin's; only the roles that order cancel it", async () => {
    const asOffice = (await call(orderLoader, get(`/members/orders/${orderId}`, cookies.office), { id: orderId })).body as { may: string[] };
    expect(asOffice.may).toContain("orders.write");
    expect(asOffice.may).not.toContain("invoices");
    const refused = await call(orderAction, formPost(`/members/orders/${orderId}`, { intent: "cancel", confirmed: "1" }, { cookie: cookies.billing }), { id: orderId });
    expect(refused.status).toBe(403);
    const cancelled = await call(orderAction, formPost(`/members/orders/${orderId}`, { intent: "cancel", confirmed: "1" }, { cookie: cookies.office }), { id: orderId });
    expect(cancelled.status).toBe(303);
  });

  it("office keeps the shelf but the practice admin sets par levels", async () => {
    const par = { intent: "par", facilityId: practice.facilityId, item: "membrane-wrap:2x2", par: "3" };
    expect((await call(inventoryAction, formPost("/members/inventory", par, { cookie: cookies.office }))).status).toBe(403);
    expect((await call(inventoryAction, formPost("/members/inventory", par, { cookie: cookies.billing }))).status).toBe(403);
  });

  it("the practice admin invites with a role, changes roles and removes members; the last admin stays; each is audited", async () => {
    const people = (await call(practiceLoader, get("/members/practice", cookies.admin))).body as { members: { email: string; role: string; lastSignInAt: string | null }[] };
    expect(people.members.map((m) => [m.email, m.role])).toEqual([
      ["admin@juniper.example", "admin"],
      ["billing@juniper.example", "billing"],
      ["clinician@juniper.example", "clinician"],
      ["office@juniper.example", "office"],
    ]);
    expect(people.members[0]!.lastSignInAt).not.toBeNull();
    expect((await call(practiceLoader, get("/members/practice", cookies.clinician))).status).toBe(403);

    const invited = await call(practiceAction, formPost("/members/practice", { intent: "member-invite", email: "front@juniper.example", role: "office" }, { cookie: cookies.admin }));
    expect(invited.status).toBe(303);
    const [row] = await database.db.select({ role: practiceMembers.role }).from(practiceMembers).innerJoin(user, eq(user.id, practiceMembers.userId)).where(eq(user.email, "front@juniper.example"));
    expect(row?.role).toBe("office");
    // The invitation mail, as staff's: its link kept apart until it is sent.
    const [mail] = await database.db.select({ purpose: outbox.purpose }).from(outbox).where(eq(outbox.to, "front@juniper.example"));
    expect(mail?.purpose).toMatch(/invite/);
    const again = await call(practiceAction, formPost("/members/practice.data", { intent: "member-invite", email: "front@juniper.example", role: "office" }, { cookie: cookies.admin }));
    expect(again).toMatchObject({ status: 400, body: { fieldErrors: { email: "front@juniper.example is already a member of Juniper Roles Clinic." } } });

    // The last practice admin cannot become anything else, nor leave.
    const demote = await call(practiceAction, formPost("/members/practice.data", { intent: "member-role", userId: ids.admin, role: "clinician" }, { cookie: cookies.admin }));
    expect(demote).toMatchObject({ status: 409, body: { error: LAST_ADMIN } });
    await expect(removeMember(database.db, { practiceId: practice.practiceId, actor: { email: "admin@juniper.example", ip: null }, userId: ids.admin })).rejects.toBeInstanceOf(MemberRefused);
    // With a second admin, the first may step down.
    await changeMemberRole(database.db, { practiceId: practice.practiceId, actor: { email: "admin@juniper.example", ip: null }, userId: ids.clinician, role: "admin" });
    const changed = await call(practiceAction, formPost("/members/practice", { intent: "member-role", userId: ids.clinician, role: "clinician" }, { cookie: cookies.admin }));
    expect(changed.status).toBe(303);

    // Removed: out of the practice, every session ended.
    expect(await database.db.select().from(session).where(eq(session.userId, ids.office))).not.toHaveLength(0);
    const removed = await call(practiceAction, formPost("/members/practice", { intent: "member-remove", userId: ids.office }, { cookie: cookies.admin }));
    expect(removed.status).toBe(303);
    expect(await database.db.select().from(practiceMembers).where(eq(practiceMembers.userId, ids.office))).toHaveLength(0);
    expect(await database.db.select().from(session).where(eq(session.userId, ids.office))).toHaveLength(0);
    // Another practice's member is not found from here.
    const outsider = await makeMember(database.db, { email: "someone@elsewhere.example", practiceId: (await practiceReadyForIvrs(database.db, "Elsewhere Roles")).practiceId });
    expect((await call(practiceAction, formPost("/members/practice", { intent: "member-remove", userId: outsider.id }, { cookie: cookies.admin }))).status).toBe(404);

    const audited = await database.db.select({ action: auditLog.action, target: auditLog.target, detail: auditLog.detail }).from(auditLog);
    expect(audited).toEqual(
      expect.arrayContaining([
        { action: "user.invite", target: "front@juniper.example", detail: "role member; practice Juniper Roles Clinic; Office; mail delivery off: link shown to the admin" },
        { action: "practice.role", target: "clinician@juniper.example", detail: "Juniper Roles Clinic: Clinician -> Practice admin" },
        { action: "practice.role", target: "clinician@juniper.example", detail: "Juniper Roles Clinic: Practice admin -> Clinician" },
        { action: "practice.member-remove", target: "office@juniper.example", detail: "Juniper Roles Clinic, was Office" },
      ]),
    );
  });
});
