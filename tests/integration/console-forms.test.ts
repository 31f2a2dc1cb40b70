import { beforeAll, describe, expect, it } from "vitest";
import { action as forgotAction } from "~/routes/auth/forgot-password";
import { action as setPasswordAction } from "~/routes/auth/set-password";
import { action as inboxAction } from "~/routes/console/inbox";
import { action as submissionAction } from "~/routes/console/submissions-detail";
import { action as usersAction } from "~/routes/console/users";
import { formPost, routeCaller } from "./support/actions";
import { drivers, suiteDatabase } from "./support/database";
import { makeMember, signedIn } from "../support/factories";

const SUBMISSION = "00000000-0000-4000-8000-000000000001";

/**
 * The forms of the console and the password pages answer as the public ones
 * do: bad input is 400 with the message under the field's name, and a plain
 * form post (JavaScript off) gets what was typed back to refill the fields.
 */
describe.each(drivers)("console and password forms on %s", (driver) => {
  const database = suiteDatabase(driver);
  let adminCookie: string;
  let memberId: string;

  const call = routeCaller("198.51.100.8");
  const asAdmin = (path: string, fields: Record<string, string>) => formPost(path, fields, { cookie: adminCookie });

  beforeAll(async () => {
    adminCookie = (await signedIn(database.db, "admin@example.com", "admin")).cookie;
    memberId = (await makeMember(database.db, { email: "member@clinic.example" })).id;
  });

  it("users: a bad invitation keeps what was typed; a taken email is said beside it", async () => {
    const bad = await call(usersAction, asAdmin("/admin/users", { intent: "invite", email: " new@clinic ", role: "staff" }));
    expect(bad).toMatchObject({
      status: 400,
      body: {
        ok: false,
        intent: "invite",
        fieldErrors: { email: "Enter a valid email address" },
        values: { intent: "invite", email: " new@clinic ", role: "staff" },
      },
    });
    // With JavaScript (a data request) the form still holds the text: nothing comes back.
    const taken = await call(usersAction, asAdmin("/admin/users.data", { intent: "invite", email: "member@clinic.example", role: "staff" }));
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({
      ok: false,
      intent: "invite",
      fieldErrors: { email: "member@clinic.example already has an account, in no practice yet." },
      existing: { email: "member@clinic.example", role: "member", href: `/admin/users#user-${memberId}`, practice: null },
    });
    // A member is invited into a practice: without one, it is asked for beside the practice.
    const noPractice = await call(usersAction, asAdmin("/admin/users.data", { intent: "invite", email: "new@clinic.example", role: "member" }));
    expect(noPractice).toMatchObject({ status: 400, body: { fieldErrors: { practiceId: "Choose the member's practice" } } });
  });

  it("users: a role change asks first, then answers with its message; a role not in the list is said beside the list", async () => {
    const asked = await call(usersAction, asAdmin("/admin/users", { intent: "role", userId: memberId, role: "staff" }));
    expect(asked).toMatchObject({ status: 200, body: { ok: false, intent: "role", userId: memberId, confirm: { role: "staff" } } });
    const done = await call(usersAction, asAdmin("/admin/users", { intent: "role", userId: memberId, role: "staff", confirmed: "1" }));
    expect(done).toMatchObject({ status: 200, body: { ok: true, intent: "role", userId: memberId, message: "member@clinic.example is now staff (was member)." } });
    const odd = await call(usersAction, asAdmin("/admin/users", { intent: "role", userId: memberId, role: "owner", confirmed: "1" }));
    expect(odd).toMatchObject({ status: 400, body: { ok: false, intent: "role", userId: memberId, fieldErrors: { role: "Choose member, staff or admin" } } });
    const gone = await call(usersAction, asAdmin("/admin/users", { intent: "reset", userId: "no-such-user", confirmed: "1" }));
    expect(gone).toMatchObject({
      status: 404,
      body: { ok: false, rejected: true, title: "Not done", error: "That account no longer exists. Reload the page." },
    });
  });

  it("submission and inbox: a status not in the list, or a blank note, answer 400 beside the field", async () => {
    const path = `/admin/submissions/${SUBMISSION}`;
    const status = await call(submissionAction, asAdmin(path, { intent: "status", status: "archived" }), { id: SUBMISSION });
    expect(status).toMatchObject({ status: 400, body: { ok: false, fieldErrors: { status: "Choose a status from the list." } } });
    const note = await call(submissionAction, asAdmin(path, { intent: "note", body: "  \n " }), { id: SUBMISSION });
    expect(note).toMatchObject({ status: 400, body: { ok: false, fieldErrors: { body: "Write a note first." }, values: { body: "  \n " } } });
    const bulk = await call(inboxAction, asAdmin("/admin?index", { intent: "bulk-status", status: "archived", ids: SUBMISSION, back: "/admin" }));
    expect(bulk).toMatchObject({ status: 400, body: { ok: false, fieldErrors: { status: "Choose a status from the list." } } });
  });

  it("password pages: messages beside the fields, passwords never sent back, the email kept", async () => {
    const token = "a".repeat(43);
    const mismatch = await call(setPasswordAction, formPost("/set-password", { token, password: "a new password 1", confirm: "a new password 2" }));
    expect(mismatch).toMatchObject({
      status: 400,
      body: { ok: false, fieldErrors: { confirm: "The two passwords do not match" }, toast: { title: "Check the password" } },
    });
    expect(JSON.stringify(mismatch.body)).not.toContain("a new password");
    const short = await call(setPasswordAction, formPost("/set-password", { token, password: "short", confirm: "short" }));
    expect(short.body).toMatchObject({ fieldErrors: { password: "Use at least 10 characters." } });
    const notAToken = await call(setPasswordAction, formPost("/set-password", { token: "x", password: "a new password 1", confirm: "a new password 1" }));
    expect(notAToken).toMatchObject({ status: 400, body: { ok: false, expired: true } });

    const forgot = await call(forgotAction, formPost("/forgot-password", { email: "dr.lee" }));
    expect(forgot).toMatchObject({ status: 400, body: { ok: false, fieldErrors: { email: "Enter a valid email address" }, values: { email: "dr.lee" } } });
  });
});
