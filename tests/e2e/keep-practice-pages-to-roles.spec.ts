import { expect, test } from "@playwright/test";
import type { PracticeRole } from "~/lib/practice-roles";
import { MAIN_ORIGIN } from "./support/sessions";
import { portalRoutes } from "./support/route-table";
import { rolePractice } from "./support/seed-roles";

/**
 * Each practice role gets exactly its set of the portal: every address of the
 * route table (app/routes.ts) is asked for by a member of each role, and a
 * page outside the role answers 403 while one inside answers anything else
 * (the page, or 404 for the made-up record). The table below is this test's
 * own reading of the roles, not the app's: a route added without its
 * guard, or a guard that lets a role through, fails here.
 */
const ALL: readonly PracticeRole[] = ["admin", "clinician", "office", "billing"];
const WORK: readonly PracticeRole[] = ["admin", "clinician", "office"];
const ZERO = "00000000-0000-0000-0000-000000000000";

const EXPECTED: Record<string, readonly PracticeRole[]> = {
  "/members": ALL,
  "/members/ivrs/new": WORK,
  [`/members/ivrs/${ZERO}`]: ALL,
  "/members/orders": ALL,
  "/members/orders/new": WORK,
  [`/members/orders/${ZERO}`]: ALL,
  "/members/invoices": ["admin", "billing"],
  "/members/recalls": WORK,
  "/members/events": ALL,
  [`/members/ivrs/${ZERO}/files/${ZERO}`]: ALL,
  // A thread's file: the made-up one is not found for any role that reads the record (its kind decides the rest).
  [`/members/ivrs/${ZERO}/messages/${ZERO}`]: ALL,
  [`/members/orders/${ZERO}/messages/${ZERO}`]: ALL,
  [`/members/orders/${ZERO}/packing-list.pdf`]: ALL,
  [`/members/orders/${ZERO}/invoice.pdf`]: ["admin", "billing"],
  [`/members/applications/${ZERO}/record.pdf`]: ["admin", "clinician"],
  "/members/practice": ["admin"],
  "/members/patients": WORK,
  [`/members/patients/${ZERO}`]: WORK,
  "/members/inventory": WORK,
  "/members/inventory/apply": ["admin", "clinician"],
  [`/members/applications/${ZERO}`]: ["admin", "clinician", "billing"],
  // Every member may chat with support.
  "/members/chat": ALL,
};

/** Posts a form may send to a page whose every change needs more than reading it. */
const POSTS: Record<string, readonly PracticeRole[]> = {
  "/members/ivrs/new": WORK,
  "/members/orders/new": WORK,
  "/members/practice": ["admin"],
  "/members/patients": WORK,
  "/members/inventory": WORK,
  "/members/inventory/apply": ["admin", "clinician"],
  "/members?index": WORK,
};

async function signInCookie(email: string, password: string): Promise<string> {
  const answer = await fetch(`${MAIN_ORIGIN}/auth`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: MAIN_ORIGIN },
    body: new URLSearchParams({ email, password }).toString(),
    redirect: "manual",
  });
  await answer.arrayBuffer();
  expect(answer.status, `sign-in of ${email}`).toBe(302);
  return answer.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** The status alone: an event stream stays open, so its body is not waited for. */
async function statusOf(path: string, cookie: string, init: RequestInit = {}): Promise<number> {
  const answer = await fetch(`${MAIN_ORIGIN}${path}`, { ...init, headers: { cookie, origin: MAIN_ORIGIN, ...init.headers }, redirect: "manual" });
  await answer.body?.cancel();
  return answer.status;
}

test("the table names every portal address of the route table", () => {
  const addresses = [...new Set(portalRoutes.map((r) => r.path))];
  expect(addresses.sort()).toEqual(Object.keys(EXPECTED).sort());
});

for (const role of ALL) {
  test(`a ${role} member gets exactly the ${role}'s pages, downloads, stream and actions`, async () => {
    const { email, password } = rolePractice.members[role];
    const cookie = await signInCookie(email, password);
    for (const [path, roles] of Object.entries(EXPECTED)) {
      const status = await statusOf(path, cookie);
      if (roles.includes(role)) expect(status, `GET ${path}`).not.toBe(403);
      else expect(status, `GET ${path}`).toBe(403);
    }
    for (const [path, roles] of Object.entries(POSTS)) {
      const body = new URLSearchParams({ intent: "nothing" }).toString();
      const status = await statusOf(path, cookie, { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" } });
      if (roles.includes(role)) expect(status, `POST ${path}`).not.toBe(403);
      else expect(status, `POST ${path}`).toBe(403);
    }
  });
}
