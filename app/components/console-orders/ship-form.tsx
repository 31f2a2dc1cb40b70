import { Field } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { schemaValidator } from "~/components/forms/use-form-submission";
import { typedText, useRecordForm } from "~/components/record/record-form";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { GROUP_SEPARATOR, isGroupSeparatorKey, isScanError, readScan } from "~/lib/identifiers";
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
      // Enter in a unit's controls (a scanner ends each code with it) moves on instead of sending the form. A label's
      // GS1 barcode also carries the lot and expiry: they are filled in, and Enter goes straight to the next unit.
      onKeyDown={(event) => {
        const target = event.target;
        if (!(target instanceof HTMLInputElement) || !/^(unit|lot|expires)-/.test(target.name)) return;
        if (isGroupSeparatorKey(event)) {
          event.preventDefault();
          target.setRangeText(GROUP_SEPARATOR, target.selectionStart ?? target.value.length, target.selectionEnd ?? target.value.length, "end");
          return;
        }
        if (event.key !== "Enter") return;
        event.preventDefault();
        const form = event.currentTarget;
        let skip = 0;
        if (target.name.startsWith("unit-")) {
          const reading = readScan(target.value.trim());
          if (!isScanError(reading) && reading.lot && reading.expiry) {
            const suffix = target.name.slice("unit-".length);
            const lot = form.elements.namedItem(`lot-${suffix}`);
            const expires = form.elements.namedItem(`expires-${suffix}`);
            if (lot instanceof HTMLInputElement && expires instanceof HTMLInputElement) {
              lot.value = reading.lot;
              expires.value = reading.expiry;
              skip = 2;
            }
          }
        }
        const controls = Array.from(form.elements).filter(
          (e): e is HTMLInputElement | HTMLSelectElement => (e instanceof HTMLInputElement && e.type !== "hidden") || e instanceof HTMLSelectElement,
        );
        controls[controls.indexOf(target) + 1 + skip]?.focus();
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
        Scan each graft&apos;s label as you pack it, line by line: its barcode fills in the lot and expiry. A typed tissue identifier
        needs its lot and expiry typed beside it. Enter moves to the next. Every unit needs all three.
      </p>
      {units.map((group) => (
        <fieldset key={group.position} className="flex min-w-0 flex-col gap-3 rounded-md border border-border p-3">
          <legend className="px-1 text-sm font-semibold text-navy">{group.legend}</legend>
          <div className="flex flex-col gap-3">
            {group.units.map((u) => {
              const suffix = u.name.slice("unit-".length);
              return (
                <div key={u.name} className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
                  <Field label={<UnitLabel label={u.label} />} name={u.name} required error={ship.errors[u.name]}>
                    {(control) => (
                      <Input
                        {...control}
                        defaultValue={t(u.name)}
                        maxLength={200}
                        autoComplete="off"
                        autoCapitalize="characters"
                        spellCheck={false}
                        enterKeyHint="next"
                        className="font-mono"
                      />
                    )}
                  </Field>
                  <Field label={<UnitLabel label={u.label.replace(/tissue identifier$/, "lot")} short="Lot" />} name={`lot-${suffix}`} error={ship.errors[`lot-${suffix}`]}>
                    {(control) => <Input {...control} defaultValue={t(`lot-${suffix}`)} maxLength={20} autoComplete="off" spellCheck={false} className="font-mono" />}
                  </Field>
                  <Field
                    label={<UnitLabel label={u.label.replace(/tissue identifier$/, "expiry date")} short="Expires" />}
                    name={`expires-${suffix}`}
                    error={ship.errors[`expires-${suffix}`]}
                  >
                    {(control) => <Input {...control} type="date" defaultValue={t(`expires-${suffix}`)} />}
                  </Field>
                </div>
              );
            })}
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

/** "Unit 1 of 2" (or `short`) on screen; the whole name ("4 × 4 cm, unit 1 of 2: tissue identifier") for screen readers and tests. */
function UnitLabel({ label, short: shown }: { label: string; short?: string }) {
  const short = shown ?? /unit \d+ of \d+/.exec(label)?.[0] ?? label;
  return (
    <>
      <span className="sr-only">{label}</span>
      <span aria-hidden>{short.charAt(0).toUpperCase() + short.slice(1)}</span>
    </>
  );
}
