import { ensureBuiltIns } from "~/.server/library";
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_REFUSAL } from "~/content/demo";
import { sendAuthorisationReminders } from "~/.server/authorisations";
import { inviteUser } from "~/.server/accounts/users";
import type { Db } from "~/.server/db/client";
import { graftApplications, ivrFollowers, ivrs, orders, orderUnits, outbox, patients, practiceMembers, practices, priorAuthorisations, user } from "~/.server/db/schema";
import { enterDemoCookie } from "~/.server/demo";
import { withSessionScope } from "~/.server/accounts/session-cookies";
import { demoWritesMiddleware } from "~/.server/demo/middleware";
import { takeFlash } from "~/.server/http/flash";
import { mailExpiringSoon, reorderAllPractices } from "~/.server/inventory/jobs";
import { expireDue, recheckCoveredIvrs, removeStaleDrafts } from "~/.server/ivr";
import { eligibilityChecks } from "~/.server/db/schema";
import { mailFollowers } from "~/.server/mail/followers";
import { membershipOfUser, setMemberPractice, DemoPracticeClosed } from "~/.server/practices";
import { addDays } from "~/lib/calendar";
import { IVR_STATUSES } from "~/lib/ivr";
import { ORDER_STATUSES } from "~/lib/orders";
import { parseQueueFilters } from "~/lib/queue-filters";
import { countWaitingIvrs, ivrQueuePage } from "~/.server/ivr";
import { countWaitingOrders, orderCountsByStatus, orderQueuePage } from "~/.server/orders";
import { todayUtc } from "~/.server/ivr";
import { seedDemoPractice } from "../../scripts/seed/demo-practice";
import { tableRoutes } from "../e2e/support/route-table";
import { cookieOf, makeMember, makePatient, makePractice } from "../support/factories";
import { contextFrom, routeCaller, type RouteFunction } from "./support/actions";
import { drivers, suiteDatabase } from "./support/database";
import { loader as inboxLoader } from "~/routes/console/inbox";
import { loader as accountLoader } from "~/routes/auth/account";
import { loader as ivrLoader } from "~/routes/portal/ivrs-detail";
import { loader as patientLoader } from "~/routes/portal/patients-detail";
import { loader as boardLoader } from "~/routes/portal/board";
import { action as demoAction, loader as demoLoader } from "~/routes/public/demo";

/** Every portal route module (app/routes/portal), by its file. */
const modules = import.meta.glob<Record<string, unknown>>("../../app/routes/portal/*.{ts,tsx}", { eager: true });
const moduleOf = (file: string) => modules[`../../app/${file}`]!;

/** The intents a route's action answers (`intents: { name: ... }`), and the form's plain submit. */
function intentsOf(file: string): string[] {
  const source = readFileSync(path.join("app", file), "utf8");
  const block = /intents: \{([\s\S]*?)\n {4}\},?\n/.exec(source)?.[1] ?? "";
  return ["", ...[...block.matchAll(/^ {6}"?([a-z][a-z-]*)"?\s*:/gm)].map((m) => m[1]!)];
}

/** Each table's row count and a checksum of its whole content: any insert, update or delete changes it. */
async function snapshot(db: Db): Promise<Record<string, string>> {
  const result = await db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`);
  const names = (result as unknown as { rows: { tablename: string }[] }).rows.map((r) => r.tablename);
  expect(names.length).toBeGreaterThan(40);
  const out: Record<string, string> = {};
  for (const name of names) {
    const t = sql.identifier(name);
    const rows = (await db.execute(sql`select count(*)::int as n, coalesce(md5(string_agg(r::text, '|' order by r::text)), '') as sum from ${t} r`)) as unknown as {
      rows: { n: number; sum: string }[];
    };
    out[name] = `${rows.rows[0]!.n} ${rows.rows[0]!.sum}`;
  }
  return out;
}

/**
 * The live demo: the portal read as the demo practice's admin, without a
 * session; every write answered "This is a demo: nothing is saved" with
 * nothing written; nothing but the portal opened; and no job or mail that
 * picks practices' records by itself touching the demo practice.
 */
describe.each(drivers)("the live demo on %s", (driver) => {
  const database = suiteDatabase(driver, { patientKey: true });
  // As the root middleware runs every request: in a session scope of its own.
  const caller = routeCaller("198.51.100.20");
  const call: typeof caller = (...args) => withSessionScope({ cookies: [] }, () => caller(...args));
  let demo: string;
  let demoPractice: string;
  let realPractice: string;
  let realIvrPatient: string;
  let ids: { ivr: string; order: string; patient: string; application: string; draft: string };

  beforeAll(async () => {
    const db = database.db;
    realPractice = await makePractice(db, "Real Wound Clinic");
    await makeMember(db, { email: "nurse@real.example", practiceId: realPractice });
    realIvrPatient = await makePatient(db, { practiceId: realPractice });
    demoPractice = (await seedDemoPractice(db, { now: new Date(), patients: 20 })).practiceId;
    demo = (await enterDemoCookie()).split(";")[0]!;
    const first = async (query: Promise<{ id: string }[]>) => (await query)[0]!.id;
    ids = {
      ivr: await first(db.select({ id: ivrs.id }).from(ivrs).where(and(eq(ivrs.practiceId, demoPractice), eq(ivrs.status, "covered"))).limit(1)),
      draft: await first(db.select({ id: ivrs.id }).from(ivrs).where(and(eq(ivrs.practiceId, demoPractice), eq(ivrs.status, "draft"))).limit(1)),
      order: await first(db.select({ id: orders.id }).from(orders).where(and(eq(orders.practiceId, demoPractice), eq(orders.status, "paid"))).limit(1)),
      patient: await first(db.select({ id: patients.id }).from(patients).where(eq(patients.practiceId, demoPractice)).limit(1)),
      application: await first(db.select({ id: graftApplications.id }).from(graftApplications).where(eq(graftApplications.practiceId, demoPractice)).limit(1)),
    };
  });

  /** A route's address with the demo's own records for its parameters. */
  const addressOf = (routePath: string) =>
    routePath
      .replace(/\/ivrs\/0{8}-[0-9-]+/, `/ivrs/${ids.ivr}`)
      .replace(/\/orders\/0{8}-[0-9-]+/, `/orders/${ids.order}`)
      .replace(/\/patients\/0{8}-[0-9-]+/, `/patients/${ids.patient}`)
      .replace(/\/applications\/0{8}-[0-9-]+/, `/applications/${ids.application}`);
  const paramsOf = (address: string): Record<string, string> => {
    const id = /\/(?:ivrs|orders|patients|applications)\/([0-9a-f-]{36})/.exec(address)?.[1];
    return id ? { id } : {};
  };

  it("holds a practice named as sample data, with IVRs and orders in many statuses, read by a member who cannot sign in", async () => {
    const db = database.db;
    const [practice] = await db.select().from(practices).where(eq(practices.id, demoPractice));
    expect(practice).toMatchObject({ name: "Demo Wound Care — sample data", demo: true, holdsStock: true });
    const ivrStatuses = await db.selectDistinct({ s: ivrs.status }).from(ivrs).where(eq(ivrs.practiceId, demoPractice));
    expect(ivrStatuses.length).toBeGreaterThanOrEqual(8);
    const orderStatuses = await db.selectDistinct({ s: orders.status }).from(orders).where(eq(orders.practiceId, demoPractice));
    expect(orderStatuses.length).toBeGreaterThanOrEqual(5);
    const accounts = await db.execute(
      sql`select count(*)::int as n from account a join practice_members m on m.user_id = a.user_id where m.practice_id = ${demoPractice}`,
    );
    expect((accounts as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    // Its members' doings are theirs by their demo addresses; no record names a member of a seeded year.
    const actors = await db.execute(
      sql`select distinct h.actor_email as email from ivr_history h join ivrs i on i.id = h.ivr_id where i.practice_id = ${demoPractice} and h.actor_email like 'p%.m%@demo.example'`,
    );
    expect((actors as unknown as { rows: unknown[] }).rows).toEqual([]);
    const members = await db.execute(sql`select count(*)::int as n from ivr_history h join ivrs i on i.id = h.ivr_id where i.practice_id = ${demoPractice} and h.actor_email like '%@sample-clinic.example'`);
    expect((members as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(0);
  });

  it("answers every write of every portal action 'nothing is saved' and leaves every table as it was", async () => {
    const db = database.db;
    const withAction = tableRoutes.filter((r) => r.file.startsWith("routes/portal/") && r.hasAction);
    expect(withAction.map((r) => r.file).sort()).toEqual(
      expect.arrayContaining(["routes/portal/ivrs-new.tsx", "routes/portal/orders-new.tsx", "routes/portal/practice.tsx", "routes/portal/inventory.tsx", "routes/portal/patients.tsx"]),
    );
    const before = await snapshot(db);
    let sent = 0;
    for (const route of withAction) {
      const action = moduleOf(route.file).action as RouteFunction;
      const address = addressOf(route.postPath);
      const page = address.replace(/\?index$/, "");
      for (const intent of intentsOf(route.file)) {
        // A plausible form: the intent, and the ids and words its forms carry.
        const body = new URLSearchParams({
          intent,
          patientId: ids.patient,
          ivrId: ids.ivr,
          draftId: ids.draft,
          id: ids.order,
          email: "new.person@real.example",
          role: "clinician",
          timeZone: "America/Chicago",
          name: "A new facility",
          firstName: "Ada",
          lastName: "Stone",
          reason: "Not needed",
          note: "Demo",
        });
        for (const asData of [false, true]) {
          const url = `http://localhost${asData ? page.replace(/(\?|$)/, ".data$1") : address}`;
          const request = new Request(url, {
            method: "POST",
            body,
            headers: { cookie: demo, Origin: "http://localhost", Referer: `http://localhost${page}`, "Content-Type": "application/x-www-form-urlencoded" },
          });
          const answer = await call(action, request, paramsOf(address));
          expect(answer.status, `${route.file} ${intent}`).toBe(303);
          expect(answer.headers.get("Location")).toBe(page);
          const flash = await takeFlash(new Request(`http://localhost${page}`, { headers: { cookie: answer.headers.get("Set-Cookie")!.split(";")[0]! } }));
          expect(flash.flash?.title).toBe(DEMO_REFUSAL.title);
          sent++;
        }
      }
    }
    expect(sent).toBeGreaterThan(40);
    expect(await snapshot(db)).toEqual(before);
  });

  it("answers a write in the root middleware, before any route's own middleware or action runs", async () => {
    const request = new Request("http://localhost/members/ivrs/new", { method: "POST", body: "intent=draft", headers: { cookie: demo } });
    let reached = false;
    const thrown = await Promise.resolve()
      .then(() =>
        demoWritesMiddleware({ request, context: contextFrom(), params: {} } as never, async () => {
          reached = true;
          return new Response("reached");
        }),
      )
      .catch((e: unknown) => e);
    expect(reached).toBe(false);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(303);
    // A read goes on to the page.
    await demoWritesMiddleware({ request: new Request("http://localhost/members", { headers: { cookie: demo } }), context: new RouterContextProvider(), params: {} } as never, async () => {
      reached = true;
      return new Response("ok");
    });
    expect(reached).toBe(true);
  });

  it("shows every page of the portal and its downloads to the demo, writing nothing", async () => {
    const db = database.db;
    // The Forms Library's built-in documents are made at the first look of anyone (the site's own set-up, not the demo's).
    await ensureBuiltIns(db);
    const before = await snapshot(db);
    const pages = tableRoutes.filter(
      (r) =>
        r.file.startsWith("routes/portal/") &&
        !r.file.endsWith("events.ts") &&
        // Downloads of a file by its id: the demo has none at the made-up id.
        !r.file.endsWith("ivrs-file.ts") &&
        !r.file.endsWith("messages-file.ts") &&
        !r.file.endsWith("forms-library-file.ts") &&
        !r.file.endsWith("education-file.ts") &&
        !r.path.includes("*"),
    );
    let seen = 0;
    for (const route of pages) {
      const loader = moduleOf(route.file).loader as RouteFunction | undefined;
      if (!loader) continue;
      const address = addressOf(route.path);
      const answer = await call(loader, new Request(`http://localhost${address}`, { headers: { cookie: demo } }), paramsOf(address));
      // A page that needs more than its address (the order form without its IVR) sends the demo to another page of the portal.
      if (answer.status === 302) expect(answer.headers.get("Location"), address).toMatch(/^\/members/);
      else expect(answer.status, address).toBe(200);
      seen++;
    }
    expect(seen).toBeGreaterThan(15);
    expect(await snapshot(db)).toEqual(before);
  });

  it("opens nothing but the portal: not the console, not an account, not another practice's record", async () => {
    const admin = await call(inboxLoader as RouteFunction, new Request("http://localhost/admin", { headers: { cookie: demo } }));
    expect(admin.status).toBe(302);
    expect(admin.headers.get("Location")).toBe("/auth");
    const account = await call(accountLoader as RouteFunction, new Request("http://localhost/account", { headers: { cookie: demo } }));
    expect(account.status).toBe(302);
    expect(account.headers.get("Location")).toMatch(/^\/auth/);
    const elsewhere = await call(patientLoader as RouteFunction, new Request(`http://localhost/members/patients/${realIvrPatient}`, { headers: { cookie: demo } }), { id: realIvrPatient });
    expect(elsewhere.status).toBe(404);
    // A forged demo cookie is nobody's.
    const forged = await call(ivrLoader as RouteFunction, new Request(`http://localhost/members/ivrs/${ids.ivr}`, { headers: { cookie: "portal.demo=eyJkZW1vIjoxfQ%3D%3D" } }), { id: ids.ivr });
    expect(forged.status).toBe(302);
  });

  it("lets a real session win over the demo cookie, and never gives a real account the demo practice", async () => {
    const db = database.db;
    const nurse = await cookieOf("nurse@real.example");
    const mine = await call(ivrLoader as RouteFunction, new Request(`http://localhost/members/ivrs/${ids.ivr}`, { headers: { cookie: `${nurse}; ${demo}` } }), { id: ids.ivr });
    expect(mine.status).toBe(404);
    const [nurseRow] = await db.select({ id: user.id }).from(user).where(eq(user.email, "nurse@real.example"));
    await expect(setMemberPractice(db, nurseRow!.id, demoPractice, "admin")).rejects.toBeInstanceOf(DemoPracticeClosed);
    const invited = await inviteUser(db, { actor: { email: "admin@site.example", ip: null }, ip: null, mailOff: true } as never, {
      email: "someone@real.example",
      role: "member",
      practiceId: demoPractice,
    });
    expect(invited).toMatchObject({ ok: false, status: 409 });
    expect(await db.select().from(user).where(eq(user.email, "someone@real.example"))).toHaveLength(0);
    // Even a membership row put there by hand opens the demo practice to no account that can sign in.
    await db.update(practiceMembers).set({ practiceId: demoPractice }).where(eq(practiceMembers.userId, nurseRow!.id));
    expect(await membershipOfUser(db, nurseRow!.id)).toBeNull();
    await db.update(practiceMembers).set({ practiceId: realPractice }).where(eq(practiceMembers.userId, nurseRow!.id));
  });

  it("keeps the demo practice's records out of staff's queues and counts unless it is chosen", async () => {
    const db = database.db;
    const ivrFilters = (query: string) => parseQueueFilters(new URLSearchParams(query), IVR_STATUSES);
    const orderFilters = (query: string) => parseQueueFilters(new URLSearchParams(query), ORDER_STATUSES);
    const ivrPage = await ivrQueuePage(db, ivrFilters("status=all"));
    expect(ivrPage.rows.filter((r) => r.practiceId === demoPractice)).toEqual([]);
    const chosen = await ivrQueuePage(db, ivrFilters(`status=all&practice=${demoPractice}`));
    expect(chosen.rows.length).toBeGreaterThan(0);
    const orderPage = await orderQueuePage(db, orderFilters("status=all"));
    expect(orderPage.rows.filter((r) => r.practiceId === demoPractice)).toEqual([]);
    expect(await countWaitingIvrs(db)).toBe(0);
    expect(await countWaitingOrders(db)).toBe(0);
    expect(Object.values(await orderCountsByStatus(db, { practiceId: null })).reduce((a, b) => a + b, 0)).toBe(0);
  });

  describe("housekeeping leaves the demo practice out", () => {
    const demoMail = async (db: Db) =>
      (await db.select({ to: outbox.to }).from(outbox)).filter((m) => m.to.endsWith("@sample-clinic.example"));

    it("expires none of its IVRs, however late", async () => {
      const db = database.db;
      const covered = () => db.select({ id: ivrs.id }).from(ivrs).where(and(eq(ivrs.practiceId, demoPractice), inArray(ivrs.status, ["covered", "prior_auth_approved"])));
      const before = (await covered()).length;
      expect(before).toBeGreaterThan(0);
      await expireDue(db, "2099-12-31");
      expect((await covered()).length).toBe(before);
      expect(await demoMail(db)).toEqual([]);
    });

    it("removes none of its drafts, however old", async () => {
      const db = database.db;
      const drafts = () => db.select({ id: ivrs.id }).from(ivrs).where(and(eq(ivrs.practiceId, demoPractice), eq(ivrs.status, "draft")));
      const before = (await drafts()).length;
      expect(before).toBeGreaterThan(0);
      await removeStaleDrafts(db, new Date("2099-12-31"));
      expect((await drafts()).length).toBe(before);
    });

    it("asks no payer about its patients, even were they not marked synthetic", async () => {
      const db = database.db;
      await db.update(patients).set({ synthetic: false }).where(eq(patients.practiceId, demoPractice));
      const connector = { name: "stedi" as const, check: () => Promise.reject(new Error("never asked")) };
      await recheckCoveredIvrs(db, todayUtc(), connector);
      const checks = await db.select({ id: eligibilityChecks.id }).from(eligibilityChecks).innerJoin(ivrs, eq(ivrs.id, eligibilityChecks.ivrId)).where(eq(ivrs.practiceId, demoPractice));
      expect(checks).toEqual([]);
      await db.update(patients).set({ synthetic: true }).where(eq(patients.practiceId, demoPractice));
    });

    it("sends no reminder of its authorisations and verifications", async () => {
      const db = database.db;
      const ending = await db
        .select({ on: ivrs.validUntil })
        .from(ivrs)
        .where(and(eq(ivrs.practiceId, demoPractice), isNotNull(ivrs.validUntil)));
      const auths = await db.select({ on: priorAuthorisations.validTo }).from(priorAuthorisations).innerJoin(ivrs, eq(ivrs.id, priorAuthorisations.ivrId)).where(eq(ivrs.practiceId, demoPractice));
      const days = [...ending.map((e) => e.on!), ...auths.map((a) => a.on)].flatMap((on) => [addDays(on, -30), addDays(on, -7)]);
      expect(days.length).toBeGreaterThan(0);
      for (const day of new Set(days)) await sendAuthorisationReminders(db, day);
      expect(await demoMail(db)).toEqual([]);
    });

    it("drafts no reorder and mails no expiry notice for its stock", async () => {
      const db = database.db;
      const ordersBefore = (await db.select({ id: orders.id }).from(orders).where(eq(orders.practiceId, demoPractice))).length;
      await reorderAllPractices(db, todayUtc());
      expect((await db.select({ id: orders.id }).from(orders).where(eq(orders.practiceId, demoPractice))).length).toBe(ordersBefore);
      const stocked = await db
        .select({ on: orderUnits.expiresOn })
        .from(orderUnits)
        .where(and(eq(orderUnits.practiceId, demoPractice), isNotNull(orderUnits.stockedAt)));
      expect(stocked.length).toBeGreaterThan(0);
      for (const day of new Set(stocked.flatMap((u) => (u.on ? [addDays(u.on, -10)] : [])))) await mailExpiringSoon(db, day);
      expect(await demoMail(db)).toEqual([]);
    });

    it("mails none of its followers when its records change", async () => {
      const db = database.db;
      const [followed] = await db
        .select({ id: ivrFollowers.ivrId })
        .from(ivrFollowers)
        .innerJoin(ivrs, eq(ivrs.id, ivrFollowers.ivrId))
        .where(eq(ivrs.practiceId, demoPractice))
        .limit(1);
      expect(followed).toBeDefined();
      const queued = await mailFollowers(db, { kind: "ivr", id: followed!.id, except: null, mail: { subject: "IVR changed", text: "changed" } });
      expect(queued).toBe(0);
      expect(await demoMail(db)).toEqual([]);
    });
  });
});

describe.each(drivers)("the live demo's door, /demo, on %s", (driver) => {
  const database = suiteDatabase(driver, { patientKey: true });
  const call = routeCaller("198.51.100.21");

  it("says the demo is not set up, and how, when there is no demo practice; opens it once there is; and leaves it", async () => {
    const missing = await call(demoLoader as RouteFunction, new Request("http://localhost/demo"));
    expect(missing.status).toBe(503);
    expect(missing.body).toEqual({ state: "not-set-up" });

    await seedDemoPractice(database.db, { now: new Date(), patients: 20 });
    const opened = await call(demoLoader as RouteFunction, new Request("http://localhost/demo"));
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe("/members");
    const cookie = opened.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/^portal\.demo=.+HttpOnly/i);
    // The cookie reads the portal as the demo practice's admin.
    const board = await withSessionScope({ cookies: [] }, () =>
      call(boardLoader as RouteFunction, new Request("http://localhost/members", { headers: { cookie: cookie.split(";")[0]! } })),
    );
    expect(board.status).toBe(200);

    const left = await call(
      demoAction as RouteFunction,
      new Request("http://localhost/demo", { method: "POST", body: "intent=leave", headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": "12" } }),
    );
    expect(left.status).toBe(303);
    expect(left.headers.get("Location")).toBe("/ordering");
    expect(left.headers.get("Set-Cookie")).toMatch(/^portal\.demo=;.*Max-Age=0/i);

    // Running the seed again replaces the demo practice: still one.
    await seedDemoPractice(database.db, { now: new Date(), patients: 20 });
    expect(await database.db.select({ id: practices.id }).from(practices).where(eq(practices.demo, true))).toHaveLength(1);
  });
});
