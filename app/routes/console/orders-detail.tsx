import { ArrowDown, ArrowLeft, Download, ExternalLink, TriangleAlert } from "lucide-react";
import * as React from "react";
import { data, Link } from "react-router";
import type { Route } from "./+types/orders-detail";
import { privateMeta } from "~/lib/meta";
import { DataTable, Td, Th } from "~/components/admin/data-table";
import { Field, FormNotice } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { schemaValidator, useFormSubmission, type Validate } from "~/components/forms/use-form-submission";
import { Button } from "~/components/ui/button";
import { ConfirmButton } from "~/components/ui/confirm-button";
import { DateTime } from "~/components/ui/date-time";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { StatusBadge } from "~/components/ui/status-badge";
import { formatCents } from "~/lib/format";
import { invalidAnswer, rejectedAnswer, submittedText, submittedValues, type FormAnswer } from "~/lib/form-result";
import { isUuid } from "~/lib/ids";
import { canCorrectTracking, CARRIERS, ORDER_STATUS_LABELS, type OrderStatus } from "~/lib/orders";
import { consoleNotSaved } from "~/lib/schemas/console-fields";
import { formDataToObject, LIMITS, parseWith } from "~/lib/schemas/fields";
import { invoiceTotals } from "~/lib/schemas/invoice-fields";
import { cancelOrderSchema, deliverySchema, invoiceSchema, paymentSchema, shipmentSchema, trackingSchema } from "~/lib/schemas/order";
import { requireRole } from "~/.server/accounts";
import { getDb } from "~/.server/db/client";
import { redirectWithFlash } from "~/.server/http/flash";
import { MAX_TEXT_FORM_BYTES, readFormOrRefuse } from "~/.server/http/form-body";
import {
  cancelOrderAsStaff,
  confirmOrder,
  correctTracking,
  defaultDueOn,
  invoiceOrder,
  lastUnitPrices,
  markDelivered,
  orderInitials,
  OrderRefused,
  ordersToday,
  OrderTransitionRefused,
  readOrderAsStaff,
  recordPayment,
  shipOrder,
} from "~/.server/orders";
import { clientInfo } from "~/.server/request-context";
import {
  historyView,
  invoiceView,
  nextStep,
  orderFields,
  priceLines,
  shipmentView,
  shipTo,
  sizesView,
  unitGroups,
  workOf,
  type ViewField,
} from "./orders-view.server";
import { notFound } from "~/.server/http/not-found";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  privateMeta(matches, loaderData ? `${loaderData.reference} | Orders | Staff console` : "Order | Staff console");

/** Opening the page is a staff read of the order (its notes may speak of the patient): readOrderAsStaff writes its audit row. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const me = await requireRole(request, "staff");
  if (!isUuid(params.id)) notFound();
  const db = getDb();
  const today = ordersToday();
  const detail = await readOrderAsStaff(db, { id: params.id.toLowerCase(), actor: { email: me.email, ip: clientInfo(context).ip }, today });
  if (!detail) notFound();
  const status = detail.row.status;
  const work = workOf(status);
  const [initials, lastPrices] = await Promise.all([
    orderInitials(db, detail.row.patientId),
    work.invoice ? lastUnitPrices(db, detail.row.id) : Promise.resolve({}),
  ]);
  return {
    id: detail.row.id,
    reference: detail.reference,
    status,
    practice: detail.practice,
    ivr: { id: detail.ivr.id, reference: detail.ivr.reference },
    placedAt: detail.row.createdAt,
    fields: orderFields(detail, initials),
    sizes: sizesView(detail),
    shipment: shipmentView(detail),
    invoice: invoiceView(detail.invoice),
    history: historyView(detail.history),
    work,
    correctsTracking: canCorrectTracking(status),
    next: nextStep(status),
    units: work.ship ? unitGroups(detail) : [],
    shipTo: work.ship ? shipTo(detail) : null,
    prices: work.invoice ? priceLines(detail, lastPrices) : [],
    dueOnDefault: defaultDueOn(today),
    today,
  };
}

type Intent = "confirm" | "cancel" | "ship" | "tracking" | "deliver" | "invoice" | "payment";
const INTENTS = ["confirm", "cancel", "ship", "tracking", "deliver", "invoice", "payment"] as const;

/** Each answer names the form it answers, so a page drawn from a plain post shows it beside that form. */
type OrderAnswer = (FormAnswer | { ok: false; confirm: "cancel"; reason: string }) & { intent: Intent | "" };

const REFUSED = "Not done";

export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await requireRole(request, "staff");
  if (!isUuid(params.id)) notFound();
  const id = params.id.toLowerCase();
  const values = formDataToObject(await readFormOrRefuse(request, { maxBytes: MAX_TEXT_FORM_BYTES, multiline: ["reason"] }));
  const intent = INTENTS.find((i) => i === values.intent) ?? "";
  const db = getDb();
  const actor = { email: me.email, ip: clientInfo(context).ip };
  const back = `/admin/orders/${id}`;
  const invalid = (fieldErrors: Record<string, string>) => data<OrderAnswer>({ ...invalidAnswer(request, fieldErrors, { values }), intent }, { status: 400 });
  // A move the table does not allow from the order's status: 409 with its reason. A rule of the
  // step (a unit without its identifier, a due date past): beside its control, or for the whole form.
  const refusedAs = (error: OrderTransitionRefused | OrderRefused) =>
    error instanceof OrderRefused && error.field
      ? invalid({ [error.field]: error.message })
      : data<OrderAnswer>({ ...rejectedAnswer(error.message, REFUSED), intent }, { status: 409 });
  const catchRefusal = (error: unknown) => (error instanceof OrderTransitionRefused || error instanceof OrderRefused ? error : Promise.reject(error));
  // Each change queues mail to the practice's followers; the lifecycle wakes the mail worker once it commits.
  const done = (title: string, description: string) => redirectWithFlash(back, { title, description, variant: "success" });
  const now = (status: OrderStatus) => `The order is now ${ORDER_STATUS_LABELS[status]}.`;

  if (intent === "confirm") {
    const moved = await confirmOrder(db, { id, actor }).catch(catchRefusal);
    if (moved instanceof Error) return refusedAs(moved);
    if (!moved) notFound();
    return done("Order confirmed", `${now("confirmed")} The practice hears it is being prepared.`);
  }
  if (intent === "cancel") {
    const parsed = parseWith(cancelOrderSchema, values);
    if (!parsed.success) return invalid(parsed.fieldErrors);
    const reason = parsed.data.reason ?? null;
    // Cancelling is confirmed first: in a dialog, or without JavaScript in a second step.
    if (values.confirmed !== "1") return data<OrderAnswer>({ ok: false, confirm: "cancel", reason: reason ?? "", intent });
    const moved = await cancelOrderAsStaff(db, { id, actor, reason }).catch(catchRefusal);
    if (moved instanceof Error) return refusedAs(moved);
    if (!moved) notFound();
    return done("Order cancelled", now("cancelled"));
  }
  if (intent === "ship") {
    const parsed = parseWith(shipmentSchema, values);
    if (!parsed.success) return invalid(parsed.fieldErrors);
    const moved = await shipOrder(db, { id, actor, input: parsed.data }).catch(catchRefusal);
    if (moved instanceof Error) return refusedAs(moved);
    if (!moved) notFound();
    return done("Order shipped", now("shipped"));
  }
  if (intent === "tracking") {
    const parsed = parseWith(trackingSchema, values);
    if (!parsed.success) return invalid(parsed.fieldErrors);
    const corrected = await correctTracking(db, { id, actor, input: parsed.data }).catch(catchRefusal);
    if (corrected instanceof Error) return refusedAs(corrected);
    if (!corrected) notFound();
    return redirectWithFlash(back, { title: "Tracking corrected", description: `${corrected.reference} now ships with ${parsed.data.trackingNumber}.`, variant: "success" });
  }
  if (intent === "deliver") {
    const parsed = parseWith(deliverySchema, values);
    if (!parsed.success) return invalid(parsed.fieldErrors);
    const moved = await markDelivered(db, { id, actor, input: parsed.data, today: ordersToday() }).catch(catchRefusal);
    if (moved instanceof Error) return refusedAs(moved);
    if (!moved) notFound();
    return done("Order delivered", `${now("delivered")} It waits to be invoiced.`);
  }
  if (intent === "invoice") {
    const parsed = parseWith(invoiceSchema, values);
    if (!parsed.success) return invalid(parsed.fieldErrors);
    const invoiced = await invoiceOrder(db, { id, actor, input: parsed.data, today: ordersToday() }).catch(catchRefusal);
    if (invoiced instanceof Error) return refusedAs(invoiced);
    if (!invoiced) notFound();
    return done("Invoice created", `${invoiced.invoiceNumber} is issued. ${now("invoiced")}`);
  }
  if (intent === "payment") {
    const parsed = parseWith(paymentSchema, values);
    if (!parsed.success) return invalid(parsed.fieldErrors);
    const paid = await recordPayment(db, { id, actor, input: parsed.data }).catch(catchRefusal);
    if (paid instanceof Error) return refusedAs(paid);
    if (!paid) notFound();
    if (paid.settled) return done("Payment recorded", `${paid.invoiceNumber} is paid in full. ${now("paid")}`);
    return redirectWithFlash(back, {
      title: "Part payment recorded",
      description: `${paid.invoiceNumber} has ${formatCents(paid.balanceCents)} left to pay.`,
      variant: "success",
    });
  }
  return data<OrderAnswer>({ ...rejectedAnswer("Unknown action.", REFUSED), intent }, { status: 400 });
}

const validateShipment = schemaValidator(() => import("~/lib/schemas/order").then((m) => m.shipmentSchema));
const validateInvoice = schemaValidator(() => import("~/lib/schemas/order").then((m) => m.invoiceSchema));
const validatePayment = schemaValidator(() => import("~/lib/schemas/order").then((m) => m.paymentSchema));
const validateTracking = schemaValidator(() => import("~/lib/schemas/order").then((m) => m.trackingSchema));
const validateDelivery = schemaValidator(() => import("~/lib/schemas/order").then((m) => m.deliverySchema));
const validateCancel = schemaValidator(() => import("~/lib/schemas/order").then((m) => m.cancelOrderSchema));
const noCheck: Validate = () => null;

function answerFor(answer: OrderAnswer | undefined, intent: Intent): OrderAnswer | undefined {
  return answer?.intent === intent ? answer : undefined;
}

/** What a refused answer says, for a form with no field of its own to mark. */
function refusalOf(answer: OrderAnswer | undefined): string | null {
  if (!answer || answer.ok || "confirm" in answer) return null;
  if ("rejected" in answer) return answer.error;
  return null;
}

const link = "font-semibold text-primary underline-offset-4 hover:underline";

function FieldList({ fields }: { fields: ViewField[] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[10rem_1fr]">
      {fields.map((f) => (
        <div key={f.label} className="contents">
          <dt className="text-sm font-semibold text-muted-foreground">{f.label}</dt>
          <dd className="-mt-2 min-w-0 text-sm break-words whitespace-pre-wrap sm:mt-0">
            {f.value ?? <span className="text-muted-foreground">Not given</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Panel({ id, title, children, className }: { id: string; title: string; children: React.ReactNode; className?: string }) {
  return (
    <section id={id.replace(/-heading$/, "")} aria-labelledby={id} className={`flex min-w-0 flex-col gap-3 rounded-lg border border-border bg-background p-4 sm:p-5 ${className ?? ""}`}>
      <h2 id={id} className="text-lg font-semibold text-navy">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  const answer = actionData as OrderAnswer | undefined;
  const { work } = d;
  const form = (intent: Intent, validate: Validate = noCheck) => ({
    validate,
    success: null,
    failure: consoleNotSaved,
    resetOnSuccess: false,
    answer: answerFor(answer, intent),
  });
  const confirm = useFormSubmission(form("confirm"));
  const cancel = useFormSubmission(form("cancel", validateCancel));
  const cancelConfirmed = useFormSubmission(form("cancel"));
  const ship = useFormSubmission(form("ship", validateShipment));
  const tracking = useFormSubmission(form("tracking", validateTracking));
  const deliver = useFormSubmission(form("deliver", validateDelivery));
  const invoice = useFormSubmission(form("invoice", validateInvoice));
  const payment = useFormSubmission(form("payment", validatePayment));
  const typed = submittedValues(answer);
  const t = (name: string) => submittedText(typed, name);
  const refusal = refusalOf(answer);
  const confirmCancel = answer && "confirm" in answer ? answer : null;
  const anything = Object.values(work).some(Boolean);

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-3">
        <Link to="/admin/orders" className="inline-flex w-fit items-center gap-1 text-sm font-semibold text-primary underline-offset-4 hover:underline">
          <ArrowLeft aria-hidden className="size-4" />
          Back to the order queue
        </Link>
        <h1 className="text-3xl font-bold tracking-tight text-navy">{d.reference}</h1>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
          <StatusBadge kind="order" status={d.status} />
          <Link to={`/admin/practices/${d.practice.id}`} className={link}>
            {d.practice.name}
          </Link>
          <span>
            From{" "}
            <Link to={`/admin/ivrs/${d.ivr.id}`} className={link}>
              {d.ivr.reference}
            </Link>
          </span>
          <span>
            Placed <DateTime value={d.placedAt} />
          </span>
        </div>
        {d.next ? (
          <p className="text-sm">
            <span className="font-semibold">Next: {d.next}.</span>{" "}
            <a href="#work" className={`inline-flex items-center gap-1 lg:hidden ${link}`}>
              <ArrowDown aria-hidden className="size-4" />
              Go to Work this order
            </a>
          </p>
        ) : null}
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <Panel id="order-heading" title="Order">
            <FieldList fields={d.fields} />
          </Panel>

          <Panel id="sizes-heading" title="Sizes">
            <DataTable label="Sizes ordered">
              <thead>
                <tr>
                  <Th>Size</Th>
                  <Th className="text-right">Quantity</Th>
                  <Th className="text-right">Area</Th>
                </tr>
              </thead>
              <tbody>
                {d.sizes.lines.map((l) => (
                  <tr key={l.position}>
                    <Td wrap="normal">
                      <span className="font-semibold whitespace-nowrap">{l.size}</span>
                      <span className="block text-xs text-muted-foreground">
                        {l.hcpcs}, {l.areaEach} each
                      </span>
                    </Td>
                    <Td className="text-right tabular-nums">{l.quantity}</Td>
                    <Td className="text-right tabular-nums">{l.area}</Td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="font-semibold">
                  <Th scope="row" strong className="border-t border-border">
                    Total
                  </Th>
                  <Td className="text-right tabular-nums">{d.sizes.units}</Td>
                  <Td className="text-right tabular-nums">{d.sizes.totalArea}</Td>
                </tr>
              </tfoot>
            </DataTable>
            <p className="text-sm">
              <span className="font-semibold text-muted-foreground">Wound area: </span>
              {d.sizes.woundArea ?? <span className="text-muted-foreground">Not given</span>}
            </p>
            {d.sizes.warning ? (
              <div className="flex items-start gap-2 rounded-md border border-warning-border bg-warning-soft p-3 text-sm text-warning">
                <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                <div className="flex min-w-0 flex-col gap-1">
                  <p>{d.sizes.warning}</p>
                  <p className="break-words whitespace-pre-wrap text-foreground">
                    <span className="font-semibold">The practice&apos;s reason: </span>
                    {d.sizes.reason ?? <span className="text-muted-foreground">none given (placed before reasons were asked)</span>}
                  </p>
                </div>
              </div>
            ) : null}
          </Panel>

          <Panel id="shipment-heading" title="Shipment">
            {d.shipment ? (
              <>
                <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[10rem_1fr]">
                  <dt className="text-sm font-semibold text-muted-foreground">Carrier</dt>
                  <dd className="-mt-2 text-sm sm:mt-0">{d.shipment.carrier ?? "—"}</dd>
                  <dt className="text-sm font-semibold text-muted-foreground">Tracking number</dt>
                  <dd className="-mt-2 min-w-0 text-sm break-words sm:mt-0">
                    {d.shipment.trackingUrl ? (
                      <a href={d.shipment.trackingUrl} target="_blank" rel="noreferrer noopener" className={`inline-flex items-center gap-1 font-mono ${link}`}>
                        {d.shipment.trackingNumber}
                        <ExternalLink aria-hidden className="size-3.5" />
                        <span className="sr-only"> (tracking on the {d.shipment.carrier} site, opens in a new tab)</span>
                      </a>
                    ) : (
                      <span className="font-mono">{d.shipment.trackingNumber ?? "—"}</span>
                    )}
                  </dd>
                  <dt className="text-sm font-semibold text-muted-foreground">Shipped</dt>
                  <dd className="-mt-2 text-sm sm:mt-0">
                    <DateTime value={d.shipment.shippedAt} />
                  </dd>
                  <dt className="text-sm font-semibold text-muted-foreground">Delivered</dt>
                  <dd className="-mt-2 text-sm sm:mt-0">{d.shipment.deliveredOn ?? "Not yet"}</dd>
                </dl>
                <h3 className="mt-2 text-sm font-semibold text-navy">Tissue identifiers</h3>
                <ul className="flex flex-col gap-2 text-sm">
                  {d.shipment.lines.map((l) => (
                    <li key={l.position} className="flex flex-col gap-1 sm:flex-row sm:gap-3">
                      <span className="font-semibold sm:w-32 sm:shrink-0">{l.label}</span>
                      <span className="flex min-w-0 flex-wrap gap-x-3 gap-y-1 font-mono">
                        {l.units.map((u) => (
                          <span key={u.position} className="break-all">
                            {u.tissueId}
                          </span>
                        ))}
                      </span>
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="text-sm text-muted-foreground">{d.status === "cancelled" ? "Cancelled before it shipped." : "Not shipped yet."}</p>
            )}
          </Panel>

          <Panel id="invoice-heading" title="Invoice">
            {d.invoice ? (
              <>
                <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[10rem_1fr]">
                  <dt className="text-sm font-semibold text-muted-foreground">Number</dt>
                  <dd className="-mt-2 text-sm font-semibold sm:mt-0">{d.invoice.number}</dd>
                  <dt className="text-sm font-semibold text-muted-foreground">State</dt>
                  <dd className="-mt-2 text-sm sm:mt-0">
                    <StatusBadge kind="invoice" status={d.invoice.state} />
                  </dd>
                  <dt className="text-sm font-semibold text-muted-foreground">Issued</dt>
                  <dd className="-mt-2 text-sm sm:mt-0">{d.invoice.issuedOn}</dd>
                  <dt className="text-sm font-semibold text-muted-foreground">Due</dt>
                  <dd className="-mt-2 text-sm sm:mt-0">{d.invoice.dueOn}</dd>
                  <dt className="text-sm font-semibold text-muted-foreground">Total</dt>
                  <dd className="-mt-2 text-sm font-semibold tabular-nums sm:mt-0">{d.invoice.total}</dd>
                  <dt className="text-sm font-semibold text-muted-foreground">Paid</dt>
                  <dd className="-mt-2 text-sm tabular-nums sm:mt-0" data-invoice-paid="">
                    {d.invoice.paid}
                    {d.invoice.paidOn ? <span className="text-muted-foreground"> (in full on {d.invoice.paidOn})</span> : null}
                  </dd>
                  <dt className="text-sm font-semibold text-muted-foreground">Balance</dt>
                  <dd className="-mt-2 text-sm font-semibold tabular-nums sm:mt-0" data-invoice-balance="">
                    {d.invoice.balance}
                  </dd>
                </dl>
                {d.invoice.payments.length > 0 ? (
                  <DataTable label="Payments">
                    <thead>
                      <tr>
                        <Th>Payment</Th>
                        <Th className="text-right">Amount</Th>
                      </tr>
                    </thead>
                    <tbody>
                      {d.invoice.payments.map((p) => (
                        <tr key={p.key}>
                          <Td wrap="normal">
                            {p.paidOn}, {p.reference}
                            <span className="block text-xs text-muted-foreground">Recorded by {p.recordedBy ?? "unknown"}</span>
                          </Td>
                          <Td className="text-right tabular-nums">{p.amount}</Td>
                        </tr>
                      ))}
                    </tbody>
                  </DataTable>
                ) : null}
                <DataTable label="Invoice lines">
                  <thead>
                    <tr>
                      <Th>Item</Th>
                      <Th className="text-right">Amount</Th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.invoice.lines.map((l) => (
                      <tr key={l.position}>
                        <Td wrap="normal">
                          {l.description}
                          <span className="block text-xs text-muted-foreground tabular-nums">
                            {l.hcpcs} · {l.units} × {l.unitPrice}
                          </span>
                        </Td>
                        <Td className="text-right tabular-nums">{l.total}</Td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <Th scope="row" strong className="border-t border-border">
                        Total
                      </Th>
                      <Td className="text-right font-semibold tabular-nums">{d.invoice.total}</Td>
                    </tr>
                  </tfoot>
                </DataTable>
              </>
            ) : (
              <p className="text-sm text-muted-foreground">
                {d.status === "cancelled"
                  ? "Cancelled: nothing to invoice."
                  : d.status === "delivered"
                    ? "Not invoiced yet."
                    : "Not invoiced yet: an order is invoiced once it is delivered."}
              </p>
            )}
          </Panel>

        </div>

        <div className="flex min-w-0 flex-col gap-6">
          <Panel id="work-heading" title="Work this order">
            {refusal ? <FormNotice notice={{ title: REFUSED, description: refusal, variant: "error" }} /> : null}
            {!anything ? <p className="text-sm text-muted-foreground">Nothing to do: this order is {ORDER_STATUS_LABELS[d.status]}.</p> : null}

            {work.confirm ? (
              <div className="flex flex-col gap-3">
                <p className="text-sm text-muted-foreground">Check the sizes and where they go, then confirm: the practice hears the order is being prepared.</p>
                <confirm.fetcher.Form {...confirm.formProps} key={`confirm-${d.status}`}>
                  <input type="hidden" name="intent" value="confirm" />
                  <SubmitButton pending={confirm.pending} pendingText="Confirming...">
                    Confirm order
                  </SubmitButton>
                </confirm.fetcher.Form>
              </div>
            ) : null}

            {work.ship ? (
              <ship.fetcher.Form
                {...ship.formProps}
                key={`ship-${d.status}`}
                className="flex flex-col gap-4"
                // Enter in an identifier (a scanner ends each code with it) moves to the next control instead of sending the form.
                onKeyDown={(event) => {
                  const target = event.target;
                  if (event.key !== "Enter" || !(target instanceof HTMLInputElement) || !target.name.startsWith("unit-")) return;
                  event.preventDefault();
                  const controls = Array.from(event.currentTarget.elements).filter(
                    (e): e is HTMLInputElement | HTMLSelectElement => (e instanceof HTMLInputElement && e.type !== "hidden") || e instanceof HTMLSelectElement,
                  );
                  controls[controls.indexOf(target) + 1]?.focus();
                }}
              >
                <input type="hidden" name="intent" value="ship" />
                {d.shipTo ? (
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-md bg-muted/60 p-3 text-sm">
                    <dt className="font-semibold text-muted-foreground">Speed</dt>
                    <dd className={d.shipTo.rush ? "font-semibold text-warning" : undefined}>{d.shipTo.speed}</dd>
                    <dt className="font-semibold text-muted-foreground">To</dt>
                    <dd className="min-w-0 break-words">{d.shipTo.address ?? "—"}</dd>
                  </dl>
                ) : null}
                <p className="text-sm text-muted-foreground">
                  Scan or type each graft&apos;s tissue identifier as you pack it, line by line; Enter moves to the next. Every unit needs one.
                </p>
                {d.units.map((group) => (
                  <fieldset key={group.position} className="flex min-w-0 flex-col gap-3 rounded-md border border-border p-3">
                    <legend className="px-1 text-sm font-semibold text-navy">{group.legend}</legend>
                    <div className="grid gap-3 sm:grid-cols-2">
                      {group.units.map((u) => (
                        <Field key={u.name} label={<UnitLabel label={u.label} />} name={u.name} required error={ship.errors[u.name]}>
                          {(control) => (
                            <Input
                              {...control}
                              defaultValue={t(u.name)}
                              maxLength={40}
                              autoComplete="off"
                              autoCapitalize="characters"
                              spellCheck={false}
                              enterKeyHint="next"
                              className="font-mono"
                            />
                          )}
                        </Field>
                      ))}
                    </div>
                  </fieldset>
                ))}
                <div className="grid gap-4 sm:grid-cols-2">
                  <Field label="Carrier" name="carrier" required error={ship.errors.carrier}>
                    {(control) => (
                      <Select
                        {...control}
                        options={CARRIERS.map((c) => ({ value: c.value, label: c.label }))}
                        placeholder="Choose the carrier"
                        defaultValue={t("carrier") ?? ""}
                      />
                    )}
                  </Field>
                  <Field label="Tracking number" name="trackingNumber" required error={ship.errors.trackingNumber}>
                    {(control) => <Input {...control} defaultValue={t("trackingNumber")} maxLength={40} autoComplete="off" spellCheck={false} className="font-mono" />}
                  </Field>
                </div>
                <SubmitButton pending={ship.pending} pendingText="Shipping..." className="w-fit">
                  Ship order
                </SubmitButton>
              </ship.fetcher.Form>
            ) : null}

            {work.deliver ? (
              <deliver.fetcher.Form {...deliver.formProps} key={`deliver-${d.status}`} className="flex flex-col gap-3">
                <input type="hidden" name="intent" value="deliver" />
                <p className="text-sm text-muted-foreground">Mark it delivered once the carrier shows it arrived: then it can be invoiced.</p>
                <Field label="Delivered on" name="deliveredOn" required error={deliver.errors.deliveredOn} hint="The day the carrier delivered it: today, or an earlier day">
                  {(control) => <Input {...control} type="date" max={d.today} defaultValue={t("deliveredOn") ?? d.today} className="sm:w-48" />}
                </Field>
                <SubmitButton pending={deliver.pending} pendingText="Saving..." className="w-fit">
                  Mark delivered
                </SubmitButton>
              </deliver.fetcher.Form>
            ) : null}

            {d.correctsTracking && d.shipment ? (
              <details open={answerFor(answer, "tracking") ? true : undefined} className="border-t border-border pt-4">
                <summary className="w-fit cursor-pointer rounded-md text-sm font-semibold text-primary underline-offset-4 hover:underline">
                  Correct the tracking…
                </summary>
                <tracking.fetcher.Form {...tracking.formProps} key={`tracking-${d.shipment.carrierValue}-${d.shipment.trackingNumber}`} className="mt-3 flex flex-col gap-3">
                  <input type="hidden" name="intent" value="tracking" />
                  <p className="text-sm text-muted-foreground">Until it is delivered. The change is recorded in the audit log.</p>
                  <div className="grid gap-4 sm:grid-cols-2">
                    <Field label="Carrier" name="carrier" required error={tracking.errors.carrier}>
                      {(control) => (
                        <Select {...control} options={CARRIERS.map((c) => ({ value: c.value, label: c.label }))} defaultValue={t("carrier") ?? d.shipment?.carrierValue ?? ""} />
                      )}
                    </Field>
                    <Field label="Tracking number" name="trackingNumber" required error={tracking.errors.trackingNumber}>
                      {(control) => (
                        <Input {...control} defaultValue={t("trackingNumber") ?? d.shipment?.trackingNumber ?? ""} maxLength={40} autoComplete="off" spellCheck={false} className="font-mono" />
                      )}
                    </Field>
                  </div>
                  <SubmitButton pending={tracking.pending} pendingText="Saving..." variant="outline" className="w-fit">
                    Correct tracking
                  </SubmitButton>
                </tracking.fetcher.Form>
              </details>
            ) : null}

            {work.invoice ? <InvoiceForm form={invoice} lines={d.prices} dueOn={t("dueOn") ?? d.dueOnDefault} t={t} status={d.status} /> : null}

            {work.payment && d.invoice ? (
              <payment.fetcher.Form {...payment.formProps} key={`payment-${d.status}-${d.invoice.paid}`} className="flex flex-col gap-4">
                <input type="hidden" name="intent" value="payment" />
                <p className="text-sm text-muted-foreground">
                  {d.invoice.number} for {d.invoice.total}, due {d.invoice.dueOn}
                  {d.invoice.payments.length > 0 ? `, ${d.invoice.paid} paid` : ""}: {d.invoice.balance} to pay. Record each payment as it arrives; a part
                  leaves the rest open.
                </p>
                <div className="grid gap-4 sm:grid-cols-2">
                  <Field label="Paid on" name="paidOn" required error={payment.errors.paidOn}>
                    {(control) => <Input {...control} type="date" max={d.today} defaultValue={t("paidOn") ?? d.today} />}
                  </Field>
                  <Field label="Amount ($)" name="amount" required error={payment.errors.amount} hint={`The balance is ${d.invoice.balance}`}>
                    {(control) => <Input {...control} inputMode="decimal" maxLength={12} autoComplete="off" defaultValue={t("amount") ?? d.invoice?.balanceDollars} className="tabular-nums" />}
                  </Field>
                  <Field label="Reference" name="reference" required error={payment.errors.reference} hint="Check number or transfer id">
                    {(control) => <Input {...control} defaultValue={t("reference")} maxLength={60} autoComplete="off" />}
                  </Field>
                </div>
                <SubmitButton pending={payment.pending} pendingText="Saving..." className="w-fit">
                  Record payment
                </SubmitButton>
              </payment.fetcher.Form>
            ) : null}

            {work.cancel ? (
              // Out of the way of the day's work; open when a plain post's answer (a message, the confirm step) is for it.
              <details open={answerFor(answer, "cancel") ? true : undefined} className="group mt-2 border-t border-border pt-4">
                <summary className="w-fit cursor-pointer rounded-md text-sm font-semibold text-destructive underline-offset-4 hover:underline">
                  Cancel this order…
                </summary>
                <div className="mt-3 flex flex-col gap-3">
                  <cancel.fetcher.Form {...cancel.formProps} key={`cancel-${d.status}`} className="flex flex-col gap-3" hidden={Boolean(confirmCancel)}>
                    <input type="hidden" name="intent" value="cancel" />
                    <Field label="Reason" name="reason" error={cancel.errors.reason} hint="Optional. Kept in the order's history; the practice is told only that it is cancelled.">
                      {(control) => <Textarea {...control} rows={2} maxLength={LIMITS.long} defaultValue={confirmCancel?.reason ?? t("reason")} />}
                    </Field>
                    <ConfirmButton
                      title={`Cancel ${d.reference}?`}
                      description="The practice is told it is cancelled and its IVR application is counted again. This cannot be undone: the practice would place a new order."
                      confirmLabel="Cancel order"
                      pending={cancel.pending}
                      pendingText="Cancelling..."
                      variant="destructive"
                      className="w-fit"
                    >
                      Cancel order
                    </ConfirmButton>
                  </cancel.fetcher.Form>
                  {confirmCancel ? (
                    <div role="alert" className="flex flex-col gap-3 rounded-lg border border-border bg-muted p-3">
                      <p className="font-semibold text-navy">Cancel {d.reference}?</p>
                      <p className="text-sm text-muted-foreground">The practice is told it is cancelled. This cannot be undone.</p>
                      {confirmCancel.reason ? <p className="text-sm whitespace-pre-wrap break-words">Reason: {confirmCancel.reason}</p> : null}
                      <cancelConfirmed.fetcher.Form {...cancelConfirmed.formProps} className="flex flex-wrap gap-2">
                        <input type="hidden" name="intent" value="cancel" />
                        <input type="hidden" name="confirmed" value="1" />
                        <input type="hidden" name="reason" value={confirmCancel.reason} />
                        <SubmitButton pending={cancelConfirmed.pending} pendingText="Cancelling..." variant="destructive" size="sm">
                          Cancel order
                        </SubmitButton>
                        <Button asChild size="sm" variant="outline">
                          <Link to={`/admin/orders/${d.id}`}>Keep it</Link>
                        </Button>
                      </cancelConfirmed.fetcher.Form>
                    </div>
                  ) : null}
                </div>
              </details>
            ) : null}
          </Panel>

          <Panel id="documents-heading" title="Documents">
            <ul className="flex flex-col gap-2 text-sm">
              <li>
                <a href={`/admin/orders/${d.id}/packing-list.pdf`} download className={`inline-flex items-center gap-1 ${link}`}>
                  <Download aria-hidden className="size-4" />
                  Packing list (PDF)
                </a>
              </li>
              {d.invoice ? (
                <li>
                  <a href={`/admin/orders/${d.id}/invoice.pdf`} download className={`inline-flex items-center gap-1 ${link}`}>
                    <Download aria-hidden className="size-4" />
                    Invoice (PDF)
                  </a>
                </li>
              ) : null}
            </ul>
          </Panel>

          <Panel id="history-heading" title="History">
            <ol className="flex flex-col gap-3">
              {d.history.map((h) => (
                <li key={h.id} className="rounded-lg border border-border bg-muted/40 p-3 text-sm">
                  <p className="font-semibold">{h.change}</p>
                  <p className="text-xs text-muted-foreground">
                    {h.actorEmail ?? "Unknown"}, <DateTime value={h.at} />
                  </p>
                  {h.note ? <p className="mt-2 whitespace-pre-wrap break-words">Reason: {h.note}</p> : null}
                </li>
              ))}
            </ol>
          </Panel>
        </div>
      </div>
    </div>
  );
}

/** "Unit 1 of 2" on screen; the whole name ("4 × 4 cm, unit 1 of 2: tissue identifier") for screen readers and tests. */
function UnitLabel({ label }: { label: string }) {
  const short = /unit \d+ of \d+/.exec(label)?.[0] ?? label;
  return (
    <>
      <span className="sr-only">{label}</span>
      <span aria-hidden>{short.charAt(0).toUpperCase() + short.slice(1)}</span>
    </>
  );
}

type PriceLine = { name: string; label: string; description: string; hcpcs: string; quantity: number; prefill: string };

/** The invoice form: a unit price per line, the line totals and the invoice total as staff type (the server computes them again). */
function InvoiceForm({
  form,
  lines,
  dueOn,
  t,
  status,
}: {
  form: ReturnType<typeof useFormSubmission>;
  lines: PriceLine[];
  dueOn: string;
  t: (name: string) => string | undefined;
  status: OrderStatus;
}) {
  const [prices, setPrices] = React.useState<Record<string, string>>(() => Object.fromEntries(lines.map((l) => [l.name, t(l.name) ?? l.prefill])));
  const totals = invoiceTotals(lines.map((l) => ({ quantity: l.quantity, price: prices[l.name] ?? "" })));
  return (
    <form.fetcher.Form {...form.formProps} key={`invoice-${status}`} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="invoice" />
      <p className="text-sm text-muted-foreground">Enter each line&apos;s unit price in dollars; the last price invoiced for the size is filled in.</p>
      <ul className="flex flex-col gap-3">
        {lines.map((l, i) => (
          <li key={l.name} className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-[minmax(0,1fr)_8rem] sm:items-end">
            <div className="flex min-w-0 flex-col">
              <span className="text-sm font-semibold">{l.description}</span>
              <span className="text-xs text-muted-foreground">
                {l.hcpcs} · {l.quantity} {l.quantity === 1 ? "unit" : "units"}
              </span>
            </div>
            <Field label={<PriceLabel label={l.label} />} name={l.name} required error={form.errors[l.name]}>
              {(control) => (
                <Input
                  {...control}
                  inputMode="decimal"
                  maxLength={12}
                  autoComplete="off"
                  value={prices[l.name] ?? ""}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setPrices((previous) => ({ ...previous, [l.name]: value }));
                  }}
                  className="text-right tabular-nums"
                />
              )}
            </Field>
            <p className="flex justify-between gap-3 text-sm tabular-nums sm:col-span-2">
              <span className="text-muted-foreground">Line total</span>
              <span className="font-semibold">{totals.lines[i] === null ? "—" : formatCents(totals.lines[i]!)}</span>
            </p>
          </li>
        ))}
      </ul>
      <p className="flex items-baseline justify-between gap-3 border-t border-border pt-3 font-semibold">
        <span>Invoice total</span>
        <output aria-live="polite" className={totals.totalCents === null ? "text-sm font-normal text-muted-foreground" : "text-lg tabular-nums"}>
          {totals.totalCents === null ? "Enter every price" : formatCents(totals.totalCents)}
        </output>
      </p>
      <Field label="Due on" name="dueOn" required error={form.errors.dueOn} hint="Net 30: thirty days from today unless agreed otherwise">
        {(control) => <Input {...control} type="date" defaultValue={dueOn} className="sm:w-48" />}
      </Field>
      <SubmitButton pending={form.pending} pendingText="Creating..." className="w-fit">
        Create invoice
      </SubmitButton>
    </form.fetcher.Form>
  );
}

/** "Unit price ($)" on screen; the line's own name for screen readers. */
function PriceLabel({ label }: { label: string }) {
  return (
    <>
      <span className="sr-only">{label}</span>
      <span aria-hidden>Unit price ($)</span>
    </>
  );
}
