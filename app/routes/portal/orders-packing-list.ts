import type { Route } from "./+types/orders-packing-list";
import { getDb } from "~/.server/db/client";
import { ordersToday, packingListDocument, pdfDownload } from "~/.server/orders";
import { idParam, notFound, requirePractice } from "./member.server";

/** The practice's order as a PDF with every unit's tissue identifier (the packing list); anything else is 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { practice } = await requirePractice(request, "orders.read");
  const document = await packingListDocument(getDb(), { orderId: idParam(params.id), practiceId: practice.id, today: ordersToday() });
  if (!document) throw notFound();
  return pdfDownload(document);
}
