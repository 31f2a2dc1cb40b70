import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { submitToServer } from "~/lib/form-result";
import { getUser } from "~/server/auth";
import { signOut } from "~/server/sign-in";

// Signing out changes state, so it is a POST; a visit just goes home.
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await getUser(request).catch(() => null);
  return signOut(request, context, user?.email ?? null);
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return submitToServer(serverAction);
}
