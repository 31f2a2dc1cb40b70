import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog, ivrFollowers, outbox, practices, smsNumbers, smsOptOuts, smsOutbox } from "~/.server/db/schema";
import { postMessage } from "~/.server/conversations";
import { transitionIvr } from "~/.server/ivr/lifecycle";
import {
  confirmNumber,
  countFailedTexts,
  deliverDueTexts,
  dismissText,
  notificationSettings,
  retryText,
  saveChoices,
  startConfirmation,
  twilioProvider,
  twilioSettings,
} from "~/.server/notifications";
import { NOTIFICATION_EVENTS } from "~/lib/notifications";
import { action as webhook } from "~/routes/public/sms-webhook";
import { action as settingsAction, loader as settingsLoader } from "~/routes/auth/notifications";
import { makeIvr, makeMember, makePractice } from "../support/factories";
import { signTwilioWebhook, startSmsProvider, type SmsProviderServer } from "../support/sms-provider";
import { formPost, routeCaller, signInCookie } from "./support/actions";
import { drivers, suiteDatabase } from "./support/database";

/**
 * Text-message updates end to end on the server: a member confirms a mobile
 * number and chooses IVR status texts; a status change queues a text for them
 * only; the worker sends it to the stand-in of Twilio's Messages API in its
 * documented shape; staff's message on a thread texts those who chose "New
 * message", its reference only; STOP from a correctly signed webhook stops
 * later texts.
 */

const PUBLIC = "https://portal.example.com";
const staff = { email: "verifier@company.example", ip: "198.51.100.7" };
const ALL_OFF = NOTIFICATION_EVENTS.map((event) => ({ event, byMail: true, byText: false }));
const textIvrStatus = ALL_OFF.map((c) => (c.event === "ivrStatus" ? { ...c, byText: true } : c));

describe.each(drivers)("text-message updates on %s", (driver) => {
  const database = suiteDatabase(driver);
  const call = routeCaller("203.0.113.9");
  let twilio: SmsProviderServer;
  let practiceId: string;
  let texter: { id: string; email: string };
  let mailOnly: { id: string; email: string };
  let unconfirmed: { id: string; email: string };
  let ivrNumber = 100;

  beforeAll(async () => {
    twilio = await startSmsProvider();
    const db = database.db;
    practiceId = await makePractice(db, "Mesa Wound Clinic");
    texter = await makeMember(db, { email: "texter@mesa.example", practiceId });
    mailOnly = await makeMember(db, { email: "mail@mesa.example", practiceId });
    unconfirmed = await makeMember(db, { email: "pending@mesa.example", practiceId });
  });
  afterAll(() => twilio.stop());
  beforeEach(() => {
    for (const [name, value] of Object.entries(twilio.env())) vi.stubEnv(name, value);
    vi.stubEnv("PUBLIC_URL", PUBLIC);
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    twilio.messages.length = 0;
    twilio.optedOut.clear();
  });

  const provider = () => twilioProvider(twilioSettings()!);
  const send = () => deliverDueTexts(database.db, provider());
  /** The code the stand-in received for `phone`. */
  const codeSentTo = async (phone: string) => {
    await send();
    const message = twilio.messages.findLast((m) => m.to === phone);
    return /code is (\d{6})/.exec(message?.body ?? "")?.[1];
  };
  async function confirmed(userId: string, phone: string) {
    expect(await startConfirmation(database.db, userId, phone)).toEqual({ ok: true });
    const code = await codeSentTo(phone);
    expect(code).toMatch(/^\d{6}$/);
    expect(await confirmNumber(database.db, userId, code!)).toEqual({ result: "confirmed", phone });
  }
  async function followedIvr(followers: string[]) {
    const ivr = await makeIvr(database.db, { practiceId, status: "in_review", number: ++ivrNumber });
    await database.db.insert(ivrFollowers).values(followers.map((userId) => ({ ivrId: ivr.id, userId })));
    return ivr;
  }

  it("confirms a number with the texted code, and refuses a wrong or expired one", async () => {
    const phone = "+16025550111";
    expect(await startConfirmation(database.db, unconfirmed.id, phone)).toEqual({ ok: true });
    const code = await codeSentTo(phone);
    expect(twilio.messages.at(-1)!.body).toContain("Reply STOP to cancel");
    // The code text is not kept once sent.
    const [sentRow] = await database.db.select().from(smsOutbox).where(eq(smsOutbox.to, phone));
    expect(sentRow!.body).not.toContain(code!);
    const wrong = code === "000000" ? "111111" : "000000";
    expect(await confirmNumber(database.db, unconfirmed.id, wrong)).toMatchObject({ result: "wrong", message: "That code is not the one we sent.", left: 4 });
    expect(await confirmNumber(database.db, unconfirmed.id, code!, { now: new Date(Date.now() + 11 * 60_000) })).toMatchObject({ result: "expired" });
    expect((await notificationSettings(database.db, unconfirmed.id)).phone).toBeNull();
    expect(await confirmNumber(database.db, unconfirmed.id, code!)).toEqual({ result: "confirmed", phone });
    expect((await notificationSettings(database.db, unconfirmed.id)).phone).toBe(phone);
    await database.db.delete(smsNumbers).where(eq(smsNumbers.userId, unconfirmed.id));
  });

  it("limits the codes an account may have texted", async () => {
    const member = await makeMember(database.db, { email: "many-codes@mesa.example", practiceId });
    for (let i = 0; i < 3; i++) expect(await startConfirmation(database.db, member.id, "+16025550133")).toEqual({ ok: true });
    expect(await startConfirmation(database.db, member.id, "+16025550133")).toMatchObject({ ok: false, reason: "too-many" });
  });

  it("saves choices from the settings page, a number's errors beside its field", async () => {
    const cookie = await signInCookie(mailOnly.email, "a long test password");
    const fields: Record<string, string> = { intent: "choices", "mail.ivrStatus": "on", "text.orderShipped": "on" };
    const saved = await call(settingsAction, formPost("/account/notifications", fields, { cookie }));
    expect(saved.status).toBe(200);
    const page = (await call(settingsLoader, new Request(`http://localhost/account/notifications`, { headers: { cookie } }))).body as Awaited<ReturnType<typeof settingsLoader>>;
    expect(page.textsOn).toBe(true);
    expect(page.choices.find((c) => c.event === "ivrStatus")).toEqual({ event: "ivrStatus", byMail: true, byText: false });
    expect(page.choices.find((c) => c.event === "orderShipped")).toEqual({ event: "orderShipped", byMail: false, byText: true });
    const bad = await call(settingsAction, formPost("/account/notifications", { intent: "send-code", phone: "555" }, { cookie }));
    expect(bad.status).toBe(400);
    expect((bad.body as { fieldErrors: Record<string, string> }).fieldErrors.phone).toBeTruthy();
    await saveChoices(database.db, mailOnly.id, ALL_OFF, { textsOn: true });
  });

  it("hides texts when Twilio's settings are not there", async () => {
    vi.stubEnv("TWILIO_ACCOUNT_SID", "");
    const cookie = await signInCookie(mailOnly.email, "a long test password");
    const page = (await call(settingsLoader, new Request(`http://localhost/account/notifications`, { headers: { cookie } }))).body as Awaited<ReturnType<typeof settingsLoader>>;
    expect(page.textsOn).toBe(false);
    expect(page.choices.every((c) => !c.byText)).toBe(true);
  });

  it("texts a status change only to a follower who chose it and confirmed a number, in Twilio's documented shape", async () => {
    await confirmed(texter.id, "+16025550142");
    await saveChoices(database.db, texter.id, textIvrStatus, { textsOn: true });
    // Chose texts but has no confirmed number; and one who kept mail only.
    await saveChoices(database.db, unconfirmed.id, textIvrStatus, { textsOn: true });
    await startConfirmation(database.db, unconfirmed.id, "+16025550111");
    twilio.messages.length = 0;
    await send();
    twilio.messages.length = 0;
    const ivr = await followedIvr([texter.id, mailOnly.id, unconfirmed.id]);
    await transitionIvr(database.db, { id: ivr.id, to: "covered", actor: staff, by: "staff", practiceId: null });
    const queued = await database.db.select().from(smsOutbox).where(eq(smsOutbox.reference, `IVR-000${ivrNumber}`));
    expect(queued.map((q) => q.to)).toEqual(["+16025550142"]);
    expect(await send()).toMatchObject({ sent: 1 });
    const [text] = twilio.messages;
    expect(text).toMatchObject({ to: "+16025550142", from: twilio.from, body: `Cardinal Biologics: IVR-000${ivrNumber} is now Covered. Sign in to see it.` });
    expect([...text!.params.keys()].sort()).toEqual(["Body", "From", "To"]);
    expect(twilio.refusals).toEqual([]);
    const [row] = await database.db.select().from(smsOutbox).where(eq(smsOutbox.id, queued[0]!.id));
    expect(row).toMatchObject({ status: "sent", providerSid: text!.sid });
    // Mail still goes to every follower who kept it.
    const mails = await database.db.select().from(outbox).where(eq(outbox.purpose, "ivr.status"));
    expect(mails.map((m) => m.to)).toEqual(expect.arrayContaining([texter.email, mailOnly.email]));
  });

  it("skips the mail of a member who turned that event off by mail", async () => {
    await saveChoices(database.db, texter.id, textIvrStatus.map((c) => (c.event === "ivrStatus" ? { ...c, byMail: false } : c)), { textsOn: true });
    const ivr = await followedIvr([texter.id, mailOnly.id]);
    await database.db.delete(outbox);
    await transitionIvr(database.db, { id: ivr.id, to: "covered", actor: staff, by: "staff", practiceId: null });
    expect((await database.db.select().from(outbox)).map((m) => m.to)).toEqual([mailOnly.email]);
    await saveChoices(database.db, texter.id, textIvrStatus, { textsOn: true });
  });

  it("texts staff's new message to a follower who chose it, with the reference and none of the message's words", async () => {
    const verifier = await makeMember(database.db, { email: "messages@company.example", role: "staff" });
    await saveChoices(database.db, texter.id, ALL_OFF.map((c) => (c.event === "newMessage" ? { ...c, byText: true } : c)), { textsOn: true });
    const ivr = await followedIvr([texter.id, mailOnly.id]);
    const reference = `IVR-000${ivrNumber}`;
    await database.db.delete(outbox);
    const posted = await postMessage(database.db, {
      ref: { kind: "ivr", id: ivr.id },
      practiceId: null,
      side: "staff",
      author: verifier,
      body: "Please send the wound photo from Tuesday.",
    });
    expect(posted).toMatchObject({ reference });
    const queued = await database.db.select().from(smsOutbox).where(and(eq(smsOutbox.reference, reference), eq(smsOutbox.event, "newMessage")));
    // The one who chose it by text gets one text; the one who kept mail only gets none.
    expect(queued.map((q) => q.userId)).toEqual([texter.id]);
    expect(queued[0]!.body).toBe(`Cardinal Biologics: new message on ${reference}. Sign in to read it.`);
    expect(queued[0]!.body).not.toMatch(/wound|photo|Tuesday/i);
    // Both kept mail for it: both are mailed "new message".
    expect((await database.db.select().from(outbox).where(eq(outbox.purpose, "ivr.message"))).map((m) => m.to).sort()).toEqual([mailOnly.email, texter.email].sort());

    // Turned off by mail: the text still goes, the mail does not.
    await saveChoices(database.db, texter.id, ALL_OFF.map((c) => (c.event === "newMessage" ? { ...c, byMail: false, byText: true } : c)), { textsOn: true });
    await database.db.delete(outbox);
    await postMessage(database.db, { ref: { kind: "ivr", id: ivr.id }, practiceId: null, side: "staff", author: verifier, body: "And the clinical notes." });
    expect((await database.db.select().from(outbox).where(eq(outbox.purpose, "ivr.message"))).map((m) => m.to)).toEqual([mailOnly.email]);
    expect(await database.db.select().from(smsOutbox).where(and(eq(smsOutbox.reference, reference), eq(smsOutbox.event, "newMessage")))).toHaveLength(2);

    // A member's message goes to staff: no follower is texted.
    await postMessage(database.db, { ref: { kind: "ivr", id: ivr.id }, practiceId, side: "member", author: mailOnly, body: "Sent both." });
    expect(await database.db.select().from(smsOutbox).where(and(eq(smsOutbox.reference, reference), eq(smsOutbox.event, "newMessage")))).toHaveLength(2);

    // Nor is anyone of the demo practice.
    await database.db.update(practices).set({ demo: true }).where(eq(practices.id, practiceId));
    try {
      await postMessage(database.db, { ref: { kind: "ivr", id: ivr.id }, practiceId: null, side: "staff", author: verifier, body: "One more thing." });
      expect(await database.db.select().from(smsOutbox).where(and(eq(smsOutbox.reference, reference), eq(smsOutbox.event, "newMessage")))).toHaveLength(2);
    } finally {
      await database.db.update(practices).set({ demo: false }).where(eq(practices.id, practiceId));
    }
    await send();
    twilio.messages.length = 0;
    await saveChoices(database.db, texter.id, textIvrStatus, { textsOn: true });
  });

  it("tries again after 429 and 500, and fails for good on an invalid number", async () => {
    await send();
    const ivr = await followedIvr([texter.id]);
    await transitionIvr(database.db, { id: ivr.id, to: "covered", actor: staff, by: "staff", practiceId: null });
    twilio.fail("rate-limit");
    expect(await send()).toMatchObject({ retried: 1 });
    const [waiting] = await database.db.select().from(smsOutbox).where(eq(smsOutbox.reference, `IVR-000${ivrNumber}`));
    expect(waiting).toMatchObject({ status: "pending", attempts: 1 });
    expect(waiting!.lastError).toContain("20429");
    expect(waiting!.lastError).not.toContain("555");
    await database.db.update(smsOutbox).set({ nextAttemptAt: new Date() }).where(eq(smsOutbox.id, waiting!.id));
    twilio.fail("server-error");
    expect(await send()).toMatchObject({ retried: 1 });
    await database.db.update(smsOutbox).set({ nextAttemptAt: new Date() }).where(eq(smsOutbox.id, waiting!.id));
    expect(await send()).toMatchObject({ sent: 1 });

    const again = await followedIvr([texter.id]);
    await transitionIvr(database.db, { id: again.id, to: "covered", actor: staff, by: "staff", practiceId: null });
    twilio.fail("invalid-number");
    expect(await send()).toMatchObject({ failed: 1 });
    const [failed] = await database.db.select().from(smsOutbox).where(eq(smsOutbox.reference, `IVR-000${ivrNumber}`));
    expect(failed).toMatchObject({ status: "failed" });
  });

  it("staff dismiss a failed text: audited, out of the failed count, and not sent", async () => {
    const [failed] = await database.db.select().from(smsOutbox).where(eq(smsOutbox.status, "failed"));
    const before = await countFailedTexts(database.db);
    expect(before).toBeGreaterThan(0);
    expect(await dismissText(database.db, failed!.id, staff)).toBe(true);
    expect(await countFailedTexts(database.db)).toBe(before - 1);
    const [row] = await database.db.select().from(smsOutbox).where(eq(smsOutbox.id, failed!.id));
    expect(row).toMatchObject({ status: "dismissed" });
    const audits = await database.db.select().from(auditLog).where(and(eq(auditLog.action, "sms.dismiss"), eq(auditLog.target, failed!.id)));
    expect(audits.map((a) => [a.actorEmail, a.ip, a.detail])).toEqual([[staff.email, staff.ip, `ivrStatus ${failed!.reference} (was failed)`]]);
    // Only a failed text is dismissed, once; a dismissed one is neither sent nor put back in line.
    expect(await dismissText(database.db, failed!.id, staff)).toBe(false);
    expect(await retryText(database.db, failed!.id, staff)).toBe(false);
    expect(await send()).toMatchObject({ sent: 0, failed: 0 });
    const [sent] = await database.db.select().from(smsOutbox).where(eq(smsOutbox.status, "sent")).limit(1);
    expect(await dismissText(database.db, sent!.id, staff)).toBe(false);
  });

  it("sends no text for the demo practice", async () => {
    await database.db.update(practices).set({ demo: true }).where(eq(practices.id, practiceId));
    try {
      const ivr = await followedIvr([texter.id]);
      await transitionIvr(database.db, { id: ivr.id, to: "covered", actor: staff, by: "staff", practiceId: null });
      expect(await database.db.select().from(smsOutbox).where(eq(smsOutbox.reference, `IVR-000${ivrNumber}`))).toEqual([]);
    } finally {
      await database.db.update(practices).set({ demo: false }).where(eq(practices.id, practiceId));
    }
  });

  const hook = (params: URLSearchParams, signature: string) =>
    call(
      webhook,
      new Request(`http://127.0.0.1:3000/sms/webhook`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature },
        body: params.toString(),
      }),
    );
  const stop = (body = "STOP") => new URLSearchParams({ MessageSid: `SM${"a".repeat(32)}`, From: "+16025550142", To: twilio.from, Body: body });

  it("refuses a wrongly signed STOP with 403 and changes nothing", async () => {
    const params = stop();
    const answer = await hook(params, signTwilioWebhook("not-the-token", `${PUBLIC}/sms/webhook`, params));
    expect(answer.status).toBe(403);
    expect(await database.db.select().from(smsOptOuts)).toEqual([]);
    const unsigned = await hook(params, "");
    expect(unsigned.status).toBe(403);
  });

  it("stops texts to a number after a correctly signed STOP, and starts them again on START", async () => {
    const params = stop();
    const answer = await hook(params, signTwilioWebhook(twilio.authToken, `${PUBLIC}/sms/webhook`, params));
    expect(answer.status).toBe(200);
    expect(String(answer.body)).toContain("you are unsubscribed");
    expect(await database.db.select({ phone: smsOptOuts.phone }).from(smsOptOuts)).toEqual([{ phone: "+16025550142" }]);

    const ivr = await followedIvr([texter.id]);
    await transitionIvr(database.db, { id: ivr.id, to: "covered", actor: staff, by: "staff", practiceId: null });
    await send();
    expect(twilio.messages).toEqual([]);

    const start = stop("START");
    expect((await hook(start, signTwilioWebhook(twilio.authToken, `${PUBLIC}/sms/webhook`, start))).status).toBe(200);
    expect(await database.db.select().from(smsOptOuts)).toEqual([]);
    const later = await followedIvr([texter.id]);
    await transitionIvr(database.db, { id: later.id, to: "covered", actor: staff, by: "staff", practiceId: null });
    await send();
    expect(twilio.messages.map((m) => m.to)).toEqual(["+16025550142"]);

    const help = stop("HELP");
    const helped = await hook(help, signTwilioWebhook(twilio.authToken, `${PUBLIC}/sms/webhook`, help));
    expect(String(helped.body)).toContain("Reply STOP to cancel");
  });
});
