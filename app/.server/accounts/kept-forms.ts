import { and, asc, eq, gt, lt } from "drizzle-orm";
import { redirect } from "react-router";
import { refererPath } from "~/lib/safe-path";
import type { KeptForm } from "~/lib/use-site";
import { openJson, sealJson } from "~/.server/crypto";
import type { Db } from "~/.server/db/client";
import { keptForms } from "~/.server/db/schema";
import { siteOrigin } from "~/.server/env";
import { readForm } from "~/.server/http/form-body";
import { KEPT_FORM_MINUTES, keptFormCookie } from "~/.server/accounts/session-cookies";

/**
 * Forms sent after their session ended. Whatever portal or console form it
 * was, the guard (`requireUser`) keeps what it held before sending the person
 * to sign in: its text values, sealed with the patient-data key (they may be
 * health data) for the account the ended session belonged to, for an hour.
 * Sign-in leads back to the form's page, whose root loader takes the values
 * (removing them) and the page fills the form in again. Nothing of it is kept
 * in the browser.
 */

const CONTEXT = "kept_forms.form";

/** The account a kept form belongs to. */
export type KeptFormOwner = { id: string; email: string; role: string };

/**
 * A route's own way to keep a form sent after its session ended (the IVR's
 * draft): answers the page sign-in should lead back to, or null when nothing
 * could be kept.
 */
export type KeepSentForm = (owner: KeptFormOwner, request: Request) => Promise<string | null>;

/** What comes back to a page: the form (by the path it posted to), its values in order, and the file controls that had a file (files are not kept). */
export type KeptFormForPage = KeptForm;

type Sealed = { owner: string; page: string; action: string; fields: [string, string][]; files: string[] };

/** Controls never kept: the submission's key, a confirmation, the honeypot, and anything that is a password. */
const NOT_KEPT = new Set(["clientKey", "confirmed", "website", "_data"]);
const isSecret = (name: string) => /password|passcode|token|secret/i.test(name) || name === "confirm";

/** The most text a kept form holds (a person's typing, not a file). */
const MAX_KEPT_CHARS = 256 * 1024;

/** Any form of the portal or console: the largest body the site takes, files read and dropped. */
const READ = {
  maxBytes: 32 * 1024 * 1024,
  multipart: { fields: 1000, files: 20, fieldBytes: 100_000, fileBytes: 32 * 1024 * 1024 },
} as const;

/** The path a form posted to: a data request's address without `.data` (React Router's). */
export function actionPathOf(request: Request): string {
  const path = new URL(request.url).pathname.replace(/\.data$/, "");
  return path === "/_root" ? "/" : path || "/";
}

/**
 * Keeps a form sent after its session ended (with `keep`, the route's own
 * way) and answers the redirect to sign-in that leads back to its page, or
 * null when nothing was kept.
 */
export async function keepSentForm(db: Db, request: Request, owner: KeptFormOwner, keep?: KeepSentForm): Promise<Response | null> {
  if (keep) {
    const page = await keep(owner, request);
    return page ? redirect(`/auth?${new URLSearchParams({ redirectTo: page, kept: "1" })}`) : null;
  }
  const action = actionPathOf(request);
  // The page the form was on (a fetcher posts to its route's address, which may be another). Behind a
  // proxy that ends TLS the request's own origin is http: the Referer names PUBLIC_URL's then.
  const referer = request.headers.get("referer");
  const page = refererPath(referer, new URL(request.url).origin, "") || refererPath(referer, siteOrigin(), action);
  const formData = await readForm(request, READ);
  const fields: [string, string][] = [];
  const files = new Set<string>();
  let chars = 0;
  for (const [name, value] of formData.entries()) {
    if (NOT_KEPT.has(name) || isSecret(name)) continue;
    if (typeof value !== "string") {
      if (value.size > 0 || value.name !== "") files.add(name);
      continue;
    }
    chars += name.length + value.length;
    fields.push([name, value]);
  }
  // Nothing typed (a button's form), or far more than a person types: nothing to keep.
  if (!fields.some(([name, value]) => name !== "intent" && value !== "") || chars > MAX_KEPT_CHARS) return null;
  await keepForm(db, owner.id, { page, action, fields, files: [...files] });
  return redirect(`/auth?${new URLSearchParams({ redirectTo: page, kept: "1" })}`, {
    headers: { "Set-Cookie": await keptFormCookie().serialize("1") },
  });
}

export async function keepForm(db: Db, owner: string, form: Omit<Sealed, "owner">): Promise<string> {
  const [row] = await db
    .insert(keptForms)
    .values({ userId: owner, formSealed: sealJson({ owner, ...form } satisfies Sealed, CONTEXT), expiresAt: new Date(Date.now() + KEPT_FORM_MINUTES * 60_000) })
    .returning({ id: keptForms.id });
  return row!.id;
}

const pathOf = (page: string) => new URL(page, "http://site.invalid").pathname;

/**
 * The newest form `userId` kept for the page at `pathname`, removed as it is
 * taken (two tabs cannot both take it), and whether others are still kept.
 */
export async function takeKeptForm(db: Db, { userId, pathname }: { userId: string; pathname: string }): Promise<{ form: KeptFormForPage | null; more: boolean }> {
  const rows = await db
    .select({ id: keptForms.id, sealed: keptForms.formSealed })
    .from(keptForms)
    .where(and(eq(keptForms.userId, userId), gt(keptForms.expiresAt, new Date())))
    .orderBy(asc(keptForms.createdAt));
  for (const row of rows.reverse()) {
    const kept = openJson<Sealed>(row.sealed, CONTEXT);
    // Sealed with its owner: a value moved to another account's row does not come back.
    if (kept.owner !== userId || pathOf(kept.page) !== pathname) continue;
    const [taken] = await db.delete(keptForms).where(eq(keptForms.id, row.id)).returning({ id: keptForms.id });
    if (!taken) continue;
    return { form: { id: row.id, action: kept.action, fields: kept.fields, files: kept.files }, more: rows.length > 1 };
  }
  return { form: null, more: rows.length > 0 };
}

/** Drops kept forms nobody came back for. */
export async function pruneKeptForms(db: Db, now = new Date()) {
  await db.delete(keptForms).where(lt(keptForms.expiresAt, now));
}
