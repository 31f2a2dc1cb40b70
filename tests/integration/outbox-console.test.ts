import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as consoleLoader } from "~/routes/console/layout";
import { action as outboxAction, loader as outboxLoader } from "~/routes/console/outbox";
import { auditLog, outbox } from "~/.server/db/schema";
import { formPost, routeCaller } from "./support/actions";
import { drivers, suiteDatabase } from "./support/database";
import { queueResetMail } from "./support/link-mail";
import { signedIn } from "../support/factories";

describe.each(drivers)("the console's failed mail on %s", (driver) => {
  const database = suiteDatabase(driver, { emptied: [outbox, auditLog] });
  let staffCookie: string;
  let memberCookie: string;

  const get = (path: string, cookie: string) => new Request(`http://localhost${path}`, { headers: { cookie } });
  const call = routeCaller("198.51.100.4");
  const post = (fields: Record<string, string>, cookie = staffCookie) => formPost("/admin/outbox?state=failed", fields, { cookie });
  /** What every console page shows: the layout loader's count. */
  const failedCount = async () => ((await call(consoleLoader, get("/admin", staffCookie))).body as { failedMail: number }).failedMail;

  async function mail(to: string, status: "pending" | "sent" | "failed") {
    const [row] = await database.db
      .insert(outbox)
      .values({ purpose: "contact.confirmation", to, subject: "We received your message", text: "Dear Ada,", status, lastError: status === "failed" ? "550 Mailbox unavailable" : null })
      .returning({ id: outbox.id });
    return row!.id;
  }

  beforeAll(async () => {
    staffCookie = (await signedIn(database.db, "staff@example.com", "staff")).cookie;
    memberCookie = (await signedIn(database.db, "member@example.com", "member")).cookie;
  });

  it("counts failed mail on every console page until it is dismissed or retried, and audits both", async () => {
    expect(await failedCount()).toBe(0);
    const first = await mail("one@clinic.example", "failed");
    const second = await mail("two@clinic.example", "failed");
    await mail("three@clinic.example", "pending");
    await mail("four@clinic.example", "sent");
    expect(await failedCount()).toBe(2);

    const dismissed = await call(outboxAction, post({ intent: "dismiss", mailId: first }));
    expect(dismissed.status).toBe(303);
    expect(dismissed.headers.get("Location")).toBe("/admin/outbox?state=failed");
    const [row] = await database.db.select().from(outbox).where(eq(outbox.id, first));
    expect(row!.status).toBe("dismissed");
    expect(await failedCount()).toBe(1);
    // The failed list no longer shows it; the dismissed one does.
    const failedList = (await call(outboxLoader, get("/admin/outbox?state=failed", staffCookie))).body as { list: { rows: { id: string }[] } };
    expect(failedList.list.rows.map((r) => r.id)).toEqual([second]);

    const retried = await call(outboxAction, post({ intent: "retry", mailId: second }));
    expect(retried.status).toBe(303);
    expect(await failedCount()).toBe(0);

    const audit = await database.db.select().from(auditLog);
    expect(audit.map((a) => [a.action, a.actorEmail, a.target, a.ip, a.detail]).sort()).toEqual([
      ["mail.dismiss", "staff@example.com", first, "198.51.100.4", "contact.confirmation (was failed)"],
      ["mail.retry", "staff@example.com", second, "198.51.100.4", "contact.confirmation (was failed)"],
    ]);
  });

  it("dismisses only failed mail", async () => {
    const pending = await mail("pending@clinic.example", "pending");
    const answer = await call(outboxAction, post({ intent: "dismiss", mailId: pending }));
    expect(answer).toMatchObject({ status: 409, body: { ok: false, error: "Only a failed mail can be dismissed." } });
    const [row] = await database.db.select().from(outbox).where(eq(outbox.id, pending));
    expect(row!.status).toBe("pending");
    expect(await database.db.select().from(auditLog)).toEqual([]);
  });

  it("does not put a link mail back in line once its link has expired", async () => {
    await queueResetMail(database.db, { to: "late@clinic.example", link: "https://portal.example/set-password?token=t", expiresInMs: -1000 });
    const [row] = await database.db.update(outbox).set({ status: "failed", secret: null }).returning();
    const answer = await call(outboxAction, post({ intent: "retry", mailId: row!.id }));
    expect(answer.status).toBe(409);
    expect((answer.body as { error: string }).error).toMatch(/link expired/);
    const [after] = await database.db.select().from(outbox);
    expect(after!.status).toBe("failed");
  });

  it("keeps the count and both actions to staff", async () => {
    const failed = await mail("x@clinic.example", "failed");
    expect((await call(consoleLoader, get("/admin", memberCookie))).status).toBe(403);
    expect((await call(outboxAction, post({ intent: "dismiss", mailId: failed }, memberCookie))).status).toBe(403);
    const anonymous = await call(outboxAction, post({ intent: "dismiss", mailId: failed }, ""));
    expect(anonymous.status).toBe(302);
    // Sign-in, which comes back to the outbox afterwards.
    expect(anonymous.headers.get("Location")).toMatch(/^\/auth\?redirectTo=%2Fadmin%2Foutbox/);
    const [row] = await database.db.select().from(outbox).where(eq(outbox.id, failed));
    expect(row!.status).toBe("failed");
  });
});
