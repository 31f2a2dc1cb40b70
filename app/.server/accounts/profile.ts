import { eq } from "drizzle-orm";
import { timeZoneOf, type TimeZone } from "~/content/time-zones";
import type { ProfileInput } from "~/lib/schemas/profile";
import { audit, type Actor } from "~/.server/audit";
import type { Db } from "~/.server/db/client";
import { user } from "~/.server/db/schema";
import { inTransaction } from "~/.server/db/transaction";

/** A staff member's own profile: the name others see, the email they sign in with, the zone they read times in. */
export type Profile = { name: string; email: string; timeZone: TimeZone };

export async function getProfile(db: Db, userId: string): Promise<Profile | null> {
  const [row] = await db.select({ name: user.name, email: user.email, timeZone: user.timeZone }).from(user).where(eq(user.id, userId));
  return row ? { ...row, timeZone: timeZoneOf(row.timeZone) } : null;
}

/** The zone a staff member reads times in (the default until they choose one). */
export async function timeZoneOfUser(db: Db, userId: string): Promise<TimeZone> {
  const [row] = await db.select({ timeZone: user.timeZone }).from(user).where(eq(user.id, userId));
  return timeZoneOf(row?.timeZone);
}

/** Saves the profile with an audit row naming what changed; answers null when the account is gone. */
export async function updateProfile(db: Db, { userId, actor, input }: { userId: string; actor: Actor; input: ProfileInput }): Promise<Profile | null> {
  return inTransaction(db, async (tx) => {
    const [before] = await tx.select({ name: user.name, timeZone: user.timeZone }).from(user).where(eq(user.id, userId)).for("update");
    if (!before) return null;
    const [row] = await tx
      .update(user)
      .set({ name: input.name, timeZone: input.timeZone, updatedAt: new Date() })
      .where(eq(user.id, userId))
      .returning({ name: user.name, email: user.email, timeZone: user.timeZone });
    const changed = [
      before.name !== input.name ? "name" : null,
      timeZoneOf(before.timeZone) !== input.timeZone ? `time zone ${timeZoneOf(before.timeZone)} -> ${input.timeZone}` : null,
    ].filter(Boolean);
    if (changed.length > 0) await audit(tx, { actorEmail: actor.email, action: "profile.update", target: row!.email, ip: actor.ip, detail: changed.join(", ") });
    return { ...row!, timeZone: timeZoneOf(row!.timeZone) };
  });
}
