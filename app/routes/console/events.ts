import type { Route } from "./+types/events";
import { getUser, isStaff, requireRole } from "~/.server/accounts";
import { statusStream } from "~/.server/events/stream";

/**
 * Every practice's status changes as server-sent events, for the console's
 * queues and menu counts: staff only (a member gets 403). Each heartbeat
 * checks the session again: signed out, disabled or no longer staff, the
 * stream ends.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "staff");
  return statusStream(request, {
    scope: "*",
    stillAllowed: async () => {
      const user = await getUser(request);
      return Boolean(user && isStaff(user));
    },
  });
}
