import { QUIET_LOAD_COOKIE } from "~/lib/quiet-loads";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { action as authAction, loader as authLoader } from "~/routes/auth/auth";
import { action as secondStepAction } from "~/routes/auth/two-factor";
import { action as sessionAction, loader as sessionLoader } from "~/routes/auth/session";
import { action as signOutAction } from "~/routes/auth/sign-out";
import { action as inboxAction } from "~/routes/console/inbox";
import { action as practicesAction, loader as practicesLoader } from "~/routes/console/practices";
import { action as ivrFormAction, loader as ivrFormLoader } from "~/routes/portal/ivrs-new";
import { loader as ivrLoader } from "~/routes/portal/ivrs-detail";
import { keptFormForPage, sessionMiddleware } from "~/.server/accounts";
import { getAuth } from "~/.server/accounts/auth";
import { setPhiRing } from "~/.server/crypto";
import { keyRing, newKey } from "~/.server/crypto/fields";
import { ivrFiles, ivrs, keptForms, practices, rateLimits, session, user } from "~/.server/db/schema";
import { siteIsHttps } from "~/.server/env";
import { securityHeaders } from "~/.server/http/security-headers";
import { contextFrom, formPost } from "./support/actions";
import { drivers, freshDatabase } from "./support/database";
import { ivrFormData, makeMember, PASSWORD, practiceReadyForIvrs } from "../support/factories";
import { appCode } from "../support/second-factor";

type Route = (args: never) => Promise<unknown>;
const ORIGIN = "http://localhost";
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const IDLE_MS = 30 * 60_000;

/** A browser's cookies for the site: what its answers set, as a Cookie header. */
class Jar {
  private cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const name = pair!.slice(0, pair!.indexOf("="));
      const value = pair!.slice(pair!.indexOf("=") + 1);
      if (/max-age=0/i.test(line) || /expires=thu, 01 jan 1970/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
  has(name: string) {
    return this.cookies.has(name);
  }
  without(...names: string[]) {
    const copy = new Jar();
    for (const [k, v] of this.cookies) if (!names.includes(k)) copy.cookies.set(k, v);
    return copy;
  }
  get header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/** A route's answer as the HTTP entry would send it: a Response, thrown or returned, or data. */
function responseOf(result: unknown): Response {
  if (result instanceof Response) return result;
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = result as { data: unknown; init?: ResponseInit | null };
    return Response.json(data, init ?? undefined);
  }
  return Response.json(result);
}

/** Runs a route's loader or action for `request` inside the root middleware, as every request is. */
async function serve(request: Request, route: Route, params: Record<string, string> = {}): Promise<Response> {
  const context = contextFrom("198.51.100.20");
  const next = async () => responseOf(await route({ request, context, params, url: new URL(request.url) } as never).catch((thrown: unknown) => thrown));
  return (await sessionMiddleware({ request, context, params } as never, next as never)) as Response;
}

const get = (path: string, jar: Jar) => new Request(`${ORIGIN}${path}`, { headers: { cookie: jar.header } });

describe.each(drivers)("sessions that follow the user on %s", (driver) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let patientId: string;
  let providerId: string;
  let facilityId: string;

  /** Signs in through the sign-in form's action, then opens a page (which sets the account cookie), as a browser would. */
  async function signIn(email: string, jar = new Jar()) {
    const answer = await serve(await formPost("/auth", { email, password: PASSWORD }, { cookie: jar.header }), authAction as Route);
    expect(answer.status).toBe(302);
    jar.take(answer);
    if (answer.headers.get("location") === "/sign-in/two-factor") {
      // Staff: the code of their test app, on the second step.
      const second = await serve(await formPost("/sign-in/two-factor", { intent: "app", code: appCode() }, { cookie: jar.header }), secondStepAction as Route);
      expect(second.status).toBe(302);
      jar.take(second);
    }
    jar.take(await serve(get("/products", jar), async () => new Response("a page")));
    expect(jar.has("portal.account")).toBe(true);
    return jar;
  }
  const sessionOf = async (email: string) => {
    const [row] = await database.db.select({ s: session }).from(session).innerJoin(user, eq(user.id, session.userId)).where(eq(user.email, email));
    return row!.s;
  };
  const setSession = (email: string, values: Partial<typeof session.$inferInsert>) =>
    sessionOf(email).then((s) => database.db.update(session).set(values).where(eq(session.id, s.id)));
  const sessionCookieIn = (response: Response) => response.headers.getSetCookie().find((c) => c.startsWith("portal.session_token="));

  beforeAll(async () => {
    vi.stubEnv("PUBLIC_URL", "");
    setPhiRing(keyRing([newKey()]));
    database = await freshDatabase(driver);
    const db = database.db;
    for (const email of ["staff@site.example", "other@site.example"]) await makeMember(db, { email, role: "staff" });
    const ids = await practiceReadyForIvrs(db, "Sunrise Wound Care");
    await makeMember(db, { email: "nurse@sunrise.example", practiceId: ids.practiceId });
    ({ patientId, providerId, facilityId } = ids);
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await database.dispose();
  });
  beforeEach(async () => {
    await database.db.delete(session);
    await database.db.delete(keptForms);
    // Every sign-in here comes from one address.
    await database.db.delete(rateLimits);
  });

  describe("renewal", () => {
    it("every answer to a signed-in request pushes the idle limit ahead, in the database and in the cookie", async () => {
      const jar = await signIn("staff@site.example");
      for (const [what, request, route] of [
        ["a console page", get("/admin/practices", jar), practicesLoader],
        ["a public page", get("/products", jar), async () => new Response("a page")],
        ["the keep-alive", new Request(`${ORIGIN}/session`, { method: "POST", headers: { cookie: jar.header, "Content-Length": "0" } }), sessionAction],
      ] as const) {
        // The session was last renewed long ago: 20 seconds are left.
        await setSession("staff@site.example", { expiresAt: new Date(Date.now() + 20_000) });
        const answer = jar.take(await serve(request, route as Route));
        expect(answer.status, what).toBe(200);
        const cookie = sessionCookieIn(answer);
        expect(cookie, what).toMatch(new RegExp(`Max-Age=${IDLE_MS / 1000}`));
        expect(cookie, what).toMatch(/HttpOnly/);
        const left = (await sessionOf("staff@site.example")).expiresAt.getTime() - Date.now();
        expect(left, what).toBeGreaterThan(IDLE_MS - 10_000);
        expect(left, what).toBeLessThanOrEqual(IDLE_MS);
        // The account cookie goes with it.
        expect(answer.headers.getSetCookie().some((c) => c.startsWith("portal.account=")), what).toBe(true);
      }
    });

    it("a page's own background load (a live queue's reload, the menu's counts) renews nothing; the person's next page does", async () => {
      const jar = await signIn("staff@site.example");
      const soon = new Date(Date.now() + 20_000);
      await setSession("staff@site.example", { expiresAt: soon });
      const quiet = new Request(`${ORIGIN}/admin/practices`, { headers: { cookie: `${jar.header}; ${QUIET_LOAD_COOKIE}=1` } });
      const background = await serve(quiet, practicesLoader as Route);
      expect(background.status).toBe(200);
      expect(sessionCookieIn(background)).toBeUndefined();
      expect((await sessionOf("staff@site.example")).expiresAt.getTime()).toBe(soon.getTime());

      const own = jar.take(await serve(get("/admin/practices", jar), practicesLoader as Route));
      expect(sessionCookieIn(own)).toMatch(new RegExp(`Max-Age=${IDLE_MS / 1000}`));
      expect((await sessionOf("staff@site.example")).expiresAt.getTime() - Date.now()).toBeGreaterThan(IDLE_MS - 10_000);
    });

    it("asking how long is left renews nothing; the keep-alive does", async () => {
      const jar = await signIn("staff@site.example");
      const soon = new Date(Date.now() + 20_000);
      await setSession("staff@site.example", { expiresAt: soon });
      const status = await serve(get("/session", jar), sessionLoader as Route);
      expect(status.status).toBe(200);
      expect(status.headers.get("Cache-Control")).toBe("no-store");
      const body = (await status.json()) as { signedIn: boolean; endsInMs: number; endsBy: string; idleMs: number };
      expect(body).toMatchObject({ signedIn: true, endsBy: "idle", idleMs: IDLE_MS });
      expect(body.endsInMs).toBeLessThanOrEqual(20_000);
      expect(body.endsInMs).toBeGreaterThan(10_000);
      expect(sessionCookieIn(status)).toBeUndefined();
      expect((await sessionOf("staff@site.example")).expiresAt.getTime()).toBe(soon.getTime());

      const renewed = await serve(new Request(`${ORIGIN}/session`, { method: "POST", headers: { cookie: jar.header, "Content-Length": "0" } }), sessionAction as Route);
      expect(((await renewed.json()) as { endsInMs: number }).endsInMs).toBeGreaterThan(IDLE_MS - 10_000);
    });

    it("an idle session ends, and its cookie with it; the absolute limit ends one even while in use", async () => {
      const jar = await signIn("staff@site.example");
      await setSession("staff@site.example", { expiresAt: new Date(Date.now() - 1_000) });
      const idle = await serve(get("/admin/practices", jar), practicesLoader as Route);
      expect(idle.status).toBe(302);
      expect(idle.headers.get("Location")).toBe("/auth?redirectTo=%2Fadmin%2Fpractices");
      expect(sessionCookieIn(idle)).toMatch(/Max-Age=0/);
      const gone = await serve(get("/session", jar), sessionLoader as Route);
      expect(gone.status).toBe(401);
      expect(await gone.json()).toEqual({ signedIn: false });

      const again = await signIn("staff@site.example");
      await setSession("staff@site.example", { createdAt: new Date(Date.now() - 12 * 3_600_000 - 60_000) });
      const limited = await serve(get("/admin/practices", again), practicesLoader as Route);
      expect(limited.status).toBe(302);
      expect(sessionCookieIn(limited)).toMatch(/Max-Age=0/);
      expect(await database.db.select().from(session)).toEqual([]);
    });

    it("a session near its absolute limit says so: renewing cannot push it past", async () => {
      const jar = await signIn("staff@site.example");
      await setSession("staff@site.example", { createdAt: new Date(Date.now() - 12 * 3_600_000 + 90_000) });
      const renewed = await serve(new Request(`${ORIGIN}/session`, { method: "POST", headers: { cookie: jar.header, "Content-Length": "0" } }), sessionAction as Route);
      const body = (await renewed.json()) as { endsInMs: number; endsBy: string };
      expect(body.endsBy).toBe("limit");
      expect(body.endsInMs).toBeLessThanOrEqual(90_000);
    });
  });

  describe("Secure cookies and HSTS", () => {
    const resetAuth = () => ((globalThis as Record<symbol, unknown>)[Symbol.for("site.auth")] = undefined);
    afterAll(() => {
      vi.stubEnv("PUBLIC_URL", "");
      resetAuth();
    });

    it("go together: both when PUBLIC_URL is https, neither on plain http", async () => {
      for (const [url, secure] of [
        ["https://portal.example.com", true],
        ["http://portal.example.com", false],
        ["", false],
      ] as const) {
        vi.stubEnv("PUBLIC_URL", url);
        resetAuth();
        expect(siteIsHttps(), url).toBe(secure);
        const hsts = securityHeaders({ nonce: "n", frames: [], hsts: siteIsHttps() })["Strict-Transport-Security"];
        const response = await getAuth().api.signInEmail({ body: { email: "staff@site.example", password: PASSWORD }, asResponse: true });
        const cookie = response.headers.getSetCookie().find((c) => /portal\.session_token=/.test(c))!;
        if (secure) {
          expect(hsts, url).toMatch(/max-age=/);
          expect(cookie, url).toMatch(/^__Secure-portal\.session_token=.*; Secure/);
        } else {
          expect(hsts, url).toBeUndefined();
          expect(cookie, url).not.toMatch(/Secure/i);
        }
      }
    });
  });

  describe("a form sent after its session ended", () => {
    const practicePost = (jar: Jar, name: string) =>
      formPost("/admin/practices.data", { name, clientKey: "abcdefgh12" }, { cookie: jar.header, Referer: `${ORIGIN}/admin/practices` });

    it("keeps what it held, sealed, for the account the session belonged to, and gives it back to its page once after sign-in", async () => {
      const jar = await signIn("staff@site.example");
      await setSession("staff@site.example", { expiresAt: new Date(Date.now() - 1_000) });
      const sent = jar.take(await serve(await practicePost(jar, "Kept Clinic of Austin"), practicesAction as Route));
      expect(sent.status).toBe(302);
      expect(sent.headers.get("Location")).toBe("/auth?redirectTo=%2Fadmin%2Fpractices&kept=1");
      expect(jar.has("portal.kept")).toBe(true);
      // Nothing was done, and what was typed is stored sealed only.
      expect(await database.db.select().from(practices).where(eq(practices.name, "Kept Clinic of Austin"))).toEqual([]);
      const rows = await database.db.select().from(keptForms);
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain("Kept Clinic");
      expect(rows[0]!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);

      // The sign-in page says so.
      const page = await serve(get("/auth?redirectTo=%2Fadmin%2Fpractices&kept=1", jar), authLoader as Route);
      expect(await page.json()).toMatchObject({ redirectTo: "/admin/practices", kept: true });

      // Someone else signing in on this browser gets nothing of it.
      const other = await signIn("other@site.example", jar.without("portal.session_token"));
      expect(await keptFormForPage(get("/admin/practices", other), new URL(`${ORIGIN}/admin/practices`))).toMatchObject({ form: null });
      expect(await database.db.select().from(keptForms)).toHaveLength(1);

      // Its owner does, once, and the marker goes with it.
      const back = await signIn("staff@site.example", jar.without("portal.session_token"));
      const kept = await keptFormForPage(get("/admin/practices", back), new URL(`${ORIGIN}/admin/practices`));
      expect(kept.form).toMatchObject({ action: "/admin/practices", fields: [["name", "Kept Clinic of Austin"]], files: [] });
      expect(new Headers(kept.headers).get("Set-Cookie")).toMatch(/^portal\.kept=; Max-Age=0/);
      expect(await database.db.select().from(keptForms)).toEqual([]);
      expect((await keptFormForPage(get("/admin/practices", back), new URL(`${ORIGIN}/admin/practices`))).form).toBeNull();
    });

    it("keeps nothing without the account cookie, for a disabled account, or after signing out", async () => {
      const jar = await signIn("staff@site.example");
      await setSession("staff@site.example", { expiresAt: new Date(Date.now() - 1_000) });
      const anonymous = await serve(await practicePost(jar.without("portal.account"), "Nobody's Clinic"), practicesAction as Route);
      expect(anonymous.headers.get("Location")).toBe("/auth?redirectTo=%2Fadmin%2Fpractices");

      await database.db.update(user).set({ disabled: true }).where(eq(user.email, "staff@site.example"));
      const disabled = await serve(await practicePost(jar, "Disabled's Clinic"), practicesAction as Route);
      await database.db.update(user).set({ disabled: false }).where(eq(user.email, "staff@site.example"));
      expect(disabled.headers.get("Location")).toBe("/auth?redirectTo=%2Fadmin%2Fpractices");

      const again = await signIn("staff@site.example", jar.without("portal.session_token"));
      const out = again.take(await serve(await formPost("/sign-out", {}, { cookie: again.header }), signOutAction as Route));
      expect(out.headers.getSetCookie().some((c) => /^portal\.account=; Max-Age=0/.test(c))).toBe(true);
      expect(again.has("portal.account")).toBe(false);
      const afterSignOut = await serve(await practicePost(again, "Signed-out Clinic"), practicesAction as Route);
      expect(afterSignOut.headers.get("Location")).toBe("/auth?redirectTo=%2Fadmin%2Fpractices");
      expect(await database.db.select().from(keptForms)).toEqual([]);
    });
  });

  describe("the IVR form sent after its session ended", () => {
    const ivrForm = (overrides: Record<string, string> = {}) => ivrFormData({ patientId, providerId, facilityId }, overrides);

    it("becomes the member's draft with its attachment, which sign-in leads back to and sending sends", async () => {
      const jar = await signIn("nurse@sunrise.example");
      await setSession("nurse@sunrise.example", { expiresAt: new Date(Date.now() - 1_000) });
      const form = ivrForm({ draftId: "" });
      form.append("woundPhoto", new File([PNG], "wound.png", { type: "image/png" }));
      const sent = await serve(await formPost("/members/ivrs/new.data", form, { cookie: jar.header, Referer: `${ORIGIN}/members/ivrs/new` }), ivrFormAction as Route);
      expect(sent.status).toBe(302);
      const location = new URL(sent.headers.get("Location")!, ORIGIN);
      expect(location.pathname).toBe("/auth");
      expect(location.searchParams.get("kept")).toBe("1");
      const target = location.searchParams.get("redirectTo")!;
      expect(target).toMatch(/^\/members\/ivrs\/new\?draft=[0-9a-f-]{36}$/);
      const draftId = target.split("=")[1]!;

      const [draft] = await database.db.select().from(ivrs).where(eq(ivrs.id, draftId));
      expect(draft!.status).toBe("draft");
      const files = await database.db.select().from(ivrFiles).where(eq(ivrFiles.ivrId, draftId));
      // Kept as every image is stored: decoded and written anew (so not byte for byte what came).
      expect(files.map((f) => [f.role, f.mimeType])).toEqual([["wound-photo", "image/png"]]);
      expect(files[0]!.size).toBeGreaterThan(0);
      // Sealed like every attachment: neither the name nor the bytes are stored as they came.
      expect(Buffer.from(files[0]!.contentSealed).includes(PNG.subarray(0, 16))).toBe(false);
      expect(files[0]!.nameSealed).not.toContain("wound");

      // Signed in again, the draft comes back with everything typed and the attachment.
      const back = await signIn("nurse@sunrise.example", jar.without("portal.session_token"));
      const resumed = await serve(get(target, back), ivrFormLoader as Route);
      const body = (await resumed.json()) as { draft: { values: Record<string, string>; files: { role: string; name: string }[] } };
      expect(body.draft.values).toMatchObject({ lengthCm: "5", icdPrimary: "I83.012", attestationName: "Ana Ruiz" });
      expect(body.draft.files).toMatchObject([{ role: "wound-photo", name: "wound.png" }]);

      // Sent as it is, the draft is the request, its kept attachment with it.
      const send = await serve(await formPost("/members/ivrs/new", ivrForm({ draftId }), { cookie: back.header }), ivrFormAction as Route);
      expect(send.status).toBe(303);
      expect(send.headers.get("Location")).toBe(`/members/ivrs/${draftId}`);
      const detail = await serve(get(`/members/ivrs/${draftId}`, back), ivrLoader as Route, { id: draftId });
      expect(JSON.stringify(await detail.json())).toContain("wound.png");
      expect((await database.db.select().from(ivrs).where(eq(ivrs.id, draftId)))[0]!.status).toBe("submitted");
    });

    it("a kept attachment can be replaced or removed before sending", async () => {
      const jar = await signIn("nurse@sunrise.example");
      await setSession("nurse@sunrise.example", { expiresAt: new Date(Date.now() - 1_000) });
      const form = ivrForm({ draftId: "", intent: "draft" });
      form.append("woundPhoto", new File([PNG], "first.png", { type: "image/png" }));
      form.append("cardFront", new File([PNG], "card.png", { type: "image/png" }));
      const sent = await serve(await formPost("/members/ivrs/new", form, { cookie: jar.header }), ivrFormAction as Route);
      const draftId = new URL(sent.headers.get("Location")!, ORIGIN).searchParams.get("redirectTo")!.split("=")[1]!;
      const back = await signIn("nurse@sunrise.example", jar.without("portal.session_token"));
      const [card] = await database.db.select().from(ivrFiles).where(eq(ivrFiles.role, "card-front"));

      const again = ivrForm({ draftId, intent: "draft", removeFile: card!.id });
      again.append("woundPhoto", new File([PNG], "second.png", { type: "image/png" }));
      expect((await serve(await formPost("/members/ivrs/new", again, { cookie: back.header }), ivrFormAction as Route)).status).toBe(303);
      const resumed = (await (await serve(get(`/members/ivrs/new?draft=${draftId}`, back), ivrFormLoader as Route)).json()) as { draft: { files: { name: string }[] } };
      expect(resumed.draft.files.map((f) => f.name)).toEqual(["second.png"]);
    });
  });

  describe("redirects after sign-in stay on this site", () => {
    const spellings = {
      "/.//evil.example/phish": "/evil.example/phish",
      "/%2e%2e//evil.example": "/admin",
      "//evil.example/x": "/admin",
      "/%5cevil.example": "/admin",
      "/admin/practices": "/admin/practices",
    };

    it("the sign-in form's redirect (POST), an already signed-in visit to /auth (GET) and the inbox's `back` never answer //host", async () => {
      for (const [target, expected] of Object.entries(spellings)) {
        const jar = new Jar();
        const password = await serve(await formPost("/auth", { email: "staff@site.example", password: PASSWORD, redirectTo: target }), authAction as Route);
        // Staff: the password leads to the second step, which leads where sign-in goes.
        expect(password.headers.get("Location"), target).toBe("/sign-in/two-factor");
        jar.take(password);
        const post = await serve(await formPost("/sign-in/two-factor", { intent: "app", code: appCode() }, { cookie: jar.header }), secondStepAction as Route);
        expect(post.status, target).toBe(302);
        expect(post.headers.get("Location"), target).toBe(expected);
        jar.take(post);
        const visit = await serve(get(`/auth?${new URLSearchParams({ redirectTo: target })}`, jar), authLoader as Route);
        expect(visit.status, target).toBe(302);
        expect(visit.headers.get("Location"), target).toBe(expected);
        const back = await serve(await formPost("/admin", { back: target, intent: "bulk-status", status: "closed" }, { cookie: jar.header }), inboxAction as Route);
        expect(back.status, target).toBe(303);
        const location = back.headers.get("Location")!;
        expect(location, target).toBe(expected === "/admin/practices" || expected === "/evil.example/phish" ? expected : "/admin");
        expect(location.startsWith("//")).toBe(false);
      }
    });
  });
});
