import { redirect } from "react-router";
import type { Route } from "./+types/contact";
import { formProblemToasts, formToasts } from "~/content/forms";
import { invalid, isHoneypotFilled, submitToServer } from "~/lib/form-result";
import { formDataToObject, parseWith } from "~/lib/schemas/common";
import { contactInvalidPath, contactSchema } from "~/lib/schemas/contact";
import { getDb } from "~/server/db/client";
import { redirectWithFlash } from "~/server/flash";
import {
  accepted,
  answersWithData,
  clientKeyOf,
  handleForm,
  limitSubmissions,
  MAX_TEXT_FORM_BYTES,
  readForm,
} from "~/server/submissions/http";
import { submitContact } from "~/server/submissions/kinds";

// The contact form lives in the landing page's #contact section; this route has no page.
export function loader() {
  return redirect("/#contact");
}

const BACK = "/#contact";

export async function action({ request, context }: Route.ActionArgs) {
  // A plain form post (JavaScript off) always goes back to the form.
  const plain = !answersWithData(request);
  return handleForm(async () => {
    const formData = await readForm(request, { maxBytes: MAX_TEXT_FORM_BYTES });
    if (isHoneypotFilled(formData)) return accepted(request, BACK, formToasts.contact.success);
    const limited = await limitSubmissions(context, "contact");
    if (limited) return plain ? redirectWithFlash(BACK, formProblemToasts.rateLimited) : limited;
    const parsed = parseWith(contactSchema, formDataToObject(formData));
    if (!parsed.success) return plain ? redirect(contactInvalidPath(parsed.fieldErrors), 303) : invalid(request, parsed.fieldErrors);
    await submitContact(getDb(), parsed.data, clientKeyOf(formData));
    return accepted(request, BACK, formToasts.contact.success);
  }, plain ? () => redirectWithFlash(BACK, formProblemToasts.serverError) : undefined);
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return submitToServer(serverAction);
}
