import type { Route } from "./+types/passkey-sign-in";
import { passkeySignInStart, signInWithPasskey } from "~/.server/accounts";
import { readJsonBody } from "~/.server/http/json-body";

/**
 * Signing in with a passkey, in the two steps the sign-in page's script
 * takes: the options with their challenge, then the authenticator's answer.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const body = await readJsonBody(request, 64 * 1024);
  if (!body.ok) return body.answer;
  const { intent, response, redirectTo } = body.value as { intent?: unknown; response?: unknown; redirectTo?: unknown };
  if (intent === "options") return passkeySignInStart(request, context);
  if (intent === "verify") return signInWithPasskey(request, context, response, typeof redirectTo === "string" ? redirectTo : null);
  return Response.json({ message: "Unknown step." }, { status: 400 });
}
