import { redirect } from "react-router";
import type { Route } from "./+types/contact";
import { submitToServer } from "~/lib/form-result";
import { contactAction } from "~/.server/submissions";

// The contact form lives in the landing page's #contact section; this route has no page.
export function loader() {
  return redirect("/#contact");
}

export async function action({ request, context }: Route.ActionArgs) {
  return contactAction(request, context);
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return submitToServer(serverAction);
}
