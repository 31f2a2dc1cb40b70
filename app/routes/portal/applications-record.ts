import type { Route } from "./+types/applications-record";
import { getDb } from "~/.server/db/client";
import { applicationRecordDocument } from "~/.server/inventory/record-document";
import { pdfDownload } from "~/.server/orders";
import { actorOf, idParam, notFound, requirePractice } from "./member.server";

/** The record of one of the practice's applications as a PDF for the patient's chart (audited); anything else is 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user, practice } = await requirePractice(request, "applications.write");
  const document = await applicationRecordDocument(getDb(), { id: idParam(params.id), practice, actor: actorOf(user, context) });
  if (!document) throw notFound();
  return pdfDownload(document);
}
