import { and, count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as requestAction, loader as requestLoader } from "~/routes/public/request-access";
import { action as decideAction } from "~/routes/console/access-requests-detail";
import { loader as listLoader } from "~/routes/console/access-requests";
import { action as intakeAction } from "~/routes/public/intake";
import { accessRequests, auditLog, facilities, outbox, partnerPractices, partners, practiceMembers, practices, rateLimits, submissions, user } from "~/.server/db/schema";
import { rememberReferral } from "~/.server/partners/referral";
import { countPendingAccessRequests, UNKNOWN_REFERRAL_CODE } from "~/.server/partners/access-requests";
import { getSubmissionDetail } from "~/.server/submissions/console";
import { makeMember, makePractice, signedIn } from "../support/factories";
import { callAction as call, formPost, routeCaller, type RouteFunction as Action } from "./support/actions";
import { drivers, suiteDatabase } from "./support/database";

const request = {
  practiceName: "Desert Bloom Podiatry",
  groupNpi: "1234567893",
  addressLine1: "200 W Camelback Rd",
  addressLine2: "Suite 4",
  city: "Phoenix",
  state: "AZ",
  zip: "85013",
  phone: "(602) 555-0140",
  contactFirstName: "Rosa",
  contactLastName: "Vidal",
  contactEmail: "rosa@desertbloom.example",
  contactPhone: "602 555 0141",
  providerCount: "4",
};

/** The form as the browser posts it: the text fields, and each ticked specialty under one name. */
function requestForm(fields: Record<string, string> = {}, specialties: string[] = ["podiatry", "wound-care"]) {
  const body = new URLSearchParams({ ...request, ...fields });
  for (const s of specialties) body.append("specialties", s);
  return body;
}

describe.each(drivers)("portal access requests on %s", (driver) => {
  const database = suiteDatabase(driver, { emptied: [accessRequests, outbox, rateLimits, submissions] });
  const stored = async () => (await database.db.select({ n: count() }).from(accessRequests))[0]!.n;
  const mails = async () => (await database.db.select().from(outbox)).length;
  // Each test from its own address: the form's rate limit counts per address.
  let ip = 10;
  const send = (body: URLSearchParams, headers: Record<string, string> = {}) => call(requestAction as Action, formPost("/request-access", body, headers), `198.51.100.${ip++}`);

  async function makePartner(code: string, name = "Sam Ortiz") {
    const account = await makeMember(database.db, { email: `${code.toLowerCase()}@partners.example`, role: "partner" as never });
    const [row] = await database.db.insert(partners).values({ userId: account.id, name, code }).returning();
    return row!;
  }

  async function pendingRequest(fields: Record<string, string> = {}) {
    expect(await send(requestForm(fields))).toMatchObject({ status: 200, body: { ok: true } });
    const [row] = await database.db.select().from(accessRequests).where(eq(accessRequests.contactEmail, fields.contactEmail ?? request.contactEmail));
    return row!;
  }

  it("stores a request with its reference, the staff notification and the confirmation", async () => {
    expect(await send(requestForm())).toMatchObject({ status: 200, body: { ok: true } });
    const [row] = await database.db.select().from(accessRequests);
    expect(row).toMatchObject({
      status: "pending",
      practiceName: "Desert Bloom Podiatry",
      groupNpi: "1234567893",
      state: "AZ",
      providerCount: 4,
      specialties: "wound-care,podiatry",
      partnerId: null,
      referralCode: null,
    });
    const reference = `PAR-${String(row!.number).padStart(6, "0")}`;
    const sent = await database.db.select().from(outbox).orderBy(outbox.purpose);
    expect(sent.map((m) => m.purpose)).toEqual(["access-request.confirmation", "access-request.notification"]);
    const [confirmation, notification] = sent;
    expect(confirmation).toMatchObject({ to: "rosa@desertbloom.example", subject: `Your portal access request ${reference}` });
    expect(confirmation!.text).toContain("Dear Rosa,");
    // The confirmation carries the reference, nothing else typed but the first name.
    expect(confirmation!.text).not.toContain("Desert Bloom");
    expect(notification!.subject).toBe(`Portal access request ${reference} from Desert Bloom Podiatry`);
    expect(notification!.text).toContain(`Reference: ${reference}`);
    expect(await countPendingAccessRequests(database.db)).toBe(1);
  });

  it("says each kind of bad input beside its field, keeps what was typed and stores nothing", async () => {
    const cases: [Record<string, string>, string[] | undefined, string, string][] = [
      [{ practiceName: "" }, undefined, "practiceName", "Enter the practice's name"],
      [{ groupNpi: "1234567890" }, undefined, "groupNpi", ""],
      [{ groupNpi: "12345" }, undefined, "groupNpi", ""],
      [{ groupNpi: "" }, undefined, "groupNpi", "Enter the practice's group NPI"],
      [{ state: "Atlantis" }, undefined, "state", "Choose the state from the list"],
      [{ zip: "8501" }, undefined, "zip", "Enter the ZIP code as 5 or 9 digits (12345 or 12345-6789)"],
      [{ phone: "12" }, undefined, "phone", "Enter a valid practice phone"],
      [{ contactEmail: "rosa-at-example" }, undefined, "contactEmail", "Enter a valid email address"],
      [{ providerCount: "0" }, undefined, "providerCount", "Enter the number of providers as a whole number from 1 to 999"],
      [{ providerCount: "1000" }, undefined, "providerCount", "Enter the number of providers as a whole number from 1 to 999"],
      [{ providerCount: "2.5" }, undefined, "providerCount", "Enter the number of providers as a whole number from 1 to 999"],
      [{}, [], "specialties", "Choose at least one specialty"],
      [{}, ["astrology"], "specialties", "Choose the specialties from the list"],
      [{ referralCode: "no!" }, undefined, "referralCode", "A referral code is 4 to 16 letters and digits"],
      [{ practiceName: "Desert\u0000Bloom" }, undefined, "practiceName", "This field cannot contain line breaks or control characters."],
    ];
    for (const [fields, specialties, field, message] of cases) {
      const answer = await send(requestForm(fields, specialties), { "X-Resend": "0" });
      expect(answer.status, field).toBe(400);
      const body = answer.body as { fieldErrors: Record<string, string>; values?: Record<string, unknown> };
      if (message) expect(body.fieldErrors[field], JSON.stringify(fields)).toBe(message);
      else expect(body.fieldErrors[field], JSON.stringify(fields)).toMatch(/NPI/);
    }
    // A plain post comes back with what was typed, the ticked boxes included.
    const plain = await send(requestForm({ groupNpi: "1234567890" }), { "X-Resend": "0" });
    expect((plain.body as { values: Record<string, unknown> }).values).toMatchObject({ practiceName: "Desert Bloom Podiatry", groupNpi: "1234567890", specialties: ["podiatry", "wound-care"] });
    expect(await stored()).toBe(0);
    expect(await mails()).toBe(0);
  });

  it("answers a filled honeypot as success and stores nothing", async () => {
    expect(await send(requestForm({ website: "http://spam.example" }))).toMatchObject({ status: 200, body: { ok: true } });
    expect(await stored()).toBe(0);
    expect(await mails()).toBe(0);
  });

  it("refuses an unknown referral code beside the field, and attributes a known one, typed or from the cookie", async () => {
    const unknown = await send(requestForm({ referralCode: "NOSUCH1" }), { "X-Resend": "0" });
    expect(unknown).toMatchObject({ status: 400, body: { fieldErrors: { referralCode: UNKNOWN_REFERRAL_CODE }, values: { referralCode: "NOSUCH1" } } });
    expect(await stored()).toBe(0);

    const partner = await makePartner("SUNRISE7");
    // The page starts the field with the code of the partner link the visitor followed.
    const cookie = (await rememberReferral("SUNRISE7")).split(";")[0]!;
    const page = await routeCaller("198.51.100.200")(requestLoader as Action, new Request("http://localhost/request-access", { headers: { cookie } }));
    expect(page.body).toEqual({ referralCode: "SUNRISE7" });

    expect(await send(requestForm({ referralCode: "sunrise7" }))).toMatchObject({ status: 200 });
    const [row] = await database.db.select().from(accessRequests);
    expect(row).toMatchObject({ referralCode: "SUNRISE7", partnerId: partner.id });
    const [notification] = await database.db.select().from(outbox).where(eq(outbox.purpose, "access-request.notification"));
    expect(notification!.text).toContain("Referred by: Sam Ortiz (SUNRISE7)");
  });

  it("stores a re-sent request once: the same key finds the first", async () => {
    const key = "access-key-0001";
    expect(await send(requestForm({ clientKey: key }))).toMatchObject({ status: 200, body: { ok: true } });
    expect(await send(requestForm({ clientKey: key }))).toMatchObject({ status: 200, body: { ok: true } });
    expect(await stored()).toBe(1);
    expect(await mails()).toBe(2);
  });

  it("lists pending requests first, searched by reference, practice, contact or partner", async () => {
    const staff = await signedIn(database.db, "lister@example.com", "staff");
    await pendingRequest({ practiceName: "Alpha Wound Care", contactEmail: "a@alpha.example" });
    await pendingRequest({ practiceName: "Beta Vein Clinic", contactEmail: "b@beta.example", contactLastName: "Nakamura" });
    const list = routeCaller("198.51.100.99");
    const get = (query: string) => list(listLoader as Action, new Request(`http://localhost/admin/access-requests${query}`, { headers: { cookie: staff.cookie } }));
    const names = async (query: string) => ((await get(query)).body as { rows: { practiceName: string }[] }).rows.map((r) => r.practiceName);
    expect(await names("")).toEqual(["Alpha Wound Care", "Beta Vein Clinic"]);
    expect(await names("?q=nakamura")).toEqual(["Beta Vein Clinic"]);
    const [beta] = await database.db.select().from(accessRequests).where(eq(accessRequests.practiceName, "Beta Vein Clinic"));
    expect(await names(`?q=PAR-${String(beta!.number).padStart(6, "0")}`)).toEqual(["Beta Vein Clinic"]);
    expect(await names("?status=approved")).toEqual([]);
    // A member is not staff.
    const practiceId = await makePractice(database.db, "Gamma Practice");
    const member = await signedIn(database.db, "member-lister@example.com", "member", practiceId);
    const refused = await list(listLoader as Action, new Request("http://localhost/admin/access-requests", { headers: { cookie: member.cookie } }));
    expect(refused.status).toBe(403);
  });

  describe("decisions", () => {
    let n = 0;
    const decide = async (cookie: string, id: string, fields: Record<string, string>) =>
      routeCaller("198.51.100.77")(decideAction as Action, formPost(`/admin/access-requests/${id}`, fields, { cookie, "X-Resend": "0" }), { id });
    const staffCookie = async () => (await signedIn(database.db, `decider${++n}@example.com`, "staff")).cookie;

    it("approve: the practice, its facility, the partner link, the contact invited as its admin with one mail, in one step", async () => {
      const partner = await makePartner("HARBOR22", "Harbor Partners");
      const row = await pendingRequest({ practiceName: "Harbor Foot & Ankle", contactEmail: "lee@harbor.example", referralCode: "HARBOR22" });
      await database.db.delete(outbox);
      const cookie = await staffCookie();
      const answer = await decide(cookie, row.id, { intent: "approve" });
      // Mail delivery is off in tests: the invitation waits in the outbox and its link is shown once to staff.
      expect(answer).toMatchObject({ status: 200, body: { ok: true, intent: "approve", message: expect.stringContaining("lee@harbor.example") } });
      expect((answer.body as { link: string }).link).toMatch(/\/set-password\?token=/);

      const [practice] = await database.db.select().from(practices).where(eq(practices.name, "Harbor Foot & Ankle"));
      expect(practice).toBeDefined();
      const [facility] = await database.db.select().from(facilities).where(eq(facilities.practiceId, practice!.id));
      expect(facility).toMatchObject({ addressLine1: "200 W Camelback Rd", addressLine2: "Suite 4", city: "Phoenix", state: "AZ", zip: "85013", phone: "(602) 555-0140", groupNpi: "1234567893", placeOfService: "11" });
      const [link] = await database.db.select().from(partnerPractices).where(eq(partnerPractices.practiceId, practice!.id));
      expect(link).toMatchObject({ partnerId: partner.id, assignedBy: `decider${n}@example.com` });
      const [account] = await database.db.select().from(user).where(eq(user.email, "lee@harbor.example"));
      expect(account).toMatchObject({ role: "member", name: "Rosa Vidal" });
      const [membership] = await database.db.select().from(practiceMembers).where(eq(practiceMembers.userId, account!.id));
      expect(membership).toMatchObject({ practiceId: practice!.id, role: "admin" });
      const sent = await database.db.select().from(outbox);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ purpose: "account.invite", to: "lee@harbor.example" });
      const [decided] = await database.db.select().from(accessRequests).where(eq(accessRequests.id, row.id));
      expect(decided).toMatchObject({ status: "approved", decidedBy: `decider${n}@example.com`, practiceId: practice!.id });
      expect(decided!.decidedAt).toBeInstanceOf(Date);
      const audited = await database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.actorEmail, `decider${n}@example.com`));
      expect(audited.map((a) => a.action)).toEqual(expect.arrayContaining(["practice.create", "facility.create", "user.invite", "access-request.approve"]));

      // Decided once: a second approval, or a decline, is refused and changes nothing.
      const again = await decide(cookie, row.id, { intent: "approve" });
      expect(again.status).toBe(409);
      expect((again.body as { error: string }).error).toMatch(/^PAR-\d{6} was already approved by decider\d+@example.com on .+\. A decided request cannot be decided again\.$/);
      expect((await decide(cookie, row.id, { intent: "decline", reason: "Late" })).status).toBe(409);
      expect(await database.db.select().from(outbox)).toHaveLength(1);
    });

    it("approve is all or nothing: a practice of that name, or an account with that email, leaves everything as it was", async () => {
      await makePractice(database.db, "Taken Name Clinic");
      const taken = await pendingRequest({ practiceName: "taken  name clinic", contactEmail: "new@taken.example" });
      await makeMember(database.db, { email: "already@member.example" });
      const existing = await pendingRequest({ practiceName: "Fresh Name Clinic", contactEmail: "already@member.example" });
      await database.db.delete(outbox);
      const cookie = await staffCookie();
      const answer = await decide(cookie, taken.id, { intent: "approve" });
      expect(answer.status).toBe(409);
      expect((answer.body as { error: string }).error).toBe(
        "A practice named taken name clinic already exists. Decline this request, or ask the practice's admin to invite new@taken.example.",
      );
      expect(await database.db.select().from(user).where(eq(user.email, "new@taken.example"))).toHaveLength(0);

      // The email has an account: the practice made first is rolled back with it.
      const refused = await decide(cookie, existing.id, { intent: "approve" });
      expect(refused.status).toBe(409);
      expect((refused.body as { error: string }).error).toMatch(/^already@member\.example already has an account, in no practice yet\. Nothing was created/);
      expect(await database.db.select().from(practices).where(eq(practices.name, "Fresh Name Clinic"))).toHaveLength(0);
      expect(await database.db.select().from(facilities).where(sql`${facilities.name} in ('Fresh Name Clinic', 'taken name clinic')`)).toHaveLength(0);

      const still = await database.db.select().from(accessRequests).where(and(eq(accessRequests.status, "pending")));
      expect(still.map((r) => r.id)).toEqual(expect.arrayContaining([taken.id, existing.id]));
      expect(await database.db.select().from(outbox)).toHaveLength(0);
      // Not even the audit rows of what was undone.
      expect(await database.db.select().from(auditLog).where(eq(auditLog.actorEmail, `decider${n}@example.com`))).toHaveLength(0);
    });

    it("decline: a reason is required beside the field; with one, the request is declined and the requester mailed it", async () => {
      const row = await pendingRequest({ practiceName: "Declined Practice" });
      await database.db.delete(outbox);
      const cookie = await staffCookie();
      const missing = await decide(cookie, row.id, { intent: "decline", reason: "  " });
      expect(missing).toMatchObject({ status: 400, body: { fieldErrors: { reason: "Enter the reason the requester will read" }, intent: "decline" } });
      const answer = await decide(cookie, row.id, { intent: "decline", reason: "We could not verify the group NPI.\nPlease call us." });
      expect(answer.status).toBe(303);
      expect(answer.headers.get("Location")).toBe(`/admin/access-requests/${row.id}`);
      const [decided] = await database.db.select().from(accessRequests).where(eq(accessRequests.id, row.id));
      expect(decided).toMatchObject({ status: "declined", declineReason: "We could not verify the group NPI.\nPlease call us.", decidedBy: `decider${n}@example.com`, practiceId: null });
      const sent = await database.db.select().from(outbox);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ purpose: "access-request.declined", to: "rosa@desertbloom.example" });
      expect(sent[0]!.text).toContain("We could not verify the group NPI.\n  Please call us.");
      expect(sent[0]!.text).toContain(`PAR-${String(row.number).padStart(6, "0")}`);
      expect(await database.db.select().from(practices).where(eq(practices.name, "Declined Practice"))).toHaveLength(0);
      expect(await database.db.select().from(auditLog).where(eq(auditLog.action, "access-request.decline"))).toHaveLength(1);
    });
  });

  it("a consultation request sent with a partner's referral cookie is attributed to that partner", async () => {
    const partner = await makePartner("VALLEY9", "Valley Reps");
    const cookie = (await rememberReferral("VALLEY9")).split(";")[0]!;
    const intake = { firstName: "Ben", lastName: "Okafor", email: "ben@practice.example", phone: "(602) 555-0100", organization: "Okafor Wound Clinic", role: "physician", query: "A consultation, please." };
    expect(await call(intakeAction as Action, formPost("/intake", intake, { cookie }), "198.51.100.150")).toMatchObject({ status: 200 });
    expect(await call(intakeAction as Action, formPost("/intake", { ...intake, email: "no-ref@practice.example" }), "198.51.100.151")).toMatchObject({ status: 200 });
    const rows = await database.db.select({ id: submissions.id, email: submissions.email, partnerId: submissions.partnerId }).from(submissions).orderBy(submissions.email);
    expect(rows.map((r) => [r.email, r.partnerId])).toEqual([
      ["ben@practice.example", partner.id],
      ["no-ref@practice.example", null],
    ]);
    expect((await getSubmissionDetail(database.db, rows[0]!.id))?.referredBy).toEqual({ name: "Valley Reps", code: "VALLEY9" });
    expect((await getSubmissionDetail(database.db, rows[1]!.id))?.referredBy).toBeNull();
  });
});
