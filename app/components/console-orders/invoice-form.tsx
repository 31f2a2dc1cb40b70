import * as React from "react";
import { Field } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { schemaValidator } from "~/components/forms/use-form-submission";
import { typedText, useRecordForm } from "~/components/record/record-form";
import { Input } from "~/components/ui/input";
import { formatCents } from "~/lib/format";
import type { OrderStatus } from "~/lib/orders";
import { invoiceTotals } from "~/lib/schemas/invoice-fields";
import type { PriceLine } from "~/routes/console/orders-view.server";
import type { OrderAnswer } from "./answer";

const validateInvoice = schemaValidator(() => import("~/lib/schemas/order").then((m) => m.invoiceSchema));

/** The invoice form: a unit price per line, the line totals and the invoice total as staff type (the server computes them again). */
export function InvoiceForm({ lines, dueOnDefault, status, answer }: { lines: readonly PriceLine[]; dueOnDefault: string; status: OrderStatus; answer: OrderAnswer | undefined }) {
  const form = useRecordForm(answer, validateInvoice);
  const t = typedText(answer);
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
        {(control) => <Input {...control} type="date" defaultValue={t("dueOn") ?? dueOnDefault} className="sm:w-48" />}
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
