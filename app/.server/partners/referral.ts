import { eq, sql } from "drizzle-orm";
import type { Db } from "~/.server/db/client";
import { partners } from "~/.server/db/schema";
import { signedCookie } from "~/.server/http/signed-cookie";

/**
 * A sales partner's referral: /r/CODE sets this first-party cookie for 90
 * days, and a consultation request or a portal access request sent with it is
 * attributed to the partner. Signed, so a code cannot be planted by another
 * site; it holds the code only.
 */
export const REFERRAL_DAYS = 90;
const referralCookie = signedCookie("referral", { maxAge: REFERRAL_DAYS * 24 * 60 * 60 });

/** A referral code as typed or linked: letters and digits, compared without case. */
export function normaliseReferralCode(code: string | null | undefined): string | null {
  const folded = (code ?? "").trim().toUpperCase();
  return /^[A-Z0-9]{4,16}$/.test(folded) ? folded : null;
}

/** The code the visitor's browser carries, if any. */
export async function referralCodeOf(request: Request): Promise<string | null> {
  const value: unknown = await referralCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" ? normaliseReferralCode(value) : null;
}

/** The Set-Cookie header that remembers the code. */
export function rememberReferral(code: string): Promise<string> {
  return referralCookie().serialize(code);
}

/** The partner a code names, or null (an unknown code attributes nothing). */
export async function partnerOfCode(db: Db, code: string | null | undefined): Promise<{ id: string; name: string; code: string } | null> {
  const folded = normaliseReferralCode(code);
  if (!folded) return null;
  const [row] = await db
    .select({ id: partners.id, name: partners.name, code: partners.code })
    .from(partners)
    .where(eq(sql`upper(${partners.code})`, folded))
    .limit(1);
  return row ?? null;
}
