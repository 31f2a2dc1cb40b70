import type { Route } from "./+types/session";
import { sessionStatus } from "~/.server/accounts";

/**
 * The session's status for a page with a form (components/session): how long
 * until it ends, read without renewing it (GET), or after renewing it (POST:
 * the person is typing, or chose "Stay signed in"). JSON, never stored.
 */
const answer = (status: Awaited<ReturnType<typeof sessionStatus>>) =>
  Response.json(status, { status: status.signedIn ? 200 : 401, headers: { "Cache-Control": "no-store" } });

export async function loader({ request }: Route.LoaderArgs) {
  return answer(await sessionStatus(request, { renew: false }));
}

export async function action({ request }: Route.ActionArgs) {
  // The renewal carries no form: nothing is read.
  return answer(await sessionStatus(request, { renew: true }));
}
