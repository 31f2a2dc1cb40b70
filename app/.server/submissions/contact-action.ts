import type { RouterContextProvider } from "react-router";
import { redirect } from "react-router";
import { formProblemToasts, formToasts } from "~/content/forms";
import { invalid, isHoneypotFilled } from "~/lib/form-result";
import { formDataToObject, parseWith } from "~/lib/schemas/common";
import { contactSchema } from "~/lib/schemas/contact";
import { contactInvalidPath } from "~/lib/schemas/contact-return";
import { getDb } from "~/.server/db/client";
import { redirectWithFlash } from "~/.server/http/flash";
import {
  accepted,
  answersWithData,
  checkFormHeaders,
  clientKeyOf,
  FormProblem,
  handleForm,
  limitSubmissions,
  MAX_TEXT_FORM_BYTES,
  readForm,
} from "~/.server/http/form-body";
import { submitContact } from "./kinds";

const BACK = "/#contact";
const READ = { maxBytes: MAX_TEXT_FORM_BYTES, multiline: ["message"] };

/** The form, or for a plain post with control characters in a field, the way back to the form with that field marked. */
async function readFormOrReturn(request: Request, plain: boolean): Promise<FormData | Response> {
  try {
    return await readForm(request, READ);
  } catch (error) {
    const fieldErrors = error instanceof FormProblem ? error.messages?.fieldErrors : undefined;
    if (plain && fieldErrors) return redirect(contactInvalidPath(fieldErrors), 303);
    throw error;
  }
}

/**
 * The contact form's action. A plain form post (JavaScript off) goes back to
 * the form: posted to the landing page itself (`inPlace`, as the form does), bad
 * input is answered there with what was typed and the messages; posted here,
 * it returns to /#contact naming the fields to fix.
 */
export async function contactAction(request: Request, context: Readonly<RouterContextProvider>, { inPlace = false } = {}) {
  const plain = !answersWithData(request);
  return handleForm(async () => {
    checkFormHeaders(request, READ);
    // The limit comes before a byte of the body is read: a flood costs no parsing.
    const limited = await limitSubmissions(context, "contact");
    if (limited) return plain ? redirectWithFlash(BACK, formProblemToasts.rateLimited) : limited;
    const formData = await readFormOrReturn(request, plain);
    if (formData instanceof Response) return formData;
    if (isHoneypotFilled(formData)) return accepted(request, BACK, formToasts.contact.success);
    const values = formDataToObject(formData);
    const parsed = parseWith(contactSchema, values);
    if (!parsed.success) {
      if (!plain || inPlace) return invalid(request, parsed.fieldErrors, { values: { ...values, clientKey: undefined } });
      return redirect(contactInvalidPath(parsed.fieldErrors), 303);
    }
    await submitContact(getDb(), parsed.data, clientKeyOf(formData));
    return accepted(request, BACK, formToasts.contact.success);
  }, plain ? () => redirectWithFlash(BACK, formProblemToasts.serverError) : undefined);
}

