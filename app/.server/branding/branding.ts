import { and, eq, isNotNull, sql } from "drizzle-orm";
import { audit, type Actor } from "~/.server/audit";
import type { Db } from "~/.server/db/client";
import { brandings, partnerPractices, partners, practiceMembers, practices, user } from "~/.server/db/schema";
import { inTransaction } from "~/.server/db/transaction";
import type { Brand, PortalBrand } from "~/lib/branding";
import { checkAccent } from "~/lib/contrast";
import { prepareLogo } from "./logo";
import { TEXT_COLOURS } from "./theme";

/**
 * A practice's or a partner's branding: a logo and an accent colour. The
 * practice's show in its portal's header and its members' mails; a
 * partner's on their referral page and, for the practices that came through
 * them, as a "brought to you by" mark. Nothing here is patient data.
 */
export type BrandOwner = { practiceId: string } | { partnerId: string };

const ownerColumn = (owner: BrandOwner) => ("practiceId" in owner ? eq(brandings.practiceId, owner.practiceId) : eq(brandings.partnerId, owner.partnerId));
const ownerTarget = (owner: BrandOwner) => ("practiceId" in owner ? owner.practiceId : owner.partnerId);

const brandColumns = {
  id: brandings.id,
  accentColor: brandings.accentColor,
  logoWidth: brandings.logoWidth,
  logoHeight: brandings.logoHeight,
  logoSha256: brandings.logoSha256,
};

type BrandRow = { id: string; accentColor: string | null; logoWidth: number | null; logoHeight: number | null; logoSha256: string | null };

/** The logo's address: `v` names the bytes, so a new logo is a new address. */
export function logoPath(id: string, sha256: string): string {
  return `/brand/${id}/logo?v=${sha256.slice(0, 16)}`;
}

function viewOf(row: BrandRow): Brand {
  const checked = row.accentColor ? checkAccent(row.accentColor, TEXT_COLOURS) : null;
  return {
    id: row.id,
    accentColor: checked?.ok ? checked.colour : null,
    accentText: checked?.ok ? checked.text : null,
    logo: row.logoSha256 && row.logoWidth && row.logoHeight ? { src: logoPath(row.id, row.logoSha256), width: row.logoWidth, height: row.logoHeight } : null,
  };
}

/** The owner's branding, or null when they have none (or an empty one: no logo and no colour). */
export async function getBrand(db: Db, owner: BrandOwner): Promise<Brand | null> {
  const [row] = await db.select(brandColumns).from(brandings).where(ownerColumn(owner)).limit(1);
  if (!row) return null;
  const brand = viewOf(row);
  return brand.logo || brand.accentColor ? brand : null;
}

export type BrandChange = {
  owner: BrandOwner;
  actor: Actor;
  /** The accent as checked by the form's schema (null: none). */
  accentColor: string | null;
  /** A new logo, as checkFile gave it; undefined keeps the one there is. */
  logo?: { bytes: Uint8Array; mimeType: string };
  removeLogo?: boolean;
};

/**
 * Saves the owner's branding and its audit row in one transaction: the
 * accent (checked again here: a colour no text reaches AA on is never
 * stored) and a logo scaled to the header's size, or none.
 */
export async function saveBrand(db: Db, change: BrandChange): Promise<Brand> {
  const { owner, actor } = change;
  if (change.accentColor !== null && !checkAccent(change.accentColor, TEXT_COLOURS).ok) throw new Error("An accent colour without AA contrast reached saveBrand.");
  const logo = change.logo ? await prepareLogo(change.logo.bytes, change.logo.mimeType) : undefined;
  return inTransaction(db, async (tx) => {
    const [before] = await tx.select(brandColumns).from(brandings).where(ownerColumn(owner)).for("update");
    const logoValues = logo
      ? { logo: logo.bytes, logoType: logo.mimeType, logoWidth: logo.width, logoHeight: logo.height, logoSha256: logo.sha256 }
      : change.removeLogo
        ? { logo: null, logoType: null, logoWidth: null, logoHeight: null, logoSha256: null }
        : {};
    const values = { accentColor: change.accentColor, ...logoValues, updatedBy: actor.email, updatedAt: sql`now()` };
    const [row] = before
      ? await tx.update(brandings).set(values).where(eq(brandings.id, before.id)).returning(brandColumns)
      : await tx
          .insert(brandings)
          .values({ ...("practiceId" in owner ? { practiceId: owner.practiceId } : { partnerId: owner.partnerId }), ...values })
          .returning(brandColumns);
    const what = [
      (before?.accentColor ?? null) !== change.accentColor ? `accent ${before?.accentColor ?? "none"} -> ${change.accentColor ?? "none"}` : null,
      logo ? `logo ${logo.mimeType} ${logo.width}x${logo.height}` : change.removeLogo && before?.logoSha256 ? "logo removed" : null,
    ].filter(Boolean);
    await audit(tx, {
      actorEmail: actor.email,
      action: "practiceId" in owner ? "practice.branding" : "partner.branding",
      target: ownerTarget(owner),
      ip: actor.ip,
      detail: what.length > 0 ? what.join("; ") : "unchanged",
    });
    return viewOf(row!);
  });
}

/** A logo's bytes to serve, or null. */
export async function readLogo(db: Db, id: string): Promise<{ bytes: Uint8Array; mimeType: string; sha256: string } | null> {
  const [row] = await db
    .select({ bytes: brandings.logo, mimeType: brandings.logoType, sha256: brandings.logoSha256 })
    .from(brandings)
    .where(and(eq(brandings.id, id), isNotNull(brandings.logo)))
    .limit(1);
  if (!row?.bytes || !row.mimeType || !row.sha256) return null;
  return { bytes: row.bytes, mimeType: row.mimeType, sha256: row.sha256 };
}

/**
 * The portal header's branding of a practice, or null when neither the
 * practice nor a partner it came through has any (the header is then as
 * it always was). The partner's mark needs the partner's own branding.
 */
export async function portalBrand(db: Db, practiceId: string): Promise<PortalBrand | null> {
  const [[practice], [partner]] = await Promise.all([
    db.select({ name: practices.name }).from(practices).where(eq(practices.id, practiceId)).limit(1),
    db
      .select({ id: partners.id, name: partners.name })
      .from(partnerPractices)
      .innerJoin(partners, eq(partners.id, partnerPractices.partnerId))
      .where(eq(partnerPractices.practiceId, practiceId))
      .limit(1),
  ]);
  if (!practice) return null;
  const [brand, partnerBrand] = await Promise.all([getBrand(db, { practiceId }), partner ? getBrand(db, { partnerId: partner.id }) : null]);
  if (!brand && !partnerBrand) return null;
  return { practiceName: practice.name, brand, partner: partner && partnerBrand ? { name: partner.name, logo: partnerBrand.logo } : null };
}

/**
 * The branding of the practice a mail's recipient belongs to: a member's
 * mail (status changes, sign-in links, invitations) carries their practice's
 * logo and accent; anyone else's mail, none.
 */
export async function brandOfRecipient(
  db: Db,
  email: string,
): Promise<{ practiceName: string; accentColor: string | null; accentText: "light" | "dark" | null; logo: { bytes: Uint8Array; mimeType: string; width: number; height: number } | null } | null> {
  const [row] = await db
    .select({
      practiceName: practices.name,
      accentColor: brandings.accentColor,
      logo: brandings.logo,
      logoType: brandings.logoType,
      logoWidth: brandings.logoWidth,
      logoHeight: brandings.logoHeight,
    })
    .from(user)
    .innerJoin(practiceMembers, eq(practiceMembers.userId, user.id))
    .innerJoin(practices, eq(practices.id, practiceMembers.practiceId))
    .innerJoin(brandings, eq(brandings.practiceId, practices.id))
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
    .limit(1);
  if (!row) return null;
  const checked = row.accentColor ? checkAccent(row.accentColor, TEXT_COLOURS) : null;
  const logo = row.logo && row.logoType && row.logoWidth && row.logoHeight ? { bytes: row.logo, mimeType: row.logoType, width: row.logoWidth, height: row.logoHeight } : null;
  if (!logo && !checked?.ok) return null;
  return { practiceName: row.practiceName, accentColor: checked?.ok ? checked.colour : null, accentText: checked?.ok ? checked.text : null, logo };
}
