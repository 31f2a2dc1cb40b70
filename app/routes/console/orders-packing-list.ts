import type { Route } from "./+types/orders-packing-list";
import { isUuid } from "~/lib/ids";
import { requireRole } from "~/.server/accounts";
import { getDb } from "~/.server/db/client";
import { notFoundResponse } from "~/.server/http/not-found";
import { ordersToday, packingListDocument, pdfDownload } from "~/.server/orders";

/** An order's packing list for staff: the document that goes in the box, with every unit's tissue identifier. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, "staff");
  if (!isUuid(params.id)) return notFoundResponse();
  const document = await packingListDocument(getDb(), { orderId: params.id.toLowerCase(), practiceId: null, today: ordersToday() });
  return document ? pdfDownload(document) : notFoundResponse();
}
