import type { Route } from "./+types/orders-invoice";
import { isUuid } from "~/lib/ids";
import { requireRole } from "~/.server/accounts";
import { getDb } from "~/.server/db/client";
import { notFoundResponse } from "~/.server/http/not-found";
import { invoiceDocument, ordersToday, pdfDownload } from "~/.server/orders";

/** An order's invoice for staff, as a PDF; 404 until the order is invoiced. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, "staff");
  if (!isUuid(params.id)) return notFoundResponse();
  const document = await invoiceDocument(getDb(), { orderId: params.id.toLowerCase(), practiceId: null, today: ordersToday() });
  return document ? pdfDownload(document) : notFoundResponse();
}
