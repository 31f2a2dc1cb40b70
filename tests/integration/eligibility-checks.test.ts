import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { action as staffIvrAction, loader as staffIvrLoader } from "~/routes/console/ivrs-detail";
import { loader as portalIvrLoader } from "~/routes/portal/ivrs-detail";
import { loader as boardLoader } from "~/routes/portal/board";
import { ELIGIBILITY_OFF, ELIGIBILITY_SYNTHETIC } from "~/lib/eligibility";
import { sample } from "~/.server/eligibility/samples";
import { auditLog, coverages, eligibilityChecks, ivrFollowers, ivrs, ivrVerifications, jobs, outbox, patients } from "~/.server/db/schema";
import { inTransaction } from "~/.server/db/transaction";
import { ivrQueuePage, recheckCoveredIvrs, requestEligibilityCheck, startReverification, submitIvr, todayUtc } from "~/.server/ivr";
import { placeOrder } from "~/.server/orders";
import { orderSchema } from "~/lib/schemas/order";
import { openJson } from "~/.server/crypto";
import { decodeCursor, type Cursor } from "~/.server/db/keyset";
import { SEALED } from "~/.server/ivr/sealed";
import { jobKinds } from "~/.server/job-kinds";
import { runDue } from "~/.server/jobs/queue";
import { parseQueueFilters } from "~/lib/queue-filters";
import { IVR_STATUSES } from "~/lib/ivr";
import { addDays } from "~/lib/calendar";
import { latestUsToday } from "~/lib/schemas/patient";
import { startCoreEndpoint, type CoreEndpoint } from "../support/core-endpoint";
import { cookieOf, ivrInput, makeIvr, makeMember, makePatient, practiceReadyForIvrs, signedIn, valid, type PortalPractice } from "../support/factories";
import { formPost, routeCaller } from "./support/actions";
import { drivers, suiteDatabase } from "./support/database";

// Real-time eligibility wired into IVRs: sending an IVR asks the payer through
// a job (never inside the request), the answer is kept sealed, the practice
// reads its line and staff its summary and a prefilled verification; a payer
// that hangs leaves the IVR sent and the check retrying; a made-up patient is
// never sent; one check of a coverage waits at a time; with checks off nothing
// is asked.

const MEDICARE_MBI = "1EG4TE5MK73";
const UNKNOWN_ID = "BMH000000000";
const HANGING_ID = "SLOWPAYER01";
const BUSY_ID = "BUSYPAYER01";
const ENDED_ID = "BMH448812907";

describe.each(drivers)("eligibility checks of IVRs on %s", (driver) => {
  const database = suiteDatabase(driver, { patientKey: true });
  const call = routeCaller("198.51.100.44");
  let endpoint: CoreEndpoint;
  let f: PortalPractice;
  let member: { id: string; cookie: string };
  let staff: string;

  const checksOn = () => {
    vi.stubEnv("ELIGIBILITY_CONNECTOR", "core");
    vi.stubEnv("ELIGIBILITY_CORE_URL", endpoint.url);
    vi.stubEnv("ELIGIBILITY_CORE_USER", "cardinal");
    vi.stubEnv("ELIGIBILITY_CORE_PASSWORD", "s3cret-pass");
    vi.stubEnv("ELIGIBILITY_SENDER_ID", "CARDINALBIO");
    vi.stubEnv("ELIGIBILITY_RECEIVER_ID", "CLEARHOUSE");
    vi.stubEnv("ELIGIBILITY_TIMEOUT_SECONDS", "1");
  };

  async function send(patientId = f.patientId) {
    const sent = await submitIvr(database.db, {
      practiceId: f.practiceId,
      userId: member.id,
      actor: { email: "nurse@mesa.example", ip: null },
      input: ivrInput({ ...f, patientId }),
      files: [],
    });
    return sent.id;
  }
  const checksOf = (ivrId: string) => database.db.select().from(eligibilityChecks).where(eq(eligibilityChecks.ivrId, ivrId));
  const jobsOf = async (kind = "eligibility.check") => database.db.select().from(jobs).where(eq(jobs.kind, kind));
  const portalPage = async (id: string) =>
    (await call(portalIvrLoader, new Request(`http://localhost/members/ivrs/${id}`, { headers: { cookie: member.cookie } }), { id })).body as {
      eligibilityLine: string | null;
    };
  const consolePage = async (id: string, query = "") =>
    (await call(staffIvrLoader, new Request(`http://localhost/admin/ivrs/${id}${query}`, { headers: { cookie: staff } }), { id })).body as Awaited<
      ReturnType<typeof staffIvrLoader>
    >;
  const patientWith = (memberId: string, lastName: string, payer: Record<string, string> = { payerName: "Aetna", payerType: "commercial" }) =>
    makePatient(database.db, { practiceId: f.practiceId, fields: { lastName, memberId, ...payer } });

  beforeAll(async () => {
    endpoint = await startCoreEndpoint({
      user: "cardinal",
      password: "s3cret-pass",
      receiverId: "CLEARHOUSE",
      answers: {
        [MEDICARE_MBI]: { x12: sample("medicare-part-b-with-advantage.271") },
        [UNKNOWN_ID]: { x12: sample("member-id-not-recognised.271") },
        [HANGING_ID]: "hang",
        [BUSY_ID]: { x12: sample("payer-unavailable.271") },
        // The same plan's answer once the coverage ended (EB*6: inactive).
        [ENDED_ID]: { x12: sample("commercial-ppo.271").replaceAll("EB*1*IND*", "EB*6*IND*") },
      },
    });
    f = await practiceReadyForIvrs(database.db, "Mesa Wound Clinic");
    member = await makeMember(database.db, { email: "nurse@mesa.example", practiceId: f.practiceId }).then(async ({ id }) => ({ id, cookie: await cookieOf("nurse@mesa.example") }));
    staff = (await signedIn(database.db, "ines@company.example", "staff")).cookie;
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });
  afterAll(() => endpoint.stop());

  it("asks the payer after an IVR is sent, keeps the answer sealed, and shows it to the practice and to staff", async () => {
    checksOn();
    const id = await send();
    // Sent, and the check waits for the worker: nothing was asked inside the request.
    expect(endpoint.exchanges).toHaveLength(0);
    const [waiting] = await checksOf(id);
    expect(waiting).toMatchObject({ why: "sent", state: "waiting", attempts: 0 });
    expect(await jobsOf()).toHaveLength(1);

    expect(await runDue(database.db, jobKinds)).toMatchObject({ done: 1 });
    expect(endpoint.exchanges).toHaveLength(1);
    expect(endpoint.exchanges[0]!.inquiry!.inquiry).toMatchObject({ payer: { id: "CMS" }, subscriber: { memberId: MEDICARE_MBI, lastName: "HALE" } });

    const [answered] = await checksOf(id);
    expect(answered).toMatchObject({ state: "answered", attempts: 1, attention: "other-payer" });
    // At rest the answer is sealed: no member id, name or payer's words in the row.
    const raw = JSON.stringify(answered);
    for (const plain of [MEDICARE_MBI, "HOLLOWAY", "Holloway", "Medicare Part", "SUNWEST"]) expect(raw).not.toContain(plain);
    expect(openJson<string>(answered!.raw271Sealed!, SEALED.raw271)).toContain(`MI*${MEDICARE_MBI}`);
    const [ivr] = await database.db.select({ attention: ivrs.eligibilityAttention, status: ivrs.status }).from(ivrs).where(eq(ivrs.id, id));
    expect(ivr).toEqual({ attention: 4, status: "submitted" });

    expect((await portalPage(id)).eligibilityLine).toBe("Coverage found: active, Medicare Part A and Part B. Also Medicare Advantage: SUNWEST HEALTH PLAN");
    const board = (await call(boardLoader, new Request("http://localhost/members", { headers: { cookie: member.cookie } }))).body as {
      rows: { id: string; eligibilityLine: string | null }[];
    };
    expect(board.rows.find((r) => r.id === id)?.eligibilityLine).toMatch(/^Coverage found: active, Medicare Part A and Part B/);

    const page = await consolePage(id);
    expect(page.eligibility.answer!.staffLine).toBe("Active · Medicare Part A and Part B · deductible $257, $0 remaining · coinsurance 20 %");
    expect(page.eligibility.answer!.otherCoverages.map((c) => c.label)).toContain("Medicare Advantage");
    expect(page.eligibility.answer!.raw271).toContain("ST*271");
    expect(page.eligibility.history).toMatchObject([{ why: "IVR sent", by: "The system", outcome: "Answered: another payer found" }]);
    expect(page.verifyDefaults).toMatchObject({ deductible: "257", deductibleMet: "257", coinsurancePercent: "20" });
    expect(page.payerPrefill.fields).toEqual(expect.arrayContaining(["Deductible", "Deductible met", "Coinsurance"]));
    // Reading the payer's answer is a staff read of the patient's data, audited on its own.
    const reads = await database.db.select().from(auditLog).where(and(eq(auditLog.action, "ivr.eligibility"), eq(auditLog.target, id)));
    expect(reads).toHaveLength(1);

    // The benefits table filters by service type and network (a GET form).
    const all = page.eligibility.answer!.benefits.length;
    const filtered = await consolePage(id, "?benefitService=ZZ&benefitNetwork=out");
    expect(filtered.eligibility.answer!.benefits.length).toBeLessThanOrEqual(all);
    expect(filtered.eligibility.filter).toMatchObject({ serviceType: "ZZ", network: "out" });

    // Staff keep the payer's figures and correct the copay: the verification says which came from the payer.
    await call(staffIvrAction, formPost(`/admin/ivrs/${id}`, { intent: "review" }, { cookie: staff }), { id });
    const verify = await call(
      staffIvrAction,
      formPost(
        `/admin/ivrs/${id}`,
        { intent: "verify", outcome: "covered", deductible: "257", deductibleMet: "257", coinsurancePercent: "20", copay: "15", validUntil: addDays(latestUsToday(), 90) },
        { cookie: staff },
      ),
      { id },
    );
    expect(verify.status).toBeLessThan(400);
    const [recorded] = await database.db.select().from(ivrVerifications).where(eq(ivrVerifications.ivrId, id));
    expect(openJson<{ fromPayer?: string[] }>(recorded!.resultSealed, SEALED.result).fromPayer).toEqual(["deductible", "deductibleMet", "coinsurancePercent"]);
    expect((await consolePage(id)).verifications[0]!.fromPayer).toEqual(["Deductible", "Deductible met", "Coinsurance"]);
  });

  it("shows the practice what to correct when the payer does not recognise the member id", async () => {
    checksOn();
    const older = await send();
    const id = await send(await patientWith(UNKNOWN_ID, "Prescott"));
    expect(await runDue(database.db, jobKinds)).toMatchObject({ done: 2 });
    expect((await portalPage(id)).eligibilityLine).toBe("The payer does not recognise member id •••• 0000: check the card.");
    const [check] = await checksOf(id);
    expect(check).toMatchObject({ state: "answered", attention: "rejected" });
    expect((await consolePage(id)).eligibility.answer!.staffLine).toBe("The payer does not recognise member id BMH000000000: check the card.");

    // What needs a person comes first in the default queue: the rejected answer before the one with another payer.
    const queue = await ivrQueuePage(database.db, parseQueueFilters(new URLSearchParams(), IVR_STATUSES));
    const order = queue.rows.map((r) => r.id);
    expect(order).toEqual([id, older]);
    expect(queue.rows[0]!.attention).toBe("Payer rejected the check");
    // Paging keeps the order: one row a page walks them all, each once.
    const walked: string[] = [];
    let at: { direction: "after"; cursor: Cursor } | null = null;
    for (let n = 0; n < 10; n++) {
      const page = await ivrQueuePage(database.db, parseQueueFilters(new URLSearchParams(), IVR_STATUSES), { size: 1, at });
      walked.push(...page.rows.map((r) => r.id));
      if (!page.after) break;
      at = { direction: "after", cursor: decodeCursor(page.after)! };
    }
    expect(walked).toEqual(order);
  });

  it("leaves the IVR sent and the check retrying when the payer does not answer", async () => {
    checksOn();
    const id = await send(await patientWith(HANGING_ID, "Slowe"));
    expect(await runDue(database.db, jobKinds)).toMatchObject({ retried: 1 });
    const [check] = await checksOf(id);
    expect(check).toMatchObject({ state: "waiting", attempts: 1 });
    expect(check!.failureReason).toMatch(/did not answer within 1 second/);
    expect(check!.retryAt!.getTime()).toBeGreaterThan(Date.now());
    const [ivr] = await database.db.select({ status: ivrs.status }).from(ivrs).where(eq(ivrs.id, id));
    expect(ivr!.status).toBe("submitted");
    const state = (await consolePage(id)).eligibility.state!;
    expect(state.text).toMatch(/^Eligibility check failed: .*did not answer within 1 second, retrying at$/);
    expect(state.at).toEqual(check!.retryAt);
    expect((await portalPage(id)).eligibilityLine).toBeNull();

    // Asking again while it waits adds nothing.
    const before = endpoint.exchanges.length;
    const again = await call(staffIvrAction, formPost(`/admin/ivrs/${id}`, { intent: "eligibility" }, { cookie: staff }), { id });
    expect(again.status).toBeLessThan(400);
    expect(await checksOf(id)).toHaveLength(1);
    expect(await inTransaction(database.db, (tx) => requestEligibilityCheck(tx, { ivrId: id, why: "again" }))).toMatchObject({
      queued: false,
      message: "A check is already under way.",
    });
    expect(endpoint.exchanges.length).toBe(before);
  });

  it("asks again later when the payer answers only that it cannot answer now", async () => {
    checksOn();
    const id = await send(await patientWith(BUSY_ID, "Busby"));
    expect(await runDue(database.db, jobKinds)).toMatchObject({ retried: 1 });
    const [check] = await checksOf(id);
    expect(check).toMatchObject({ state: "waiting", attempts: 1, summarySealed: null });
    expect((await consolePage(id)).eligibility.state!.text).toMatch(/^Eligibility check failed: .+, retrying at$/);
  });

  it("never sends a patient made up for the demo", async () => {
    checksOn();
    const patientId = await patientWith("1EG4TE5MK74", "Madeup", { payerName: "Medicare Part B", payerType: "medicare" });
    await database.db.update(patients).set({ synthetic: true }).where(eq(patients.id, patientId));
    const before = endpoint.exchanges.length;
    const id = await send(patientId);
    await runDue(database.db, jobKinds);
    expect(endpoint.exchanges.length).toBe(before);
    const [check] = await checksOf(id);
    expect(check).toMatchObject({ state: "failed", failureReason: ELIGIBILITY_SYNTHETIC, attempts: 0 });
    expect((await consolePage(id)).eligibility.state!.text).toBe(ELIGIBILITY_SYNTHETIC);
  });

  it("asks again before an order on an answer older than ELIGIBILITY_MAX_AGE_DAYS, and when a re-verification starts, without holding either up", async () => {
    checksOn();
    const covered = await makeIvr(database.db, {
      practiceId: f.practiceId,
      patientId: f.patientId,
      providerId: f.providerId,
      facilityId: f.facilityId,
      status: "covered",
      number: 990001,
      productSlug: "membrane-wrap",
      areaHundredths: 2000,
      validUntil: addDays(latestUsToday(), 60),
      submittedAt: new Date(),
    });
    const [cover] = await database.db.select({ id: coverages.id }).from(coverages).where(eq(coverages.patientId, f.patientId));
    const longAgo = new Date(Date.now() - 8 * 86_400_000);
    await database.db.insert(eligibilityChecks).values({ ivrId: covered.id, coverageId: cover!.id, why: "sent", state: "answered", attempts: 1, answeredAt: longAgo, createdAt: longAgo });
    const order = () =>
      placeOrder(database.db, {
        practiceId: f.practiceId,
        userId: member.id,
        actor: { email: "nurse@mesa.example", ip: null },
        today: latestUsToday(),
        input: valid(orderSchema, {
          ivrId: covered.id,
          patientId: f.patientId,
          productSlug: "membrane-wrap",
          dateOfService: addDays(latestUsToday(), 5),
          facilityId: f.facilityId,
          shippingSpeed: "expedited",
          "qty-4x4": "1",
          "qty-2x2": "1",
        }),
      });

    await expect(order()).resolves.toMatchObject({ reference: expect.stringMatching(/^ORD-/) });
    const asked = (await checksOf(covered.id)).filter((c) => c.why === "before-order");
    expect(asked).toMatchObject([{ state: "waiting" }]);

    // A fresh answer: the next order asks nothing.
    await database.db.update(eligibilityChecks).set({ state: "answered", answeredAt: new Date() }).where(eq(eligibilityChecks.id, asked[0]!.id));
    await expect(order()).resolves.toBeTruthy();
    expect((await checksOf(covered.id)).filter((c) => c.why === "before-order")).toHaveLength(1);

    // A re-verification asks about the coverage as it starts.
    expect(await startReverification(database.db, { practiceId: f.practiceId, userId: member.id, fromId: covered.id })).toBeTruthy();
    expect((await checksOf(covered.id)).filter((c) => c.why === "reverification")).toMatchObject([{ state: "waiting" }]);
  });

  it("checks covered IVRs with applications to come again each day, and tells the practice and staff once when the coverage ended", async () => {
    checksOn();
    // The day as housekeeping runs it (UTC): "once a day" counts the checks made since its start.
    const today = todayUtc();
    const patientId = await patientWith(ENDED_ID, "Quill");
    const covered = (number: number, values: { validUntil?: string; authorisedApplications?: number } = {}) =>
      makeIvr(database.db, {
        practiceId: f.practiceId,
        patientId,
        providerId: f.providerId,
        facilityId: f.facilityId,
        status: "covered",
        number,
        productSlug: "membrane-wrap",
        areaHundredths: 2000,
        plannedApplications: 4,
        validUntil: addDays(today, 60),
        submittedAt: new Date(),
        ...values,
      });
    const due = await covered(990101);
    const lapsed = await covered(990102, { validUntil: addDays(today, -1) });
    const usedUp = await covered(990103, { authorisedApplications: 0 });
    await database.db.insert(ivrFollowers).values({ ivrId: due.id, userId: member.id });
    const mailsOf = async () => (await database.db.select().from(outbox).where(eq(outbox.purpose, "ivr.coverage-ended"))).map((m) => ({ to: m.to, subject: m.subject, text: m.text }));

    // Only the covered IVR still valid with applications to come is asked about (with those of the tests before), once a day.
    expect(await recheckCoveredIvrs(database.db, today)).toBeGreaterThanOrEqual(1);
    expect(await recheckCoveredIvrs(database.db, today)).toBe(0);
    expect((await checksOf(due.id)).map((c) => c.why)).toEqual(["daily"]);
    expect(await checksOf(lapsed.id)).toEqual([]);
    expect(await checksOf(usedUp.id)).toEqual([]);

    // Spread over the next hour, so a check a person asks for now runs before them: made due here.
    const daily = await database.db.select({ runAt: jobs.runAt }).from(jobs).where(and(eq(jobs.kind, "eligibility.check"), eq(jobs.status, "queued")));
    expect(daily.some((job) => job.runAt.getTime() > Date.now())).toBe(true);
    const dueNow = () => database.db.update(jobs).set({ runAt: new Date() }).where(and(eq(jobs.kind, "eligibility.check"), eq(jobs.status, "queued")));
    await dueNow();
    await runDue(database.db, jobKinds);
    expect(await checksOf(due.id)).toMatchObject([{ state: "answered", attention: "inactive" }]);
    const mails = await mailsOf();
    expect(mails.map((m) => [m.to, m.subject]).sort()).toEqual([
      ["info@cardinalbiologics.example", "IVR-990101: coverage ended"],
      ["nurse@mesa.example", "IVR-990101: coverage ended"],
    ].sort());
    // A reference and a link, never the patient.
    for (const m of mails) for (const plain of ["Quill", ENDED_ID, "BLUE MESA"]) expect(m.text).not.toContain(plain);

    // The next day's answer says the same: nobody is told twice.
    expect(await recheckCoveredIvrs(database.db, addDays(today, 1))).toBeGreaterThanOrEqual(1);
    await dueNow();
    await runDue(database.db, jobKinds);
    expect(await checksOf(due.id)).toHaveLength(2);
    expect(await mailsOf()).toHaveLength(2);
  });

  it("asks nothing when checks are off, and says so to staff", async () => {
    vi.stubEnv("ELIGIBILITY_CONNECTOR", "");
    const jobsBefore = (await jobsOf()).length;
    const id = await send();
    expect(await checksOf(id)).toHaveLength(0);
    expect(await jobsOf()).toHaveLength(jobsBefore);
    const page = await consolePage(id);
    expect(page.eligibility.state).toMatchObject({ text: ELIGIBILITY_OFF });
    expect((await portalPage(id)).eligibilityLine).toBeNull();
  });
});
