import { data } from "react-router";
import type { z } from "zod";
import { invalid, rejectedAnswer } from "~/lib/form-result";
import { formDataToObject, parseWith } from "~/lib/schemas/fields";
import { requireRole } from "~/.server/accounts";
import { MAX_TEXT_FORM_BYTES, readFormOrRefuse } from "~/.server/http/form-body";

/**
 * The buttons of a console list's rows (the outbox's Retry and Dismiss, the
 * jobs' Retry and Cancel) post hidden fields only. Read them for a staff
 * member; fields that do not parse are refused with a message that heads the
 * page (a toast with JavaScript), under `refusedTitle`.
 */
export async function readRowAction<S extends z.ZodType>(request: Request, schema: S, refusedTitle: string) {
  const me = await requireRole(request, "staff");
  const parsed = parseWith(schema, formDataToObject(await readFormOrRefuse(request, { maxBytes: MAX_TEXT_FORM_BYTES })));
  if (parsed.success) return { me, fields: parsed.data };
  const first = Object.values(parsed.fieldErrors)[0] ?? "The request was not understood.";
  return { refusal: invalid(request, parsed.fieldErrors, { toast: { title: refusedTitle, description: first } }) };
}

/** A change the record's state does not allow, or a record that is gone: said at the top of the page (a toast with JavaScript). */
export function refusedRowAction(status: 404 | 409, error: string, refusedTitle: string) {
  return data(rejectedAnswer(error, refusedTitle), { status });
}
