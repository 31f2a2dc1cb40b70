import { ArrowLeft, CircleAlert, PackageCheck } from "lucide-react";
import * as React from "react";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/orders-new";
import { AnswerNotice, Field, FormNotice, RequiredMark, RequiredNote } from "~/components/forms/field";
import { answerForTheForm } from "~/components/forms/answer-for-the-form";
import { SubmitButton } from "~/components/forms/submit-button";
import { schemaValidator, useFormSubmission } from "~/components/forms/use-form-submission";
import { GraftSizesPicker } from "~/components/orders/graft-sizes-picker";
import { Block, Facts } from "~/components/portal/facts";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { formatCm2 } from "~/lib/format";
import { sizeKey } from "~/lib/clinical/graft-sizes";
import { submittedValues, type FormAnswer } from "~/lib/form-result";
import { privateMeta } from "~/lib/meta";
import { dateOfServiceRange, defaultDateOfService, orderSummary, quantitiesOf } from "~/lib/ordering";
import { SHIPPING_SPEEDS } from "~/lib/orders";
import { formatDayWithWeekday } from "~/lib/calendar";
import { arrivals } from "~/lib/shipping";
import { LIMITS } from "~/lib/schemas/fields";
import { quantityField } from "~/lib/schemas/order-fields";
import { cn } from "~/lib/utils";
import { getDb } from "~/.server/db/client";
import { redirectWithFlash } from "~/.server/http/flash";
import { answerForm, type Answer } from "~/.server/http/form-action";
import { MAX_TEXT_FORM_BYTES } from "~/.server/http/form-body";
import { orderFormContext, ordersToday, placeOrder } from "~/.server/orders";
import { actorOf, idParam, memberOf, notFound, requirePractice } from "./member.server";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Order form | Clinical Portal");

export async function loader({ request }: Route.LoaderArgs) {
  const { practice } = await memberOf(request, "orders.write");
  const ivrParam = new URL(request.url).searchParams.get("ivr");
  // An order starts from an IVR: the ORDER FORM tab lists those that can be ordered from.
  if (ivrParam === null || ivrParam === "") throw redirect("/members/orders");
  if (!practice) throw notFound();
  const today = ordersToday();
  const context = await orderFormContext(getDb(), { practiceId: practice.id, ivrId: idParam(ivrParam), today });
  if (!context) throw notFound();
  const { ivr, facilities, patientName } = context;
  const dateOfService = defaultDateOfService(ivr, today);
  return {
    today,
    ivr: {
      id: ivr.id,
      reference: ivr.reference,
      statusLabel: ivr.statusLabel,
      patientId: ivr.patientId,
      productSlug: ivr.productSlug,
      product: ivr.product,
      hcpcs: ivr.hcpcs,
      sizes: ivr.sizes,
      areaCm2: ivr.areaCm2,
      validUntil: ivr.validUntil,
      priorAuthFrom: ivr.priorAuthFrom,
      priorAuthTo: ivr.priorAuthTo,
      authorisedApplications: ivr.authorisedApplications,
      ordered: ivr.ordered,
      graftsAuthorised: ivr.graftsAuthorised,
      graftsOrdered: ivr.graftsOrdered,
      blockedBy: ivr.blockedBy,
    },
    patientName,
    facilities,
    defaults: {
      dateOfService,
      facilityId: facilities.some((f) => f.value === ivr.facilityId) ? (ivr.facilityId ?? "") : "",
      // The slowest speed that arrives by the first date of service.
      shippingSpeed: arrivals(today).find((a) => a.by <= dateOfService)?.speed ?? "standard",
      woundArea: ivr.areaCm2 !== null ? String(ivr.areaCm2) : "",
    },
  };
}

/** Errors about the order as a whole (no control of their own): shown above the form. */
const ORDER_LEVEL_FIELDS = ["order", "ivrId", "patientId", "productSlug"] as const;

export type OrderFormAnswer = FormAnswer | Answer | { ok: false; redraw: true; values: Record<string, string> };

/** What the member typed, without the form's own machinery (its key, the button pressed). */
const typedOf = ({ clientKey: _key, intent: _intent, ...values }: Record<string, string>) => values;

export async function action({ request, context }: Route.ActionArgs) {
  const { user, practice } = await requirePractice(request, "orders.write");
  const db = getDb();
  const today = ordersToday();
  return answerForm(request, {
    read: { maxBytes: MAX_TEXT_FORM_BYTES, multiline: ["notes", "overOrderReason"] },
    title: "The order was not placed",
    keep: typedOf,
    intents: {
      // "Use this" without JavaScript: the form comes back as typed, with the covering set's quantities.
      suggest: async ({ values }) => {
        const found = await orderFormContext(db, { practiceId: practice.id, ivrId: idParam(values.ivrId), today });
        if (!found) throw notFound();
        const { sizes, areaCm2 } = found.ivr;
        const typed = typedOf(values);
        const { suggestion } = orderSummary(sizes, typed, areaCm2);
        return data<OrderFormAnswer>({ ok: false, redraw: true, values: { ...typed, ...quantitiesOf(sizes, suggestion) } });
      },
      // Place order: the form's submit button names no intent. An order the rules refuse (OrderRefused) comes back beside its control.
      "": async ({ values, parse }) => {
        const { orderSchema } = await import("~/lib/schemas/order");
        const input = parse(orderSchema, { from: typedOf(values) });
        const placed = await placeOrder(db, { practiceId: practice.id, userId: user.id, actor: actorOf(user, context), input, today });
        if (placed.awaitingApproval)
          return redirectWithFlash(`/members/orders/${placed.id}`, {
            title: `${placed.reference} waits for approval`,
            description: `${placed.awaitingApproval} A practice admin approves it before it comes to us.`,
          });
        return redirectWithFlash(`/members/orders/${placed.id}`, {
          title: `${placed.reference} placed`,
          description: placed.warning ? `Placed with a warning: ${placed.warning}` : "We confirm it next; you get a mail each time it moves.",
        });
      },
    },
  });
}

const validate = schemaValidator(() => import("~/lib/schemas/order").then((m) => m.orderSchema));

type LoaderData = Route.ComponentProps["loaderData"];

export default function OrderFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const { ivr, patientName } = loaderData;
  const grafts = (n: number) => (n === 1 ? "1 graft" : `${n} grafts`);
  const applications =
    ivr.authorisedApplications === null
      ? `Not limited; ${ivr.ordered} ordered`
      : `${ivr.authorisedApplications} authorised (${grafts(ivr.graftsAuthorised ?? 0)}); ${ivr.ordered} ordered (${grafts(ivr.graftsOrdered)})`;

  return (
    <section aria-labelledby="order-form-heading" className="flex flex-col gap-6">
      <Link to="/members/orders" className="inline-flex items-center gap-1 self-start text-sm font-medium text-primary underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden className="size-4" />
        Back to orders
      </Link>
      <div>
        <h2 id="order-form-heading" className="text-xl font-semibold text-navy">
          Order form
        </h2>
        <p className="text-sm text-muted-foreground">Grafts for the patient of {ivr.reference}, as verified.</p>
      </div>

      <Block title="From the IVR">
        <Facts
          rows={[
            [
              "IVR",
              <Link key="ivr" to={`/members/ivrs/${ivr.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                {ivr.reference}
              </Link>,
            ],
            ["Patient", patientName],
            ["Product", `${ivr.product}${ivr.hcpcs ? ` (${ivr.hcpcs})` : ""}`],
            ["Valid until", ivr.validUntil],
            ...(ivr.priorAuthFrom && ivr.priorAuthTo ? [["Prior authorization", `${ivr.priorAuthFrom} to ${ivr.priorAuthTo}`] as [string, string]] : []),
            ["Applications", applications],
            ["Wound area verified", ivr.areaCm2 !== null ? formatCm2(ivr.areaCm2) : null],
          ]}
        />
      </Block>

      {ivr.blockedBy ? (
        <FormNotice notice={{ title: `${ivr.reference} cannot be ordered from now`, description: ivr.blockedBy, variant: "error" }} />
      ) : (
        <OrderForm key={ivr.id} loaderData={loaderData} answer={actionData as OrderFormAnswer | undefined} />
      )}
    </section>
  );
}

function OrderForm({ loaderData, answer }: { loaderData: LoaderData; answer: OrderFormAnswer | undefined }) {
  const { ivr, facilities, defaults, today } = loaderData;
  const form = useFormSubmission({
    validate,
    success: null,
    failure: { title: "The order was not placed", description: "Please try again in a moment: your order is still in the form." },
    resetOnSuccess: false,
    answer: answerForTheForm(answer),
  });
  const typed = submittedValues(answer);
  const start: Record<string, unknown> = Object.keys(typed).length > 0 ? typed : defaults;
  const text = (name: string) => (typeof start[name] === "string" ? (start[name] as string) : "");
  // The wound area and the quantities drive the summary, so they are held here; the other controls keep their own values.
  const [sizeValues, setSizeValues] = React.useState<Record<string, string>>(() => {
    const initial: Record<string, string> = { woundArea: text("woundArea") };
    for (const size of ivr.sizes) initial[quantityField(sizeKey(size))] = text(quantityField(sizeKey(size)));
    return initial;
  });
  const problem = ORDER_LEVEL_FIELDS.map((f) => form.errors[f]).find(Boolean);
  const speed = text("shippingSpeed") || "standard";
  const range = dateOfServiceRange(ivr, today);
  const within = ivr.priorAuthFrom && ivr.priorAuthTo ? `inside the prior authorization while ${ivr.reference} is valid` : `while ${ivr.reference} is valid`;

  return (
    <form.fetcher.Form {...form.formProps} action={`/members/orders/new?ivr=${ivr.id}`} className="flex flex-col gap-6">
      <FormNotice notice={form.notice} />
      <AnswerNotice answer={answer} title="The order was not placed" />
      {problem ? <FormNotice notice={{ title: "The order was not placed", description: problem, variant: "error" }} /> : null}
      <RequiredNote />
      <input type="hidden" name="ivrId" value={ivr.id} />
      <input type="hidden" name="patientId" value={ivr.patientId} />
      <input type="hidden" name="productSlug" value={ivr.productSlug} />

      <Block title="Delivery">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Date of service" name="dateOfService" required error={form.errors.dateOfService} hint={`From ${range.min === today ? "today" : range.min} to ${range.max}: ${within}.`}>
            {(control) => <Input {...control} type="date" min={range.min} max={range.max || undefined} defaultValue={text("dateOfService")} />}
          </Field>
          <Field label="Ship to" name="facilityId" required error={form.errors.facilityId}>
            {(control) => <Select {...control} options={facilities} placeholder={facilities.length ? "Choose..." : "No facility yet"} defaultValue={text("facilityId")} />}
          </Field>
        </div>
        <ShippingSpeed value={speed} error={form.errors.shippingSpeed} today={today} />
      </Block>

      <Block title="Grafts">
        <GraftSizesPicker
          sizes={ivr.sizes}
          verifiedArea={ivr.areaCm2}
          ivrReference={ivr.reference}
          values={sizeValues}
          onValues={setSizeValues}
          errors={form.errors}
          reason={text("overOrderReason")}
        />
      </Block>

      <Block title="Reference and notes">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="PO number (optional)" name="poNumber" error={form.errors.poNumber}>
            {(control) => <Input {...control} maxLength={40} autoComplete="off" defaultValue={text("poNumber")} />}
          </Field>
        </div>
        <Field label="Notes (optional)" name="notes" error={form.errors.notes} hint="For our team: delivery instructions, a contact at the facility.">
          {(control) => <Textarea {...control} rows={3} maxLength={LIMITS.long} defaultValue={text("notes")} />}
        </Field>
      </Block>

      <div className="flex flex-col gap-3 border-t border-border pt-6 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">We confirm the order before it ships. You can cancel it here until then.</p>
        <SubmitButton pending={form.pending} pendingText="Placing order..." size="lg">
          <PackageCheck aria-hidden />
          Place order
        </SubmitButton>
      </div>
    </form.fetcher.Form>
  );
}

/** The three speeds as a radio group, named by its label, each with the latest day it arrives; its message is tied to the group. */
function ShippingSpeed({ value, error, today }: { value: string; error?: string; today: string }) {
  const id = React.useId();
  const by = new Map(arrivals(today).map((a) => [a.speed, a.by]));
  return (
    <div className="flex flex-col gap-2">
      <p id={`${id}-label`} className="text-sm font-medium">
        Shipping speed
        <RequiredMark />
      </p>
      <div
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="grid gap-2 sm:grid-cols-3"
      >
        {SHIPPING_SPEEDS.map((s) => (
          <label
            key={s.value}
            className={cn(
              "flex min-h-11 cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft",
              error ? "border-destructive" : "border-input",
            )}
          >
            <input type="radio" name="shippingSpeed" value={s.value} defaultChecked={value === s.value} className="size-4 shrink-0 accent-primary" />
            <span className="flex flex-col">
              {s.label}
              <span className="text-xs text-muted-foreground">Arrives by {formatDayWithWeekday(by.get(s.value)!)}</span>
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="flex items-start gap-1.5 text-sm font-medium text-destructive">
          <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span className="min-w-0">{error}</span>
        </p>
      ) : null}
    </div>
  );
}
