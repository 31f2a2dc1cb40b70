import type { Route } from "./+types/orders-invoice";
import { getDb } from "~/.server/db/client";
import { invoiceDocument, ordersToday, pdfDownload } from "~/.server/orders";
import { idParam, notFound, requirePractice } from "./member.server";

/** The invoice of one of the practice's orders, as a PDF; anything else (or an order not invoiced yet) is 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { practice } = await requirePractice(request, "invoices");
  const document = await invoiceDocument(getDb(), { orderId: idParam(params.id), practiceId: practice.id, today: ordersToday() });
  if (!document) throw notFound();
  return pdfDownload(document);
}
