import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { action as submissionAction } from "~/routes/console/submissions-detail";
import { action as partnerAction, loader as partnerLoader } from "~/routes/console/partners-detail";
import { loader as staffStatementLoader } from "~/routes/console/partners-statement";
import { loader as layoutLoader } from "~/routes/partners/layout";
import { loader as overviewLoader } from "~/routes/partners/overview";
import { loader as practicesLoader } from "~/routes/partners/practices";
import { loader as practiceLoader } from "~/routes/partners/practices-detail";
import { loader as statementsLoader } from "~/routes/partners/statements";
import { loader as statementLoader } from "~/routes/partners/statements-detail";
import { loader as statementFile } from "~/routes/partners/statements-file";
import { loader as boardLoader } from "~/routes/portal/board";
import { action as ivrNewAction } from "~/routes/portal/ivrs-new";
import { setPassword } from "~/.server/accounts/accounts";
import { landingOf } from "~/.server/accounts";
import { auditLog, invoicePayments, invoices, outbox, partners, practices, submissions, user } from "~/.server/db/schema";
import { companyMonth } from "~/.server/partners";
import { pdfText } from "../support/pdf-text";
import { cookieOf, ivrFormData, makeFacility, makeMember, makeOrder, makePatient, makePractice, makeProvider, signedIn } from "../support/factories";
import { contextFrom, formPost, routeCaller } from "./support/actions";
import { drivers, suiteDatabase } from "./support/database";

/** What the seeded patient, IVR, file and order carry: none of it may reach a partner's answer. */
export const PATIENT_VALUES = {
  firstName: "Zenobia",
  lastName: "Quillfeather",
  birthDate: "1937-07-19",
  memberId: "7QW2-RT4-XY88",
  addressLine1: "77 Larkspur Hollow",
};
const FILE_NAME = "quillfeather-heel-photo.png";
const ORDER_NOTE = "Deliver to the bedside of room 4B";
const DATE_OF_SERVICE = "2099-01-10";
const FORBIDDEN = [...Object.values(PATIENT_VALUES), "1937", "7QW2RT4XY88", FILE_NAME, "quillfeather", ORDER_NOTE, DATE_OF_SERVICE, "venous-leg-ulcer", "Venous leg ulcer", "I83.012", "Medicare Part B"];

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

describe.each(drivers)("sales partners on %s", (driver) => {
  const database = suiteDatabase(driver, { patientKey: true });
  const call = routeCaller("198.51.100.20");
  const get = (path: string, cookie: string) => new Request(`http://localhost${path}`, { headers: { cookie } });
  let staff: string;
  let sunrise: string;
  let elsewhere: string;

  const callback = async (firstName: string, lastName: string, email: string, kind: "callback" | "contact" = "callback") =>
    (await database.db.insert(submissions).values({ kind, firstName, lastName, email }).returning())[0]!.id;

  /** Staff press "Make partner" on the callback: the action's answer. */
  const makePartner = (submissionId: string) =>
    call(submissionAction, formPost(`/admin/submissions/${submissionId}`, { intent: "make-partner" }, { cookie: staff, Origin: "http://localhost" }), { id: submissionId });

  /** A partner made from a callback, with a password chosen, signed in: ids and cookie. */
  async function partnerSignedIn(name: [string, string], email: string) {
    const made = await makePartner(await callback(name[0], name[1], email));
    expect(made.status).toBe(303);
    const id = made.headers.get("Location")!.split("/").pop()!;
    const [account] = await database.db.select().from(user).where(eq(user.email, email));
    await setPassword(database.db, account!.id, "a long test password");
    return { id, cookie: await cookieOf(email) };
  }

  beforeAll(async () => {
    // Mail delivery on: the invitation is mailed, not shown.
    vi.stubEnv("SMTP_URL", "smtp://127.0.0.1:2525?tls=off");
    staff = (await signedIn(database.db, "staff@company.example", "staff")).cookie;
    sunrise = await makePractice(database.db, "Sunrise Wound Care");
    elsewhere = await makePractice(database.db, "Elsewhere Clinic");
  });
  afterAll(() => vi.unstubAllEnvs());

  it("makes a partner from a callback: an account with the role partner, a referral code, one invitation mail and an audit row", async () => {
    const db = database.db;
    const submissionId = await callback("Paula", "Reyes", "Paula.Reyes@partners.example");
    const made = await makePartner(submissionId);
    expect(made.status).toBe(303);
    const partnerId = made.headers.get("Location")!.replace("/admin/partners/", "");
    const [account] = await db.select().from(user).where(eq(user.email, "paula.reyes@partners.example"));
    expect(account).toMatchObject({ role: "partner", name: "Paula Reyes" });
    const [row] = await db.select().from(partners).where(eq(partners.id, partnerId));
    expect(row).toMatchObject({ userId: account!.id, name: "Paula Reyes", submissionId, plan: "none" });
    expect(row!.code).toMatch(/^[A-HJKMNP-Z2-9]{7}$/);
    const mails = await db.select().from(outbox).where(eq(outbox.to, "paula.reyes@partners.example"));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ purpose: "account.invite" });
    expect(mails[0]!.subject).toMatch(/partner area/);
    const [audited] = await db.select().from(auditLog).where(and(eq(auditLog.action, "partner.create"), eq(auditLog.target, partnerId)));
    expect(audited).toMatchObject({ actorEmail: "staff@company.example" });
    expect(audited!.detail).toContain(row!.code);

    // Again: refused, nothing more made or mailed.
    const again = await makePartner(submissionId);
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.body)).toContain("already made a partner");
    expect(await db.select().from(outbox).where(eq(outbox.to, "paula.reyes@partners.example"))).toHaveLength(1);
  });

  it("refuses to make a partner of an email that has an account, and of a submission that is not a callback", async () => {
    const db = database.db;
    await makeMember(db, { email: "nurse@sunrise.example", practiceId: sunrise });
    const taken = await makePartner(await callback("Nina", "Nurse", "NURSE@sunrise.example"));
    expect(taken.status).toBe(409);
    expect(JSON.stringify(taken.body)).toContain("nurse@sunrise.example already has a member account");
    expect(await db.select().from(partners).where(eq(partners.name, "Nina Nurse"))).toEqual([]);
    const contact = await makePartner(await callback("Carl", "Contact", "carl@example.com", "contact"));
    expect(contact.status).toBe(404);
    expect(await db.select().from(user).where(eq(user.email, "carl@example.com"))).toEqual([]);
  });

  it("keeps a partner out of the portal and the console, and sends them to /partners on sign-in", async () => {
    const { cookie } = await partnerSignedIn(["Gina", "Gate"], "gina@partners.example");
    const board = await call(boardLoader, get("/members", cookie));
    expect(board.status).toBe(302);
    expect(board.headers.get("Location")).toBe("/partners");
    expect((await call(partnerLoader, get("/admin/partners/x", cookie), { id: "00000000-0000-0000-0000-000000000000" })).status).toBe(403);
    expect(landingOf({ role: "partner" }, "/members/orders")).toBe("/partners");
    expect(landingOf({ role: "partner" }, "/partners/statements")).toBe("/partners/statements");
    expect(landingOf({ role: "member" }, "/partners")).toBe("/members");
    // A member is no partner.
    const member = await cookieOf("nurse@sunrise.example");
    expect((await call(layoutLoader, get("/partners", member))).status).toBe(403);
  });

  it("assigns a practice to one partner only, never the demo practice; another partner's practice and statement answer 404", async () => {
    const db = database.db;
    const first = await partnerSignedIn(["Ann", "First"], "ann@partners.example");
    const second = await partnerSignedIn(["Bob", "Second"], "bob@partners.example");
    const post = (partnerId: string, fields: Record<string, string>) =>
      call(partnerAction, formPost(`/admin/partners/${partnerId}`, fields, { cookie: staff, Origin: "http://localhost" }), { id: partnerId });

    expect((await post(first.id, { intent: "assign", practiceId: elsewhere })).status).toBe(303);
    const taken = await post(second.id, { intent: "assign", practiceId: elsewhere });
    expect(taken.status).toBe(409);
    expect(JSON.stringify(taken.body)).toContain("Elsewhere Clinic is already assigned to Ann First");
    const [demo] = await db.insert(practices).values({ name: "Demo Practice", nameKey: "demo practice", demo: true }).returning();
    const refused = await post(first.id, { intent: "assign", practiceId: demo!.id });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("demo practice cannot be assigned");
    const [assigned] = await db.select().from(auditLog).where(and(eq(auditLog.action, "partner.practice.assign"), eq(auditLog.target, first.id)));
    expect(assigned!.detail).toContain("Elsewhere Clinic");

    // The first partner sees it; the second gets 404 for it and for the first one's statement files.
    expect((await call(practiceLoader, get(`/partners/practices/${elsewhere}`, first.cookie), { id: elsewhere })).status).toBe(200);
    expect((await call(practiceLoader, get(`/partners/practices/${elsewhere}`, second.cookie), { id: elsewhere })).status).toBe(404);
    const month = companyMonth();
    // Statements are the signed-in partner's own: there is no address naming another's, and a month before they started is none.
    expect((await call(statementLoader, get(`/partners/statements/2001-01`, second.cookie), { month: "2001-01" })).status).toBe(404);
    expect((await call(statementFile, get(`/partners/statements/${month}/statement.csv`, second.cookie), { month, file: "statement.csv" })).status).toBe(200);
    expect((await call(statementFile, get(`/partners/statements/${month}/other.csv`, second.cookie), { month, file: "other.csv" })).status).toBe(404);

    // A sub-partner cannot be made their own upline's upline.
    expect((await post(second.id, { intent: "upline", parentId: first.id, split: "70" })).status).toBe(303);
    const cycle = await post(first.id, { intent: "upline", parentId: second.id, split: "50" });
    expect(cycle.status).toBe(400);
    expect(JSON.stringify(cycle.body)).toContain("the chain would go round");
    // Unassigned: gone for the partner.
    expect((await post(first.id, { intent: "unassign", practiceId: elsewhere })).status).toBe(303);
    expect((await call(practiceLoader, get(`/partners/practices/${elsewhere}`, first.cookie), { id: elsewhere })).status).toBe(404);
  });

  it("sets a percentage plan only with the warning accepted, and reckons the statement from the month's paid invoices", async () => {
    const db = database.db;
    const p = await partnerSignedIn(["Pia", "Percent"], "pia@partners.example");
    const post = (fields: Record<string, string>) => call(partnerAction, formPost(`/admin/partners/${p.id}`, fields, { cookie: staff, Origin: "http://localhost" }), { id: p.id });
    const practiceId = await makePractice(db, "Percent Practice");
    expect((await post({ intent: "assign", practiceId })).status).toBe(303);
    const unaccepted = await post({ intent: "plan", plan: "percentage", percent: "5" });
    expect(unaccepted.status).toBe(400);
    expect(JSON.stringify(unaccepted.body)).toContain("Accept the Anti-Kickback warning");
    expect((await post({ intent: "plan", plan: "percentage", percent: "7.5", acceptRisk: "on" })).status).toBe(303);
    const [row] = await db.select().from(partners).where(eq(partners.id, p.id));
    expect(row).toMatchObject({ plan: "percentage", percentBps: 750, planSetBy: "staff@company.example", planRiskAcceptedBy: "staff@company.example" });
    expect(row!.planRiskAcceptedAt).toBeInstanceOf(Date);

    // Two payments this month (one partial), one last month: only this month's count.
    const month = companyMonth();
    const facilityId = await makeFacility(db, practiceId);
    const invoiceOf = async (totalCents: number) => {
      const order = await makeOrder(db, { practiceId, practiceName: "Percent Practice", ivrId: null, patientId: null, facilityId, status: "invoiced", dateOfService: "2099-01-01", reorder: "suggested" });
      return (await db.insert(invoices).values({ orderId: order.id, practiceId, issuedOn: `${month}-01`, dueOn: `${month}-28`, totalCents }).returning())[0]!;
    };
    const a = await invoiceOf(1_234_56);
    const b = await invoiceOf(2_000_00);
    await db.insert(invoicePayments).values([
      { invoiceId: a.id, amountCents: 1_234_56, paidOn: `${month}-02`, reference: "CHK 1" },
      { invoiceId: b.id, amountCents: 500_00, paidOn: `${month}-03`, reference: "CHK 2" },
      { invoiceId: b.id, amountCents: 1_500_00, paidOn: "2001-01-15", reference: "CHK 0" },
    ]);
    const page = await call(statementLoader, get(`/partners/statements/${month}`, p.cookie), { month });
    expect(page.status).toBe(200);
    const { statement } = page.body as { statement: { lines: { kind: string; reference: string; earned: string }[]; total: string } };
    // 7.5% of $1,234.56 = $92.592 -> $92.59; of $500.00 = $37.50.
    expect(statement.lines.map((l) => [l.kind, l.reference, l.earned])).toEqual([
      ["Commission", `INV-${String(a.number).padStart(6, "0")}`, "$92.59"],
      ["Commission", `INV-${String(b.number).padStart(6, "0")}`, "$37.50"],
    ]);
    expect(statement.total).toBe("$130.09");
    const csv = await call(statementFile, get(`/partners/statements/${month}/statement.csv`, p.cookie), { month, file: "statement.csv" });
    expect(String(csv.body)).toContain('"Total","","","","","","$130.09"');
    // Staff open it from the console too, and each read is audited.
    expect((await call(staffStatementLoader, get(`/admin/partners/${p.id}/statements/${month}`, staff), { id: p.id, month })).status).toBe(200);
    const reads = await db.select().from(auditLog).where(and(eq(auditLog.target, p.id), eq(auditLog.action, "partner.read.statement")));
    expect(reads.map((r) => r.actorEmail).sort()).toEqual(["pia@partners.example", "staff@company.example"]);
    expect((await db.select().from(auditLog).where(and(eq(auditLog.target, p.id), eq(auditLog.action, "partner.read.statement.csv")))).length).toBe(1);
  });

  it("never answers a partner with patient data: every partner page, download and the staff statement", async () => {
    const db = database.db;
    const p = await partnerSignedIn(["Vera", "Visible"], "vera@partners.example");
    const practiceId = await makePractice(db, "Larkspur Clinic");
    await call(partnerAction, formPost(`/admin/partners/${p.id}`, { intent: "assign", practiceId }, { cookie: staff, Origin: "http://localhost" }), { id: p.id });
    // The practice's patient, an IVR sent with a photo, an order with a note, invoiced and paid.
    await makeMember(db, { email: "clinician@larkspur.example", practiceId });
    const member = await cookieOf("clinician@larkspur.example");
    const providerId = await makeProvider(db, practiceId);
    const facilityId = await makeFacility(db, practiceId);
    const patientId = await makePatient(db, { practiceId, fields: PATIENT_VALUES });
    const form = ivrFormData({ patientId, providerId, facilityId }, { dateOfService: DATE_OF_SERVICE });
    form.append("woundPhoto", new File([PNG], FILE_NAME, { type: "image/png" }));
    const sent = await call(ivrNewAction, formPost("/members/ivrs/new", form, { cookie: member, Origin: "http://localhost" }));
    expect(sent.status).toBe(303);
    const ivrId = sent.headers.get("Location")!.split("/").pop()!;
    const order = await makeOrder(db, { practiceId, practiceName: "Larkspur Clinic", ivrId, patientId, facilityId, status: "paid", dateOfService: DATE_OF_SERVICE, notesSealed: ORDER_NOTE });
    const month = companyMonth();
    const [invoice] = await db.insert(invoices).values({ orderId: order.id, practiceId, issuedOn: `${month}-01`, dueOn: `${month}-28`, totalCents: 900_00, paidCents: 900_00 }).returning();
    await db.insert(invoicePayments).values({ invoiceId: invoice!.id, amountCents: 900_00, paidOn: `${month}-01`, reference: "ACH 9" });
    await call(partnerAction, formPost(`/admin/partners/${p.id}`, { intent: "plan", plan: "percentage", percent: "5", acceptRisk: "on" }, { cookie: staff, Origin: "http://localhost" }), { id: p.id });

    const answers: [string, string][] = [];
    const read = async (name: string, loader: Parameters<typeof call>[0], path: string, params: Record<string, string> = {}, cookie = p.cookie) => {
      const answer = await call(loader, get(path, cookie), params);
      expect(answer.status, name).toBe(200);
      answers.push([name, JSON.stringify(answer.body)]);
      return answer;
    };
    await read("layout", layoutLoader, "/partners");
    await read("overview", overviewLoader, "/partners");
    await read("practices", practicesLoader, "/partners/practices");
    const pipeline = await read("practice", practiceLoader, `/partners/practices/${practiceId}`, { id: practiceId });
    await read("statements", statementsLoader, "/partners/statements");
    await read("statement", statementLoader, `/partners/statements/${month}`, { month });
    await read("statement.csv", statementFile, `/partners/statements/${month}/statement.csv`, { month, file: "statement.csv" });
    await read("staff statement", staffStatementLoader, `/admin/partners/${p.id}/statements/${month}`, { id: p.id, month }, staff);
    const pdfAnswer = (await statementFile({ request: get(`/partners/statements/${month}/statement.pdf`, p.cookie), params: { month, file: "statement.pdf" }, context: contextFrom() } as never)) as Response;
    expect(pdfAnswer.headers.get("Content-Type")).toBe("application/pdf");
    answers.push(["statement.pdf", await pdfText(new Uint8Array(await pdfAnswer.arrayBuffer()))]);

    // The pipeline shows the IVR and the order with their statuses; the statement the paid invoice.
    const page = answers.find(([n]) => n === "practice")![1];
    expect(page).toContain('"status":"submitted"');
    expect(page).toContain('"status":"paid"');
    expect((pipeline.body as { pipeline: { orders: { invoice: { totalCents: number } }[] } }).pipeline.orders[0]!.invoice.totalCents).toBe(900_00);
    expect(answers.find(([n]) => n === "statement")![1]).toContain("$45.00");
    expect(answers.find(([n]) => n === "statement.pdf")![1]).toContain("Larkspur Clinic");
    for (const [name, text] of answers) for (const value of FORBIDDEN) expect(text.toLowerCase(), `${name} carries ${value}`).not.toContain(value.toLowerCase());

    // Every partner read is audited, the practice's with its id.
    const practiceReads = await db.select().from(auditLog).where(and(eq(auditLog.action, "partner.read.practice"), eq(auditLog.target, practiceId)));
    expect(practiceReads).toHaveLength(1);
    expect(practiceReads[0]).toMatchObject({ actorEmail: "vera@partners.example", ip: "198.51.100.20" });
  });
});
