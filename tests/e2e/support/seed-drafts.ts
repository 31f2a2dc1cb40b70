// An IVR draft of the uploader's last saved 25 days ago, written before the
// server starts: the board says it goes in five days unless it is saved.
import { eq } from "drizzle-orm";
import type { Db } from "~/.server/db/client";
import { ivrs, user } from "~/.server/db/schema";
import { saveDraft } from "~/.server/ivr";
import { practiceOfUser } from "~/.server/practices";
import { portalAccounts } from "./accounts";

export async function seedOldDraft(db: Db) {
  const [member] = await db.select({ id: user.id }).from(user).where(eq(user.email, portalAccounts.uploader.email));
  const practice = await practiceOfUser(db, member!.id);
  const id = await saveDraft(db, { practiceId: practice!.id, userId: member!.id, values: { woundLocation: "foot", lengthCm: "2" } });
  await db.update(ivrs).set({ updatedAt: new Date(Date.now() - 25 * 86_400_000) }).where(eq(ivrs.id, id!));
}
