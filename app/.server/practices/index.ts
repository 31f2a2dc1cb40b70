import { eq } from "drizzle-orm";
import type { Db } from "~/.server/db/client";
import { practiceMembers, practices } from "~/.server/db/schema";

/**
 * Practices and their members. A member belongs to exactly one practice;
 * every portal query is scoped by it (`practiceOfUser`), so another
 * practice's records are simply not found.
 */

export type Practice = typeof practices.$inferSelect;

/** "Sunrise  Wound Care " and "sunrise wound care" name one practice. */
export function practiceNameKey(name: string): string {
  return name.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();
}

export function cleanPracticeName(name: string): string {
  return name.normalize("NFKC").trim().replace(/\s+/g, " ");
}

/** The practice of that name, created when new. Safe when two callers race: the unique name key decides. */
export async function findOrCreatePractice(db: Db, name: string): Promise<{ practice: Practice; created: boolean }> {
  const clean = cleanPracticeName(name);
  if (!clean) throw new Error("A practice needs a name.");
  const nameKey = practiceNameKey(clean);
  const [inserted] = await db.insert(practices).values({ name: clean, nameKey }).onConflictDoNothing().returning();
  if (inserted) return { practice: inserted, created: true };
  const [existing] = await db.select().from(practices).where(eq(practices.nameKey, nameKey));
  return { practice: existing!, created: false };
}

/** Puts the user in the practice, moving them when they were in another. */
export async function setMemberPractice(db: Db, userId: string, practiceId: string) {
  await db
    .insert(practiceMembers)
    .values({ userId, practiceId })
    .onConflictDoUpdate({ target: practiceMembers.userId, set: { practiceId } });
}

/** The practice a member works for, or null when they are in none. */
export async function practiceOfUser(db: Db, userId: string): Promise<Practice | null> {
  const [row] = await db
    .select({ practice: practices })
    .from(practiceMembers)
    .innerJoin(practices, eq(practices.id, practiceMembers.practiceId))
    .where(eq(practiceMembers.userId, userId));
  return row?.practice ?? null;
}
