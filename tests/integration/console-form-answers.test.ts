import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import AdminPractices, { action as practicesAction } from "~/routes/console/practices";
import { action as practiceAction } from "~/routes/console/practices-detail";
import { action as profileAction } from "~/routes/console/profile";
import { action as jobsAction } from "~/routes/console/jobs";
import { action as outboxAction } from "~/routes/console/outbox";
import { upsertUser } from "~/.server/accounts/accounts";
import { jobs, practices, user } from "~/.server/db/schema";
import { makePractice } from "../support/factories";
import { log, serializeError } from "~/.server/log";
import { FAILED_TEXT } from "~/lib/form-result";
import { answerOf, contextFrom, formPost, signInCookie } from "./support/actions";
import { enrolTestApp } from "../support/second-factor";
import { drivers, freshDatabase } from "./support/database";
import { auditFails, auditWorks } from "./support/failing-audit";

type Route = (args: never) => Promise<unknown>;
const PASSWORD = "a long test password";

/**
 * The console's forms answered through `answerForm`: a refusal is said where
 * it belongs, and a form whose change cannot be stored (here the database refuses its
 * audit row, as a full disk or a lost connection would) answers 503 "Not
 * saved" with what was typed, and its page says so with the fields refilled:
 * never the error page, and nothing of the form in the log.
 */
describe.each(drivers)("console forms' answers on %s", (driver) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let staffCookie: string;
  let adminCookie: string;

  const call = async (route: Route, request: Request | Promise<Request>, params: Record<string, string> = {}) =>
    answerOf(await route({ request: await request, context: contextFrom("198.51.100.12"), params } as never).catch((thrown: unknown) => thrown));
  const asStaff = (path: string, fields: Record<string, string>) => formPost(path, fields, { cookie: staffCookie });
  const asAdmin = (path: string, fields: Record<string, string>) => formPost(path, fields, { cookie: adminCookie });

  beforeAll(async () => {
    database = await freshDatabase(driver);
    const staff = await upsertUser(database.db, { email: "staff@example.com", role: "staff", password: PASSWORD });
    await enrolTestApp(database.db, staff.user.id);
    staffCookie = await signInCookie("staff@example.com", PASSWORD);
    const admin = await upsertUser(database.db, { email: "admin@example.com", role: "admin", password: PASSWORD });
    await enrolTestApp(database.db, admin.user.id);
    adminCookie = await signInCookie("admin@example.com", PASSWORD);
  });
  afterEach(async () => {
    await auditWorks(database.db);
    vi.restoreAllMocks();
  });
  afterAll(() => database.dispose());

  it("a practice name taken is said beside the name, 409, with what was typed", async () => {
    expect((await call(practicesAction, asStaff("/admin/practices", { name: "Sunrise Wound Care", taxId: "" }))).status).toBe(303);
    const taken = await call(practicesAction, asStaff("/admin/practices", { name: " sunrise   wound CARE ", taxId: "12-3456789" }));
    expect(taken).toMatchObject({
      status: 409,
      body: { ok: false, fieldErrors: { name: "A practice named sunrise wound CARE already exists" }, values: { name: " sunrise   wound CARE ", taxId: "12-3456789" } },
    });
  });

  it("a row button naming no mail, or a button the page does not have, is refused at the top of the list under its title", async () => {
    const forged = await call(outboxAction, asStaff("/admin/outbox", { intent: "retry", mailId: "not-a-mail" }));
    expect(forged).toMatchObject({ status: 400, body: { ok: false, rejected: true, title: "Could not change that mail", error: "That mail does not exist.", intent: "retry" } });
    const gone = await call(outboxAction, asStaff("/admin/outbox", { intent: "dismiss", mailId: "6f1c2b9e-8a4d-4c3e-9f7a-2b1d0e9c8a7f" }));
    expect(gone).toMatchObject({ status: 404, body: { rejected: true, title: "Could not change that mail", error: "That mail does not exist." } });
    const unknown = await call(outboxAction, asStaff("/admin/outbox", { intent: "resend", mailId: "6f1c2b9e-8a4d-4c3e-9f7a-2b1d0e9c8a7f" }));
    expect(unknown).toMatchObject({ status: 400, body: { rejected: true, title: "Could not change that mail", error: "This form is not one of this page's." } });
  });

  it("the practices page: 503 Not saved, what was typed kept and shown again, nothing stored, nothing typed logged", async () => {
    const logged = vi.spyOn(log, "error");
    await auditFails(database.db);
    const typed = { name: "Harbor Wound Care of Tampa", taxId: "98-7654321" };
    const answer = await call(practicesAction, asStaff("/admin/practices", typed));
    expect(answer.status).toBe(503);
    expect(answer.headers.get("Retry-After")).toBe("30");
    expect(answer.body).toMatchObject({ ok: false, failed: true, title: "Not saved", values: typed });
    expect(await database.db.select().from(practices).where(eq(practices.name, typed.name))).toEqual([]);

    // The log line says what failed and where, never what was typed.
    expect(logged).toHaveBeenCalledTimes(1);
    const [fields] = logged.mock.calls[0] as unknown as [{ err: unknown }];
    const line = JSON.stringify({ ...fields, err: serializeError(fields.err) });
    expect(line).toContain("/admin/practices");
    expect(line).not.toContain("Harbor Wound Care");
    expect(line).not.toContain("98-7654321");

    // The page a plain post comes back to: the notice, and the fields as they were typed.
    const Stub = createRoutesStub([{ id: "practices", path: "/admin/practices", Component: AdminPractices as never }]);
    const html = renderToStaticMarkup(
      createElement(Stub, {
        initialEntries: ["/admin/practices"],
        hydrationData: { loaderData: { practices: { practices: [] } }, actionData: { practices: answer.body } },
      }),
    );
    expect(html).toContain("Not saved");
    expect(html).toContain(FAILED_TEXT.replace(/'/g, "&#x27;"));
    expect(html).toContain('value="Harbor Wound Care of Tampa"');
    expect(html).toContain('value="98-7654321"');
  });

  it("a browser that kept its own form (JavaScript) gets the same answer without the values", async () => {
    await auditFails(database.db);
    const answer = await call(practicesAction, asStaff("/admin/practices.data", { name: "Bayside Clinic", taxId: "" }));
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({ ok: false, failed: true, title: "Not saved", intent: "" });
  });

  it("the profile form keeps the name and zone typed; a row button says Not saved too", async () => {
    await auditFails(database.db);
    const profile = await call(profileAction, asStaff("/admin/profile", { name: "Sam Ortiz", timeZone: "America/Chicago" }));
    expect(profile).toMatchObject({ status: 503, body: { failed: true, title: "Not saved", values: { name: "Sam Ortiz", timeZone: "America/Chicago" } } });
    const [me] = await database.db.select({ name: user.name }).from(user).where(eq(user.email, "staff@example.com"));
    expect(me!.name).not.toBe("Sam Ortiz");

    const [job] = await database.db
      .insert(jobs)
      .values({ kind: "ivr.expire", payload: { period: "2026-11-27T10:00Z" }, status: "failed", attempts: 3, lastError: "database did not answer", finishedAt: new Date() })
      .returning({ id: jobs.id });
    const retried = await call(jobsAction, asStaff("/admin/jobs", { intent: "retry", jobId: job!.id }));
    expect(retried).toMatchObject({ status: 503, body: { failed: true, title: "Not saved", intent: "retry" } });
    const [after] = await database.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, job!.id));
    expect(after!.status).toBe("failed");
  });

  it("a practice's invitation says Not saved beside its own form, the email kept", async () => {
    const practiceId = await makePractice(database.db, "Lakeside Podiatry");
    await auditFails(database.db);
    const invite = await call(practiceAction, asAdmin(`/admin/practices/${practiceId}`, { intent: "invite", role: "member", email: "new.nurse@lakeside.example" }), { id: practiceId });
    expect(invite).toMatchObject({ status: 503, body: { failed: true, title: "Not saved", intent: "invite", values: { email: "new.nurse@lakeside.example" } } });
    expect(await database.db.select().from(user).where(eq(user.email, "new.nurse@lakeside.example"))).toEqual([]);
  });
});
