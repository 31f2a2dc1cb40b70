import type { RouterContextProvider } from "react-router";
import { formToasts } from "~/content/forms";
import { contactSchema } from "~/lib/schemas/contact";
import { contactInvalidPath } from "~/lib/schemas/contact-return";
import { submitTextForm } from "~/.server/http/form-body";
import { submitContact } from "./kinds";

/**
 * The contact form's action. A plain form post (JavaScript off) goes back to
 * the form: posted to the landing page itself (`inPlace`, as the form does), bad
 * input is answered there with what was typed and the messages; posted here,
 * it returns to /#contact naming the fields to fix.
 */
export async function contactAction(request: Request, context: Readonly<RouterContextProvider>, { inPlace = false } = {}) {
  return submitTextForm({
    request,
    context,
    form: "contact",
    schema: contactSchema,
    multiline: ["message"],
    backTo: "/#contact",
    success: formToasts.contact.success,
    store: submitContact,
    plainReturn: { invalid: inPlace ? undefined : contactInvalidPath },
  });
}
