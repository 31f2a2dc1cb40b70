import { ArrowLeft, Download, ExternalLink, TriangleAlert } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/orders-detail";
import { DataTable, Td, Th, HeadRow } from "~/components/admin/data-table";
import { AnswerNotice } from "~/components/forms/field";
import { TrackingLink } from "~/components/orders/orders-table";
import { Block, Facts, History } from "~/components/portal/facts";
import { CancelPanel, FollowAndCancel } from "~/components/portal/follow-and-cancel";
import { useLiveStatus } from "~/components/portal/live-status";
import { ApprovalPanel } from "~/components/portal/approval-panel";
import { ReceiptForm } from "~/components/portal/receipt-form";
import { Button } from "~/components/ui/button";
import { DateTime } from "~/components/ui/date-time";
import { StatusBadge } from "~/components/ui/status-badge";
import { payOnlineUrl } from "~/content/payment";
import type { FormAnswer } from "~/lib/form-result";
import { formatCents, formatCm2 } from "~/lib/format";
import { privateMeta } from "~/lib/meta";
import { canTransitionOrder, carrierLabel, ORDER_STATUS_LABELS, shippingSpeedLabel } from "~/lib/orders";
import { useSite } from "~/lib/use-site";
import { getDb } from "~/.server/db/client";
import { redirectWithFlash } from "~/.server/http/flash";
import { answerForm } from "~/.server/http/form-action";
import { placeSuggestedReorder, setAsideSuggestedReorder } from "~/.server/inventory/reorder";
import { confirmReceipt } from "~/.server/inventory/stock";
import { approveOrder, cancelOrderAsMember, declineOrder, getOrderDetail, isFollowingOrder, ordersToday, setOrderFollowing, shipToLines } from "~/.server/orders";
import { permissionsOf, roleMay } from "~/lib/practice-roles";
import { declineSchema } from "~/lib/schemas/practice-members";
import { actorOf, idParam, need, notFound, requirePractice } from "./member.server";
import { conversationIntents, MESSAGE_FILE_READ, threadForPage } from "~/.server/conversations/page";
import { Thread } from "~/components/conversation/thread";

export const meta: Route.MetaFunction = ({ data, matches }) =>
  privateMeta(matches, `${data && "reference" in data ? `Order ${data.reference}` : "Order"} | Clinical Portal`);

export async function loader({ request, params }: Route.LoaderArgs) {
  const { user, practice, role } = await requirePractice(request, "orders.read");
  const id = idParam(params.id);
  const db = getDb();
  const detail = await getOrderDetail(db, { id, practiceId: practice.id, today: ordersToday() });
  if (!detail) throw notFound();
  const { row, shipTo, invoice } = detail;
  return {
    may: permissionsOf(role),
    id: row.id,
    reference: detail.reference,
    status: row.status,
    ivr: detail.ivr ? { id: detail.ivr.id, reference: detail.ivr.reference } : null,
    patient: detail.patient ? `${detail.patient.name} (born ${detail.patient.birthDate})` : null,
    product: `${detail.product.name}${detail.product.hcpcs ? ` (${detail.product.hcpcs})` : ""}`,
    dateOfService: row.dateOfService,
    // As the order was placed: a facility changed since does not move it.
    shipTo: { name: shipTo.facilityName, address: shipToLines(shipTo).join(", ") },
    shippingSpeed: shippingSpeedLabel(row.shippingSpeed),
    poNumber: row.poNumber,
    createdAt: row.createdAt,
    notes: detail.notes,
    lines: detail.lines.map((l) => ({ id: l.id, size: l.size, quantity: l.quantity, areaCm2: l.areaCm2, units: l.units })),
    totalAreaCm2: detail.totalAreaCm2,
    woundAreaCm2: detail.woundAreaCm2,
    warning: detail.warning,
    overOrderReason: detail.overOrderReason,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    trackingUrl: detail.trackingUrl,
    shippedAt: row.shippedAt,
    deliveredOn: row.deliveredOn,
    // Invoices are for the roles that pay them: the others' page (and its data) has none.
    invoice: invoice && roleMay(role, "invoices")
      ? {
          number: invoice.number,
          issuedOn: invoice.issuedOn,
          dueOn: invoice.dueOn,
          total: formatCents(invoice.totalCents),
          paid: formatCents(invoice.paidCents),
          balance: formatCents(invoice.balanceCents),
          state: invoice.state,
          paidOn: invoice.paidOn,
        }
      : null,
    history: detail.history,
    following: await isFollowingOrder(db, row.id, user.id),
    // The conversation on the order; opening the page marks it read.
    messages: await threadForPage(db, { kind: "order", id: row.id }, user.id),
  };
}

export type OrderPageAnswer = FormAnswer | { ok: false; confirm: "cancel" };

export async function action({ request, params, context }: Route.ActionArgs) {
  // Following is anyone's who reads the order; the rest changes it.
  const { user, practice, role } = await requirePractice(request, "orders.read");
  const id = idParam(params.id);
  const db = getDb();
  const detail = await getOrderDetail(db, { id, practiceId: practice.id, today: ordersToday(), withPatient: false });
  if (!detail) throw notFound();
  const here = `/members/orders/${id}`;
  const follow = async (follow: boolean) => {
    await setOrderFollowing(db, { orderId: id, userId: user.id, follow });
    return redirectWithFlash(here, {
      title: follow ? "Following" : "Not following",
      description: follow ? `You get a mail when ${detail.reference} changes.` : `You no longer get mails about ${detail.reference}.`,
    });
  };
  return answerForm(request, {
    title: "Not changed",
    // The receipt's lines are scans: a GS1 label's group separators stay for the reader.
    // A reply to a document request carries its file.
    read: { ...MESSAGE_FILE_READ, scanned: (name) => name === "scans" },
    intents: {
      // The roles that change the order may talk about it, and answer a request with a file.
      ...(roleMay(role, "orders.write")
        ? conversationIntents({ db, ref: { kind: "order", id }, practiceId: practice.id, side: "member", author: { id: user.id, email: user.email }, here })
        : {}),
      follow: () => follow(true),
      unfollow: () => follow(false),
      receive: async ({ values }) => {
        need(role, "orders.write");
        const result = await confirmReceipt(db, { orderId: id, practiceId: practice.id, actor: actorOf(user, context), scans: String(values.scans ?? "") });
        if (!result) throw notFound();
        const told = [
          result.missing.length ? `not received: ${result.missing.join(", ")}` : "",
          result.unexpected.length ? `not in this order: ${result.unexpected.join(", ")}` : "",
        ].filter(Boolean);
        return redirectWithFlash(here, {
          title: told.length ? "Receipt recorded, with differences" : "Receipt recorded",
          description:
            `${result.received} ${result.received === 1 ? "unit" : "units"} received into your stock.` +
            (told.length ? ` We have been told what does not match (${told.join("; ")}).` : ""),
        });
      },
      place: async () => {
        need(role, "orders.write");
        const placed = await placeSuggestedReorder(db, { practiceId: practice.id, actor: actorOf(user, context), id });
        if (!placed) throw notFound();
        if (placed.awaitingApproval)
          return redirectWithFlash(here, { title: `${detail.reference} waits for approval`, description: `${placed.awaitingApproval} A practice admin approves it next.` });
        return redirectWithFlash(here, { title: `${detail.reference} placed`, description: "We have it: it ships to your facility as a stock order." });
      },
      approve: async () => {
        need(role, "orders.approve");
        if (!(await approveOrder(db, { practiceId: practice.id, actor: actorOf(user, context), id }))) throw notFound();
        return redirectWithFlash(here, { title: `${detail.reference} approved`, description: "It is submitted: we confirm it next." });
      },
      decline: async ({ parse }) => {
        need(role, "orders.approve");
        const { reason } = parse(declineSchema);
        if (!(await declineOrder(db, { practiceId: practice.id, actor: actorOf(user, context), id, reason }))) throw notFound();
        return redirectWithFlash(here, { title: `${detail.reference} declined`, description: "It is cancelled; the reason is in its history." });
      },
      setAside: async () => {
        need(role, "orders.write");
        if (!(await setAsideSuggestedReorder(db, { practiceId: practice.id, actor: actorOf(user, context), id }))) throw notFound();
        return redirectWithFlash(here, { title: `${detail.reference} set aside`, description: "Nothing is ordered. A new suggestion comes when your stock is below par again." });
      },
      cancel: async ({ values }) => {
        need(role, "orders.write");
        if (values.confirmed !== "1") return data({ ok: false as const, confirm: "cancel" as const });
        if (!(await cancelOrderAsMember(db, { practiceId: practice.id, actor: actorOf(user, context), id }))) throw notFound();
        return redirectWithFlash(here, { title: `${detail.reference} cancelled`, description: "Nothing will ship. It stays on the board as Cancelled." });
      },
    },
  });
}

const inThread = (answer: unknown) => typeof answer === "object" && answer !== null && "intent" in answer && (answer.intent === "message" || answer.intent === "document");

const linkClass = "font-medium text-primary underline-offset-4 hover:underline";

const ORDER_CANCEL_MEANS = "Nothing will be picked or shipped. The IVR's application is free again for a new order.";

export default function OrderPage({ loaderData: order, actionData }: Route.ComponentProps) {
  useLiveStatus(true);
  const site = useSite();
  const answer = actionData as OrderPageAnswer | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // The transition table says whether a member may cancel from here.
  // Billing reads an order; the roles that place orders change it.
  const writes = order.may.includes("orders.write");
  const cancellable = writes && order.status !== "suggested" && canTransitionOrder(order.status, "cancelled", "member");
  const confirmCancel = answer && "confirm" in answer && cancellable;
  const shipped = Boolean(order.shippedAt);
  const invoice = order.invoice;
  const payOnline = invoice && invoice.state !== "paid" ? payOnlineUrl(site.portalFrames.invoice, invoice.number) : null;
  const units = order.lines.flatMap((l) =>
    l.units.map((u) => ({ key: `${l.id}-${u.position}`, size: l.size, position: u.position, of: l.quantity, tissueId: u.tissueId, lot: u.lot, expiresOn: u.expiresOn, received: u.received })),
  );
  const toReceive = shipped && order.status !== "cancelled" ? units.filter((u) => !u.received).length : 0;

  return (
    <article aria-labelledby="order-heading" className="flex flex-col gap-6">
      <Link to="/members/orders" className="inline-flex items-center gap-1 self-start text-sm font-medium text-primary underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden className="size-4" />
        Back to orders
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="order-heading" className="text-2xl font-bold text-navy">
            {order.reference}
          </h2>
          <StatusBadge kind="order" status={order.status} />
        </div>
        <FollowAndCancel
          following={order.following}
          busy={busy}
          cancel={cancellable ? { reference: order.reference, description: ORDER_CANCEL_MEANS, label: "Cancel order", confirmLabel: "Cancel the order" } : null}
        />
      </div>

      {/* The thread's forms say their own messages beside their controls. */}
      <AnswerNotice answer={inThread(answer) ? undefined : answer} title="Not changed" />
      {order.status === "awaiting_approval" ? (
        <ApprovalPanel reference={order.reference} approver={order.may.includes("orders.approve")} busy={busy} answer={answer && !("confirm" in answer) ? answer : undefined} />
      ) : null}
      {order.status === "suggested" && writes ? (
        <div className="flex flex-col gap-3 rounded-xl border border-primary/30 bg-primary/5 p-4">
          <p className="text-sm">
            <span className="font-semibold">Your stock fell below its par level.</span> This reorder is drafted for you: place it as it is, or set it
            aside.
          </p>
          <div className="flex flex-wrap gap-3">
            <Form method="post">
              <input type="hidden" name="intent" value="place" />
              <Button type="submit" disabled={busy}>
                Place this reorder
              </Button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="setAside" />
              <Button type="submit" variant="outline" disabled={busy}>
                Set it aside
              </Button>
            </Form>
          </div>
        </div>
      ) : null}
      {confirmCancel ? <CancelPanel reference={order.reference} description={ORDER_CANCEL_MEANS} confirmLabel="Cancel the order" keepTo={`/members/orders/${order.id}`} /> : null}

      <Thread messages={order.messages} viewer="member" mayWrite={writes} fileHref={(fileId) => `/members/orders/${order.id}/messages/${fileId}`} answer={answer} reference={order.reference} />

      <Block title="Order">
        <Facts
          rows={[
            [
              "IVR",
              order.ivr ? (
                <Link key="ivr" to={`/members/ivrs/${order.ivr.id}`} className={linkClass}>
                  {order.ivr.reference}
                </Link>
              ) : (
                "None: a reorder of your stock"
              ),
            ],
            ["Patient", order.patient],
            ["Product", order.product],
            ["Date of service", order.dateOfService],
            [
              "Ship to",
              <span key="ship">
                <span className="font-medium">{order.shipTo.name}</span>
                <br />
                {order.shipTo.address}
              </span>,
            ],
            ["Shipping speed", order.shippingSpeed],
            ["PO number", order.poNumber],
            ["Placed", <DateTime key="placed" value={order.createdAt} />],
          ]}
        />
        {order.notes ? (
          <div>
            <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Notes</p>
            <p className="mt-1 rounded-lg bg-muted p-3 text-sm whitespace-pre-line">{order.notes}</p>
          </div>
        ) : null}
      </Block>

      <Block title="Sizes">
        <DataTable label="Sizes ordered" narrow>
          <HeadRow columns={["Size", <Th className="text-right">Quantity</Th>, <Th className="text-right">Area</Th>]} />
          <tbody>
            {order.lines.map((l) => (
              <tr key={l.id}>
                <Td>{l.size}</Td>
                <Td className="text-right tabular-nums">{l.quantity}</Td>
                <Td className="text-right tabular-nums">{formatCm2(l.areaCm2 * l.quantity)}</Td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <Th scope="row" className="border-t border-border">
                Total
              </Th>
              <Td className="text-right font-semibold tabular-nums">{order.lines.reduce((n, l) => n + l.quantity, 0)}</Td>
              <Td className="text-right font-semibold tabular-nums">{formatCm2(order.totalAreaCm2)}</Td>
            </tr>
          </tfoot>
        </DataTable>
        <p className="text-sm">
          <strong className="tabular-nums">{formatCm2(order.totalAreaCm2)}</strong> ordered
          {order.woundAreaCm2 !== null ? (
            <>
              {" "}
              for a wound of <strong className="tabular-nums">{formatCm2(order.woundAreaCm2)}</strong>
            </>
          ) : null}
          .
        </p>
        {order.warning ? (
          <div className="flex gap-3 rounded-xl border border-warning-border bg-warning-soft p-4 text-sm text-warning">
            <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
            <div className="flex min-w-0 flex-col gap-1">
              <p>{order.warning}</p>
              {order.overOrderReason ? (
                <p className="break-words whitespace-pre-line">
                  <span className="font-semibold">Your reason: </span>
                  {order.overOrderReason}
                </p>
              ) : null}
            </div>
          </div>
        ) : null}
      </Block>

      <Block title="Shipment">
        {shipped ? (
          <Facts
            rows={[
              ["Carrier", carrierLabel(order.carrier)],
              ["Tracking", <TrackingLink key="tracking" carrier={order.carrier} trackingNumber={order.trackingNumber} trackingUrl={order.trackingUrl} showCarrier={false} />],
              ["Shipped", <DateTime key="shipped" value={order.shippedAt} />],
              ["Delivered", order.deliveredOn ?? "Not yet"],
            ]}
          />
        ) : (
          <p className="text-sm text-muted-foreground">
            {order.status === "cancelled" ? "Cancelled before it shipped." : "Not shipped yet: the carrier, the tracking number and each graft's tissue identifier show here once it ships."}
          </p>
        )}
        {units.length > 0 ? (
          <DataTable label="Tissue identifiers" stacked>
            <HeadRow columns={["Size", "Unit", "Tissue identifier", "Lot", "Expires", "Received"]} />
            <tbody>
              {units.map((u) => (
                <tr key={u.key}>
                  <Td data-label="Size">{u.size}</Td>
                  <Td data-label="Unit">
                    {u.position} of {u.of}
                  </Td>
                  <Td data-label="Tissue identifier" className="font-mono">
                    {u.tissueId}
                  </Td>
                  <Td data-label="Lot" className="font-mono">
                    {u.lot ?? "—"}
                  </Td>
                  <Td data-label="Expires" className="tabular-nums">
                    {u.expiresOn ?? "—"}
                  </Td>
                  <Td data-label="Received">{u.received ? "Yes" : "Not yet"}</Td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        ) : null}
        {toReceive > 0 && writes ? <ReceiptForm key={toReceive} units={units} answer={answer && !("confirm" in answer) ? answer : undefined} /> : null}
        <a href={`/members/orders/${order.id}/packing-list.pdf`} download className={`inline-flex items-center gap-1 self-start ${linkClass}`}>
          <Download aria-hidden className="size-4 shrink-0" />
          {units.length > 0 ? "Download the order with tissue identifiers (PDF)" : "Download the order (PDF)"}
        </a>
      </Block>

      {invoice ? (
        <Block title="Invoice">
          <Facts
            rows={[
              ["Invoice", invoice.number],
              ["Issued", invoice.issuedOn],
              ["Due", invoice.dueOn],
              ["Total", <span key="total" className="font-semibold tabular-nums">{invoice.total}</span>],
              ["Paid", <span key="paid" className="tabular-nums">{invoice.paid}</span>],
              ["Balance", <span key="balance" className="font-semibold tabular-nums">{invoice.balance}</span>],
              [
                "State",
                <span key="state" className="inline-flex flex-wrap items-center gap-2">
                  <StatusBadge kind="invoice" status={invoice.state} />
                  {invoice.paidOn ? <span className="text-sm text-muted-foreground">on {invoice.paidOn}</span> : null}
                </span>,
              ],
            ]}
          />
          <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
            <a href={`/members/orders/${order.id}/invoice.pdf`} download className={`inline-flex items-center gap-1 ${linkClass}`}>
              <Download aria-hidden className="size-4 shrink-0" />
              Download invoice (PDF)
            </a>
            {invoice.state === "paid" ? null : payOnline ? (
              <Button asChild>
                <a href={payOnline} target="_blank" rel="noopener noreferrer">
                  Pay online
                  <ExternalLink aria-hidden />
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </Button>
            ) : (
              <Link to="/members/invoices" className={linkClass}>
                How to pay {invoice.number}
              </Link>
            )}
          </div>
        </Block>
      ) : null}

      <History history={order.history} labels={ORDER_STATUS_LABELS} />
    </article>
  );
}
