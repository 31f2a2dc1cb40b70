import { eq } from "drizzle-orm";
import { requireUser, type SessionUser } from "~/.server/accounts";
import { getDb } from "~/.server/db/client";
import { partners } from "~/.server/db/schema";

export type SignedInPartner = { user: SessionUser; partner: { id: string; name: string; code: string; parentId: string | null } };

/**
 * The signed-in sales partner and their partner record. Every loader and
 * action of the partner area (/partners) calls it first: anyone else gets 403,
 * and a partner reads only what their own id scopes.
 */
export async function requirePartner(request: Request): Promise<SignedInPartner> {
  const user = await requireUser(request);
  if (user.role !== "partner") throw new Response("Forbidden", { status: 403, statusText: "Forbidden" });
  const [partner] = await getDb()
    .select({ id: partners.id, name: partners.name, code: partners.code, parentId: partners.parentId })
    .from(partners)
    .where(eq(partners.userId, user.id))
    .limit(1);
  if (!partner) throw new Response("Forbidden", { status: 403, statusText: "Forbidden" });
  return { user, partner };
}
