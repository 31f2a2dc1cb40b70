import { data, redirect } from "react-router";
import type { Route } from "./+types/contact";
import { honeypotAnswer, invalid, isDataRequest, isHoneypotFilled, submitToServer } from "~/lib/form-result";
import { formDataToObject, parseWith } from "~/lib/schemas/common";
import { contactReturnPath, contactSchema } from "~/lib/schemas/contact";

// The contact form lives in the landing page's #contact section; this route has no page.
export function loader() {
  return redirect("/#contact");
}

async function answer(request: Request) {
  const formData = await request.formData();
  if (isHoneypotFilled(formData)) return honeypotAnswer();
  const parsed = parseWith(contactSchema, formDataToObject(formData));
  if (!parsed.success) return invalid(request, parsed.fieldErrors);
  // Storage and mail come with the submissions module: this line becomes its call with parsed.data.
  return data({ ok: false, unavailable: true }, { status: 501 });
}

export async function action({ request }: Route.ActionArgs) {
  const result = await answer(request);
  // A plain form post (JavaScript off) goes back to the form, which shows the result.
  if (!isDataRequest(request)) return redirect(contactReturnPath(result.data), 303);
  return result;
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return submitToServer(serverAction);
}
