import type { Route } from "./+types/passkeys";
import { getUser } from "~/.server/accounts";
import { passkeyRegistrationOptions, registerPasskey } from "~/.server/accounts";
import { getDb } from "~/.server/db/client";
import { clientInfo } from "~/.server/request-context";
import { readJsonBody } from "~/.server/http/json-body";

/**
 * A new passkey of the signed-in account, in two steps the page's script
 * takes (components/account/passkey-buttons.tsx): the options with their
 * challenge, then the authenticator's answer to keep. JSON only: a form of
 * another site cannot send it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await getUser(request);
  if (!user) return Response.json({ message: "Your session has ended: sign in again." }, { status: 401 });
  const body = await readJsonBody(request, 64 * 1024);
  if (!body.ok) return body.answer;
  const { intent, response, name } = body.value as { intent?: unknown; response?: unknown; name?: unknown };
  if (intent === "options") return passkeyRegistrationOptions(request, user.email);
  if (intent === "register") {
    const label = typeof name === "string" && name.trim() ? name.trim().slice(0, 60) : "Passkey";
    const kept = await registerPasskey(getDb(), request, {
      userId: user.id,
      sessionId: user.sessionId,
      response,
      name: label,
      actor: { email: user.email, ip: clientInfo(context).ip },
    });
    if (!kept.ok) return Response.json({ message: kept.message }, { status: 400 });
    const headers = new Headers({ "Cache-Control": "no-store" });
    for (const cookie of kept.cookies) headers.append("Set-Cookie", cookie);
    return Response.json({ ok: true, message: `Your passkey "${label}" is saved.` }, { headers });
  }
  return Response.json({ message: "Unknown step." }, { status: 400 });
}
