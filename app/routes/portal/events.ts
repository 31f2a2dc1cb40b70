import type { Route } from "./+types/events";
import { getUser } from "~/.server/accounts";
import { statusStream } from "~/.server/events/stream";
import { requirePractice } from "./member.server";

/**
 * The practice's status changes as server-sent events, and only this
 * practice's. Each heartbeat checks the session: a member signed out or
 * disabled elsewhere stops hearing.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { user, practice } = await requirePractice(request, "ivr.read");
  // The live demo has no session to end: its stream lasts while the page is open.
  return statusStream(request, { scope: practice.id, stillAllowed: async () => Boolean(user.demo ?? (await getUser(request))) });
}
