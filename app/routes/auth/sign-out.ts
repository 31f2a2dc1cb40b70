import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { submitToServer } from "~/lib/form-result";
import { getUser, signOut } from "~/.server/accounts";
import { answerForm } from "~/.server/http/form-action";

// Signing out changes state, so it is a POST; a visit just goes home.
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  // The sign-out form carries no fields; anything but an (empty) form post is refused.
  return answerForm(request, {
    read: { maxBytes: 1024 },
    intents: async () => {
      // A user that cannot be read (the session already gone, the database down) is still signed out.
      const user = await getUser(request).catch(() => null);
      return signOut(request, context, user?.email ?? null);
    },
  });
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return submitToServer(serverAction);
}
