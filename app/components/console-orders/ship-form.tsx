import { Field } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { schemaValidator } from "~/components/forms/use-form-submission";
import { typedText, useRecordForm } from "~/components/record/record-form";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { CARRIERS } from "~/lib/orders";
import type { OrderStatus } from "~/lib/orders";
import type { ShipTo, UnitGroup } from "~/routes/console/orders-view.server";
import type { OrderAnswer } from "./answer";

const validateShipment = schemaValidator(() => import("~/lib/schemas/order").then((m) => m.shipmentSchema));

export const CARRIER_OPTIONS = CARRIERS.map((c) => ({ value: c.value, label: c.label }));

/** Shipping: how fast and where to, every graft's tissue identifier as it is packed, then the carrier and its tracking number. */
export function ShipForm({ status, shipTo, units, answer }: { status: OrderStatus; shipTo: ShipTo | null; units: readonly UnitGroup[]; answer: OrderAnswer | undefined }) {
  const ship = useRecordForm(answer, validateShipment);
  const t = typedText(answer);
  return (
    <ship.fetcher.Form
      {...ship.formProps}
      key={`ship-${status}`}
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
      {shipTo ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-md bg-muted/60 p-3 text-sm">
          <dt className="font-semibold text-muted-foreground">Speed</dt>
          <dd className={shipTo.rush ? "font-semibold text-warning" : undefined}>{shipTo.speed}</dd>
          <dt className="font-semibold text-muted-foreground">To</dt>
          <dd className="min-w-0 break-words">{shipTo.address ?? "—"}</dd>
        </dl>
      ) : null}
      <p className="text-sm text-muted-foreground">
        Scan or type each graft&apos;s tissue identifier as you pack it, line by line; Enter moves to the next. Every unit needs one.
      </p>
      {units.map((group) => (
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
          {(control) => <Select {...control} options={CARRIER_OPTIONS} placeholder="Choose the carrier" defaultValue={t("carrier") ?? ""} />}
        </Field>
        <Field label="Tracking number" name="trackingNumber" required error={ship.errors.trackingNumber}>
          {(control) => <Input {...control} defaultValue={t("trackingNumber")} maxLength={40} autoComplete="off" spellCheck={false} className="font-mono" />}
        </Field>
      </div>
      <SubmitButton pending={ship.pending} pendingText="Shipping..." className="w-fit">
        Ship order
      </SubmitButton>
    </ship.fetcher.Form>
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
