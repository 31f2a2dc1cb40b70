import { and, eq, isNull, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as staffIvrAction, loader as staffIvrLoader } from "~/routes/console/ivrs-detail";
import { loader as staffLayoutLoader } from "~/routes/console/layout";
import { loader as staffQueueLoader } from "~/routes/console/ivrs";
import { loader as boardLoader } from "~/routes/portal/board";
import { loader as staffFileLoader } from "~/routes/console/messages-file";
import { action as ivrAction, loader as ivrLoader } from "~/routes/portal/ivrs-detail";
import { loader as portalLayoutLoader } from "~/routes/portal/layout";
import { loader as fileLoader } from "~/routes/portal/messages-file";
import { action as orderAction, loader as orderLoader } from "~/routes/portal/orders-detail";
import { action as staffOrderAction, loader as staffOrderLoader } from "~/routes/console/orders-detail";
import { auditLog, messageFiles, messages, outbox, practices, type ivrs } from "~/.server/db/schema";
import { moveIvr, requestInformation, setFollowing } from "~/.server/ivr";
import { ivrReference } from "~/lib/ivr";
import { cookieOf, makeFacility, makeIvr, makeMember, makeOrder, makePatient, makePractice, signedIn } from "../support/factories";
import { contextFrom, formPost, routeCaller } from "./support/actions";
import { drivers, suiteDatabase } from "./support/database";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

type Thread = { messages: { id: string; side: string; author: string; body: string; request: { label: string; file: { id: string; name: string } | null } | null }[] };

/**
 * The conversation on an IVR: both sides write, bodies sealed at rest, a
 * document request answered by a checked upload, unread counts and read
 * marks, the mail that says only that there is a message, and "needs
 * information" as a message of the thread. Another practice gets 404.
 */
describe.each(drivers)("conversations on IVRs on %s", (driver) => {
  const database = suiteDatabase(driver, { patientKey: true });
  const db = () => database.db;
  const call = routeCaller("198.51.100.8");
  let practiceId: string;
  let staff: { cookie: string; id: string };
  let nurse: string;
  let nurseId: string;
  let outsider: string;
  let ivr: typeof ivrs.$inferSelect;
  let reference: string;

  const get = (path: string, cookie: string) => new Request(`http://localhost${path}`, { headers: { cookie } });
  const post = (path: string, fields: Record<string, string> | FormData, cookie: string) => formPost(path, fields, { cookie, Origin: "http://localhost" });
  const memberPage = async (cookie = nurse) => (await call(ivrLoader, get(`/members/ivrs/${ivr.id}`, cookie), { id: ivr.id })).body as Thread;
  const staffPage = async () => (await call(staffIvrLoader, get(`/admin/ivrs/${ivr.id}`, staff.cookie), { id: ivr.id })).body as Thread;
  const portalBadges = async (path = "/members") =>
    ((await call(portalLayoutLoader, get(path, nurse))).body as { badges: { status: { n: number }; order: { n: number } } }).badges;
  /** Whether the IVR's row is marked "New message" on the member's board and on staff's queue. */
  const boardMarks = async () => ((await call(boardLoader, get("/members", nurse))).body as { rows: { id: string; unread: boolean }[] }).rows.find((r) => r.id === ivr.id)?.unread;
  const queueMarks = async () =>
    ((await call(staffQueueLoader, get(`/admin/ivrs?status=all&practice=${practiceId}`, staff.cookie))).body as { rows: { id: string; unread: boolean }[] }).rows.find((r) => r.id === ivr.id)?.unread;
  const staffUnread = async (path = "/admin") => ((await call(staffLayoutLoader, get(path, staff.cookie))).body as { unread: { ivr: number; order: number } }).unread;

  beforeAll(async () => {
    practiceId = await makePractice(db(), "Harbor Wound Care");
    const other = await makePractice(db(), "Elsewhere Wound Care");
    nurseId = (await makeMember(db(), { email: "nurse@harbor.example", practiceId })).id;
    await makeMember(db(), { email: "nurse@elsewhere.example", practiceId: other });
    nurse = await cookieOf("nurse@harbor.example");
    outsider = await cookieOf("nurse@elsewhere.example");
    staff = await signedIn(db(), "dana@company.example", "staff");
    const facilityId = await makeFacility(db(), practiceId);
    const patientId = await makePatient(db(), { practiceId, actor: { email: "nurse@harbor.example", ip: null } });
    ivr = await makeIvr(db(), { practiceId, patientId, facilityId, status: "in_review", productSlug: "membrane-wrap", submittedAt: new Date(), createdBy: null });
    reference = ivrReference(ivr.number);
  });

  it("staff ask for the back of the insurance card; the member sees it unread, answers with a checked upload, staff see the file", async () => {
    const asked = await call(
      staffIvrAction,
      post(`/admin/ivrs/${ivr.id}`, { intent: "message", body: "Please upload the back of the insurance card.", requestKind: "card-back" }, staff.cookie),
      { id: ivr.id },
    );
    expect(asked.status).toBe(303);

    // Sealed at rest: the stored column is not the text.
    const [row] = await db().select().from(messages).where(eq(messages.ivrId, ivr.id));
    expect(row!.bodySealed).not.toContain("insurance card");
    expect(row!).toMatchObject({ authorSide: "staff", requestKind: "card-back", answeredAt: null });

    // The member's menu counts it, and the board marks its row, until the IVR's page is opened (which reads it).
    expect((await portalBadges()).status.n).toBe(1);
    expect(await boardMarks()).toBe(true);
    expect((await portalBadges(`/members/ivrs/${ivr.id}`)).status.n).toBe(0);
    const page = await memberPage();
    expect(page.messages).toMatchObject([{ side: "staff", body: "Please upload the back of the insurance card.", request: { label: "Insurance card, back", file: null } }]);
    expect((await portalBadges()).status.n).toBe(0);
    expect(await boardMarks()).toBe(false);

    // Another practice: 404 to read and to write.
    expect((await call(ivrLoader, get(`/members/ivrs/${ivr.id}`, outsider), { id: ivr.id })).status).toBe(404);
    expect((await call(ivrAction, post(`/members/ivrs/${ivr.id}`, { intent: "message", body: "Hello" }, outsider), { id: ivr.id })).status).toBe(404);

    // A file that is not a PDF, JPEG or PNG is refused beside the slot; nothing is written.
    const messageId = page.messages[0]!.id;
    const bad = new FormData();
    bad.append("intent", "document");
    bad.append("messageId", messageId);
    bad.append("document", new File(["<html><script>alert(1)</script></html>"], "card.pdf", { type: "application/pdf" }));
    const refused = await call(ivrAction, post(`/members/ivrs/${ivr.id}.data`, bad, nurse), { id: ivr.id });
    expect(refused).toMatchObject({ status: 400, body: { intent: "document", fieldErrors: { document: "Attach a PDF, JPEG or PNG file" } } });
    const empty = new FormData();
    empty.append("intent", "document");
    empty.append("messageId", messageId);
    expect(await call(ivrAction, post(`/members/ivrs/${ivr.id}.data`, empty, nurse), { id: ivr.id })).toMatchObject({
      status: 400,
      body: { fieldErrors: { document: "Choose the file to upload" } },
    });
    expect(await db().select().from(messageFiles)).toHaveLength(0);

    // Another practice cannot answer it.
    const good = () => {
      const form = new FormData();
      form.append("intent", "document");
      form.append("messageId", messageId);
      form.append("document", new File([PNG], "card back.png", { type: "image/png" }));
      return form;
    };
    expect((await call(ivrAction, post(`/members/ivrs/${ivr.id}`, good(), outsider), { id: ivr.id })).status).toBe(404);
    const uploaded = await call(ivrAction, post(`/members/ivrs/${ivr.id}`, good(), nurse), { id: ivr.id });
    expect(uploaded.status).toBe(303);
    // Answered once: a second upload finds no open request.
    expect((await call(ivrAction, post(`/members/ivrs/${ivr.id}`, good(), nurse), { id: ivr.id })).status).toBe(404);

    // Staff's menu counts the answered thread and the queue marks it; their page shows the file, whose download is audited.
    expect((await staffUnread()).ivr).toBe(1);
    expect(await queueMarks()).toBe(true);
    const staffView = await staffPage();
    expect((await staffUnread()).ivr).toBe(0);
    expect(await queueMarks()).toBe(false);
    const file = staffView.messages[0]!.request!.file!;
    expect(file.name).toBe("card back.png");
    const download = (await staffFileLoader({ request: get(`/admin/ivrs/${ivr.id}/messages/${file.id}`, staff.cookie), params: { id: ivr.id, fileId: file.id }, context: contextFrom() } as never)) as Response;
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("image/png");
    const audits = await db().select().from(auditLog).where(and(eq(auditLog.action, "ivr.file"), eq(auditLog.target, ivr.id)));
    expect(audits.map((a) => a.detail)).toContain(`message file ${file.id}`);
    // The member opens it too; another practice gets 404.
    const own = (await fileLoader({ request: get(`/members/ivrs/${ivr.id}/messages/${file.id}`, nurse), params: { id: ivr.id, fileId: file.id }, context: contextFrom() } as never)) as Response;
    expect(own.status).toBe(200);
    await expect(fileLoader({ request: get(`/members/ivrs/${ivr.id}/messages/${file.id}`, outsider), params: { id: ivr.id, fileId: file.id }, context: contextFrom() } as never)).rejects.toMatchObject({
      init: { status: 404 },
    });
  });

  it("a member's message reaches staff, staff's reaches the practice's followers, and no mail carries the text", async () => {
    await db().delete(outbox);
    await setFollowing(db(), { ivrId: ivr.id, userId: nurseId, follow: true });

    const wrote = await call(ivrAction, post(`/members/ivrs/${ivr.id}`, { intent: "message", body: "The patient moved: new address on file." }, nurse), { id: ivr.id });
    expect(wrote.status).toBe(303);
    const empty = await call(ivrAction, post(`/members/ivrs/${ivr.id}.data`, { intent: "message", body: " " }, nurse), { id: ivr.id });
    expect(empty).toMatchObject({ status: 400, body: { intent: "message", fieldErrors: { body: "Write a message" } } });
    expect((await staffUnread()).ivr).toBe(1);
    expect((await staffPage()).messages.at(-1)).toMatchObject({ side: "member", body: "The patient moved: new address on file." });

    await call(staffIvrAction, post(`/admin/ivrs/${ivr.id}`, { intent: "message", body: "Thanks, noted the new address." }, staff.cookie), { id: ivr.id });
    const mails = await db().select().from(outbox).where(like(outbox.subject, `${reference}: new message`));
    // One to the company's inbox (the member's message), one to the following member (staff's): neither with the text.
    expect(mails.map((m) => m.to).sort()).toEqual(["nurse@harbor.example", expect.any(String)].sort());
    expect(mails.find((m) => m.to === "nurse@harbor.example")!.text).toContain(`/members/ivrs/${ivr.id}`);
    for (const m of mails) {
      expect(m.text).not.toMatch(/address|noted/i);
      expect(m.subject).toBe(`${reference}: new message`);
    }

    // A demo practice is never mailed.
    await db().delete(outbox);
    await db().update(practices).set({ demo: true }).where(eq(practices.id, practiceId));
    await call(staffIvrAction, post(`/admin/ivrs/${ivr.id}`, { intent: "message", body: "One more thing." }, staff.cookie), { id: ivr.id });
    expect(await db().select().from(outbox).where(like(outbox.subject, "%new message"))).toHaveLength(0);
    await db().update(practices).set({ demo: false }).where(eq(practices.id, practiceId));
  });

  it("'needs information' is a message that asks, and the member's answer is one too", async () => {
    await requestInformation(db(), { id: ivr.id, actor: { email: staff.id, ip: null }, message: "Which wound is this for?", askedBy: staff.id });
    const page = (await memberPage()) as Thread & { status: string; requestMessage: string; questionId: string | null };
    expect(page).toMatchObject({ status: "needs_information", requestMessage: "Which wound is this for?" });
    expect(page.messages.at(-1)).toMatchObject({ side: "staff", body: "Which wound is this for?" });
    // The page answers under that message (no panel of its own repeats the question).
    expect(page.questionId).toBe(page.messages.at(-1)!.id);
    const answered = await call(ivrAction, post(`/members/ivrs/${ivr.id}`, { intent: "resubmit", answer: "The left heel." }, nurse), { id: ivr.id });
    expect(answered.status).toBe(303);
    const after = (await staffPage()) as Thread & { status: string };
    expect(after.status).toBe("submitted");
    expect(after.messages.at(-1)).toMatchObject({ side: "member", body: "The left heel." });
    await moveIvr(db(), { id: ivr.id, to: "in_review", actor: { email: "dana@company.example", ip: null } });
  });

  it("a question asked before the IVR had a thread is still shown, and its answer still sends the IVR again", async () => {
    await requestInformation(db(), { id: ivr.id, actor: { email: staff.id, ip: null }, message: "Which leg is it?", askedBy: staff.id });
    // As IVRs asked before conversations were: the question is in no message.
    await db().delete(messages).where(and(eq(messages.ivrId, ivr.id), eq(messages.authorSide, "staff"), isNull(messages.requestKind)));
    const page = (await memberPage()) as Thread & { requestMessage: string; questionId: string | null };
    expect(page).toMatchObject({ requestMessage: "Which leg is it?", questionId: null });
    const answered = await call(ivrAction, post(`/members/ivrs/${ivr.id}`, { intent: "resubmit", answer: "The right one." }, nurse), { id: ivr.id });
    expect(answered.status).toBe(303);
    expect(((await staffPage()) as Thread & { status: string }).status).toBe("submitted");
    await moveIvr(db(), { id: ivr.id, to: "in_review", actor: { email: "dana@company.example", ip: null } });
  });

  it("an order has its conversation too: the member asks, staff answer with a request, another practice gets 404", async () => {
    const order = await makeOrder(db(), {
      practiceId,
      practiceName: "Harbor Wound Care",
      ivrId: ivr.id,
      patientId: ivr.patientId,
      facilityId: ivr.facilityId!,
      status: "confirmed",
      dateOfService: "2099-01-10",
    });
    const path = `/members/orders/${order.id}`;
    expect((await call(orderAction, post(path, { intent: "message", body: "When will it ship?" }, nurse), { id: order.id })).status).toBe(303);
    expect((await call(orderAction, post(path, { intent: "message", body: "Hello" }, outsider), { id: order.id })).status).toBe(404);
    expect((await call(orderLoader, get(path, outsider), { id: order.id })).status).toBe(404);
    expect((await staffUnread()).order).toBe(1);
    const staffView = (await call(staffOrderLoader, get(`/admin/orders/${order.id}`, staff.cookie), { id: order.id })).body as Thread;
    expect(staffView.messages).toMatchObject([{ side: "member", body: "When will it ship?" }]);
    expect((await staffUnread()).order).toBe(0);
    const asked = await call(
      staffOrderAction,
      post(`/admin/orders/${order.id}`, { intent: "message", body: "Tomorrow; please send the signed prior-auth form.", requestKind: "prior-auth-form" }, staff.cookie),
      { id: order.id },
    );
    expect(asked.status).toBe(303);
    expect((await portalBadges()).order.n).toBe(1);
    const page = (await call(orderLoader, get(path, nurse), { id: order.id })).body as Thread;
    expect(page.messages.at(-1)).toMatchObject({ side: "staff", request: { label: "Prior-auth form", file: null } });
    const form = new FormData();
    form.append("intent", "document");
    form.append("messageId", page.messages.at(-1)!.id);
    form.append("document", new File([PNG], "prior-auth.png", { type: "image/png" }));
    expect((await call(orderAction, post(path, form, nurse), { id: order.id })).status).toBe(303);
    expect((await staffUnread()).order).toBe(1);
  });
});

describe("the thread a path opens", () => {
  it("reads the IVR's or order's id from its page and its page's data, and nothing else", async () => {
    const { threadOfPath } = await import("~/lib/conversations");
    const id = "0b6f3c2e-4d4f-4a51-9a0e-2f3b1c4d5e6f";
    expect(threadOfPath(`/members/ivrs/${id}`)).toBe(id);
    expect(threadOfPath(`/members/ivrs/${id}.data`)).toBe(id);
    expect(threadOfPath(`/admin/orders/${id}/`)).toBe(id);
    expect(threadOfPath(`/members/ivrs/${id}/files/${id}`)).toBeNull();
    expect(threadOfPath("/members/ivrs/new")).toBeNull();
  });
});
