import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { submitToServer } from "~/lib/form-result";
import { getUser, signOut } from "~/.server/accounts";
import { readFormOrRefuse } from "~/.server/http/form-body";

// Signing out changes state, so it is a POST; a visit just goes home.
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  // The sign-out form carries no fields; anything but an (empty) form post is refused.
  await readFormOrRefuse(request, { maxBytes: 1024 });
  const user = await getUser(request).catch(() => null);
  return signOut(request, context, user?.email ?? null);
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return submitToServer(serverAction);
}
