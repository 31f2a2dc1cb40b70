import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { action as staffChatAction, loader as staffChatLoader } from "~/routes/console/chats-detail";
import { loader as queueLoader } from "~/routes/console/chats";
import { loader as staffLayoutLoader } from "~/routes/console/layout";
import { action as memberChatAction, loader as memberChatLoader } from "~/routes/portal/chat";
import { loader as eventsLoader } from "~/routes/public/support-chat-events";
import { action as visitorAction, loader as visitorLoader } from "~/routes/public/support-chat";
import { auditLog, chatMessages, chats, contactMessages, outbox, submissions } from "~/.server/db/schema";
import { makePractice, signedIn } from "../support/factories";
import { formPost, routeCaller } from "./support/actions";
import { drivers, suiteDatabase } from "./support/database";

type VisitorPage = { availability: { open: boolean }; sentToInbox: boolean; chat: { id: string; reference: string; status: string; messages: { side: string; author: string; body: string }[] } | null };
type StaffPage = { chat: { status: string; who: Record<string, unknown>; takenBy: string | null; firstAnsweredAt: string | null; messages: { side: string; body: string }[] } };

/**
 * Live chat through its pages: a visitor starts a chat in business hours,
 * staff see it waiting, answer it with a saved reply and close it; the
 * transcript is mailed with the text kept sealed until it is sent; outside
 * the hours the message becomes an inbox submission; a member's chat names
 * their practice; one chat's stream is for its own visitor or member only.
 */
describe.each(drivers)("live chat on %s", (driver) => {
  const database = suiteDatabase(driver, { patientKey: true });
  const db = () => database.db;
  const call = routeCaller("198.51.100.61");
  let staff: { cookie: string; id: string };
  let nurse: { cookie: string; id: string };
  let otherNurse: { cookie: string; id: string };

  const open = () => vi.stubEnv("CHAT_HOURS", "Sun-Sat 00:00-24:00");
  const closed = () => vi.stubEnv("CHAT_HOURS", "none");
  afterEach(() => vi.unstubAllEnvs());

  const get = (path: string, cookie = "") => new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} });
  const post = (path: string, fields: Record<string, string>, cookie = "") => formPost(path, fields, { Origin: "http://localhost", ...(cookie ? { cookie } : {}) });
  const cookieFrom = (headers: Headers) =>
    headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");

  beforeAll(async () => {
    staff = await signedIn(db(), "sam@company.example", "staff");
    const practiceId = await makePractice(db(), "Lakeside Wound Care");
    nurse = await signedIn(db(), "nurse@lakeside.example", "member", practiceId);
    const other = await makePractice(db(), "Hilltop Wound Care");
    otherNurse = await signedIn(db(), "nurse@hilltop.example", "member", other);
  });

  it("a visitor's chat waits in the queue, is answered with a saved reply, mailed as a transcript and closed", async () => {
    open();
    const start = await call(visitorAction, post("/support/chat", { intent: "start", firstName: "Vera", lastName: "Visitor", email: "vera@example.com", message: "Do you ship on Saturdays?" }));
    expect(start.status).toBe(303);
    const visitor = cookieFrom(start.headers);
    expect(visitor).toMatch(/^chat=/);

    const page = (await call(visitorLoader, get("/support/chat", visitor))).body as VisitorPage;
    expect(page.chat).toMatchObject({ status: "waiting", messages: [{ side: "visitor", author: "Vera Visitor", body: "Do you ship on Saturdays?" }] });
    const id = page.chat!.id;
    // Sealed at rest.
    const [stored] = await db().select().from(chatMessages).where(eq(chatMessages.chatId, id));
    expect(stored!.bodySealed).not.toContain("Saturdays");

    // Without the cookie there is no chat; a made-up cookie finds none either.
    expect(((await call(visitorLoader, get("/support/chat"))).body as VisitorPage).chat).toBeNull();
    expect(((await call(visitorLoader, get("/support/chat", "chat=forged"))).body as VisitorPage).chat).toBeNull();

    // Staff: the menu counts it, the queue lists it with the visitor's name and email.
    expect(((await call(staffLayoutLoader, get("/admin", staff.cookie))).body as { waitingChats: number }).waitingChats).toBe(1);
    const queue = (await call(queueLoader, get("/admin/chats", staff.cookie))).body as { waiting: { id: string; who: string; detail: string }[] };
    expect(queue.waiting).toMatchObject([{ id, who: "Vera Visitor", detail: "Visitor · vera@example.com" }]);
    // A member gets no console.
    expect((await call(queueLoader, get("/admin/chats", nurse.cookie))).status).toBe(403);

    // Staff open it (audited) and answer with a saved reply, the box left empty (as without JavaScript).
    const staffPage = (await call(staffChatLoader, get(`/admin/chats/${id}`, staff.cookie), { id })).body as StaffPage;
    expect(staffPage.chat.who).toEqual({ kind: "visitor", name: "Vera Visitor", email: "vera@example.com" });
    expect(await db().select().from(auditLog).where(eq(auditLog.action, "chat.read"))).toHaveLength(1);
    const answered = await call(staffChatAction, post(`/admin/chats/${id}`, { intent: "message", savedReply: "greeting", message: "" }, staff.cookie), { id });
    expect(answered.status).toBe(303);
    const [row] = await db().select().from(chats).where(eq(chats.id, id));
    expect(row).toMatchObject({ status: "open", takenBy: staff.id });
    expect(row!.firstAnsweredAt).not.toBeNull();

    // An empty answer with no saved reply is refused beside the box.
    expect(await call(staffChatAction, post(`/admin/chats/${id}.data`, { intent: "message", message: " " }, staff.cookie), { id })).toMatchObject({
      status: 400,
      body: { intent: "message", fieldErrors: { message: "Enter your message" } },
    });

    // Answered: nothing waits for staff, until the visitor writes again.
    const waitingChats = async () => ((await call(staffLayoutLoader, get("/admin", staff.cookie))).body as { waitingChats: number }).waitingChats;
    expect(await waitingChats()).toBe(0);
    expect((await call(visitorAction, post("/support/chat", { intent: "message", message: "Thanks!\nOne more question." }, visitor))).status).toBe(303);
    expect(await waitingChats()).toBe(1);
    const openRows = ((await call(queueLoader, get("/admin/chats", staff.cookie))).body as { open: { id: string; awaitingReply: boolean }[] }).open;
    expect(openRows).toMatchObject([{ id, awaitingReply: true }]);

    const seen = ((await call(visitorLoader, get("/support/chat", visitor))).body as VisitorPage).chat!;
    expect(seen.status).toBe("open");
    expect(seen.messages.slice(-2)).toMatchObject([
      { side: "staff", body: expect.stringContaining("thanks for reaching out") },
      { side: "visitor", body: "Thanks!\nOne more question." },
    ]);

    // The transcript: mailed to the visitor, its text kept sealed in the outbox until it is sent.
    const mailed = await call(visitorAction, post("/support/chat", { intent: "transcript" }, visitor));
    expect(mailed.status).toBe(303);
    const [mail] = await db().select().from(outbox).where(eq(outbox.purpose, "chat.transcript"));
    expect(mail).toMatchObject({ to: "vera@example.com", subject: `Your chat with Cardinal Biologics (${page.chat!.reference})` });
    expect(mail!.text).not.toContain("Saturdays");
    expect(mail!.secret).not.toBeNull();
    // Asked again at once: refused, not mailed twice.
    expect((await call(visitorAction, post("/support/chat.data", { intent: "transcript" }, visitor))).status).toBe(409);

    // Staff close it: the visitor sees it ended and can write no more.
    expect((await call(staffChatAction, post(`/admin/chats/${id}`, { intent: "close" }, staff.cookie), { id })).status).toBe(303);
    expect(((await call(visitorLoader, get("/support/chat", visitor))).body as VisitorPage).chat!.status).toBe("closed");
    expect(await call(visitorAction, post("/support/chat.data", { intent: "message", message: "One more thing" }, visitor))).toMatchObject({ status: 409 });
    expect(await db().select().from(auditLog).where(eq(auditLog.action, "chat.close"))).toHaveLength(1);

    // Its stream is the visitor's: another browser gets 404.
    expect((await call(eventsLoader, get(`/support/chat/events?chat=${id}`))).status).toBe(404);
    expect((await call(eventsLoader, get(`/support/chat/events?chat=${id}`, otherNurse.cookie))).status).toBe(404);
  });

  it("outside business hours a visitor's message becomes an inbox submission with its mails, and no chat", async () => {
    closed();
    const before = (await db().select().from(chats)).length;
    const sent = await call(visitorAction, post("/support/chat", { intent: "start", firstName: "Owen", lastName: "Late", email: "owen@example.com", message: "Call me tomorrow about pricing." }));
    expect(sent.status).toBe(303);
    expect(sent.headers.get("Location")).toBe("/support/chat?sent=1");
    expect(await db().select().from(chats)).toHaveLength(before);
    const [submission] = await db().select().from(submissions).where(eq(submissions.email, "owen@example.com"));
    expect(submission).toMatchObject({ kind: "contact", firstName: "Owen", lastName: "Late" });
    const [message] = await db().select().from(contactMessages).where(eq(contactMessages.submissionId, submission!.id));
    expect(message!.message).toBe("Call me tomorrow about pricing.");
    const mails = await db().select().from(outbox).where(eq(outbox.submissionId, submission!.id));
    expect(mails.map((m) => m.to).sort()).toContain("owen@example.com");
    expect(mails).toHaveLength(2);

    // Bad input: the messages beside the fields, what was typed kept.
    const bad = await call(visitorAction, post("/support/chat", { intent: "start", firstName: "Owen", lastName: "", email: "not-an-address", message: "Hello" }));
    expect(bad).toMatchObject({ status: 400, body: { fieldErrors: { lastName: "Enter your last name", email: "Enter a valid email address" }, values: { firstName: "Owen", message: "Hello" } } });
  });

  it("a member's chat names them and their practice; a second message joins it; their stream is theirs", async () => {
    open();
    expect((await call(memberChatAction, post("/members/chat", { intent: "message", message: "Where is my order?" }, nurse.cookie))).status).toBe(303);
    expect((await call(memberChatAction, post("/members/chat", { intent: "message", message: "It is ORD-000042." }, nurse.cookie))).status).toBe(303);
    const page = (await call(memberChatLoader, get("/members/chat", nurse.cookie))).body as VisitorPage;
    expect(page.chat).toMatchObject({ status: "waiting", messages: [{ body: "Where is my order?" }, { body: "It is ORD-000042." }] });
    const id = page.chat!.id;
    const staffPage = (await call(staffChatLoader, get(`/admin/chats/${id}`, staff.cookie), { id })).body as StaffPage;
    expect(staffPage.chat.who).toMatchObject({ kind: "member", email: "nurse@lakeside.example", practice: "Lakeside Wound Care" });

    // Another practice's member neither sees nor follows it.
    expect(((await call(memberChatLoader, get("/members/chat", otherNurse.cookie))).body as VisitorPage).chat).toBeNull();
    expect((await call(eventsLoader, get(`/support/chat/events?chat=${id}`, otherNurse.cookie))).status).toBe(404);
    const stream = (await eventsLoader({ request: get(`/support/chat/events?chat=${id}`, nurse.cookie), context: {}, params: {} } as never)) as Response;
    expect(stream.headers.get("Content-Type")).toContain("text/event-stream");
    await stream.body?.cancel();

    // The member ends it.
    expect((await call(memberChatAction, post("/members/chat", { intent: "end", chatId: id }, nurse.cookie))).status).toBe(303);
    expect((await db().select().from(chats).where(eq(chats.id, id)))[0]!.status).toBe("closed");
  });

  it("the queue's figures say how long chats of the past week waited for a first answer", async () => {
    const figures = ((await call(queueLoader, get("/admin/chats", staff.cookie))).body as { figures: { chats: number; answered: number; median: number; withinTarget: number } }).figures;
    expect(figures.chats).toBe(2);
    expect(figures.answered).toBe(1);
    expect(figures.median).toBeGreaterThanOrEqual(0);
    expect(figures.withinTarget).toBe(1);
  });
});
