import type * as React from "react";
import { CircleAlert, Sparkles, TriangleAlert } from "lucide-react";
import { Field } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { formatCm2 } from "~/lib/format";
import { sizeKey, sizeLabel, type GraftSize } from "~/lib/clinical/graft-sizes";
import { orderSummary, quantitiesOf, setText, sizeWithArea } from "~/lib/ordering";
import { MAX_UNITS_PER_SIZE } from "~/lib/orders";
import { LIMITS } from "~/lib/schemas/fields";
import { quantityField } from "~/lib/schemas/order-fields";
import { cn } from "~/lib/utils";

/**
 * The order form's sizes: the wound's area today, one quantity control per
 * size the product comes in, and beside them a summary that follows what is
 * typed (the area ordered against the wound's, the least set of sizes that
 * covers the wound with "Use this", and the over-order warning). The server
 * draws the same summary from the form's first values, so it reads right
 * before (or without) JavaScript; there "Use this" posts the form and the
 * server gives it back with the suggested quantities.
 */
export function GraftSizesPicker({
  sizes,
  verifiedArea,
  ivrReference,
  values,
  onValues,
  errors,
  reason,
}: {
  sizes: readonly GraftSize[];
  /** The wound's area on the IVR, cm² */
  verifiedArea: number | null;
  ivrReference: string;
  /** The wound area's and the quantities' text, by control name */
  values: Record<string, string>;
  onValues: (next: Record<string, string>) => void;
  errors: Record<string, string>;
  /** The reason for ordering over the wound, as typed */
  reason: string;
}) {
  const summary = orderSummary(sizes, values, verifiedArea);
  const set = (name: string) => (event: React.ChangeEvent<HTMLInputElement>) => onValues({ ...values, [name]: event.target.value });
  const linesError = errors.lines;

  return (
    <div className="flex flex-col gap-6">
      <Field
        label="Wound area today (cm²)"
        name="woundArea"
        error={errors.woundArea}
        hint={verifiedArea !== null ? `${formatCm2(verifiedArea)} on ${ivrReference}. Change it if the wound has changed since.` : `${ivrReference} gives no area: enter today's.`}
        className="max-w-xs"
      >
        {(control) => <Input {...control} inputMode="decimal" maxLength={8} autoComplete="off" value={values.woundArea ?? ""} onChange={set("woundArea")} />}
      </Field>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <fieldset className="flex min-w-0 flex-col gap-3" aria-describedby={linesError ? "sizes-hint sizes-error" : "sizes-hint"}>
          <legend className="text-sm font-medium">Sizes</legend>
          <p id="sizes-hint" className="text-xs text-muted-foreground">
            How many grafts of each size, up to {MAX_UNITS_PER_SIZE} of one size.
          </p>
          {linesError ? (
            <p id="sizes-error" role="alert" className="flex items-start gap-1.5 text-sm font-medium text-destructive">
              <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
              <span className="min-w-0">{linesError}</span>
            </p>
          ) : null}
          <ul className="grid gap-x-6 sm:grid-cols-2">
            {sizes.map((size) => {
              const name = quantityField(sizeKey(size));
              const quantity = Number(values[name] ?? "");
              return (
                <li key={name} className={cn("border-b border-border py-2", quantity > 0 && "bg-primary-soft/60")}>
                  <Field
                    label={sizeWithArea(size, sizeLabel)}
                    name={name}
                    error={errors[name]}
                    layout="grid"
                    className="grid-cols-[minmax(0,1fr)_5.5rem] items-center gap-x-3 gap-y-1 px-2 [&>p]:col-span-2"
                  >
                    {(control) => (
                      <Input
                        {...control}
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={MAX_UNITS_PER_SIZE}
                        step={1}
                        placeholder="0"
                        value={values[name] ?? ""}
                        onChange={set(name)}
                        className="text-right"
                      />
                    )}
                  </Field>
                </li>
              );
            })}
          </ul>
          {/* On a phone the summary is below the sizes: this line keeps the two numbers in view while typing (the summary itself is what is read out). */}
          <p aria-hidden="true" className="sticky bottom-0 flex justify-between gap-3 border-t border-border bg-background/95 px-2 py-2 text-sm lg:hidden">
            <span>
              Ordered <strong className="tabular-nums">{formatCm2(summary.total)}</strong>
            </span>
            <span>
              Wound <strong className="tabular-nums">{summary.wound !== null ? formatCm2(summary.wound) : "—"}</strong>
            </span>
          </p>
        </fieldset>

        <div className="flex flex-col gap-4 self-start rounded-xl border border-border bg-muted/40 p-4 lg:sticky lg:top-24">
          <div aria-live="polite" aria-atomic="true" className="flex flex-col gap-3" data-order-summary="">
            <dl className="grid grid-cols-2 gap-3">
              <div className="min-w-0">
                <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Ordered</dt>
                <dd className="text-xl font-bold whitespace-nowrap text-navy tabular-nums sm:text-2xl" data-ordered="">
                  {formatCm2(summary.total)}
                </dd>
                <dd className="text-xs text-muted-foreground">{summary.pieces === 1 ? "1 graft" : `${summary.pieces} grafts`}</dd>
              </div>
              <div className="min-w-0 border-l border-border pl-3">
                <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Wound</dt>
                <dd className="text-xl font-bold whitespace-nowrap text-navy tabular-nums sm:text-2xl" data-wound="">
                  {summary.wound !== null ? formatCm2(summary.wound) : "—"}
                </dd>
                <dd className="text-xs text-muted-foreground">{summary.wound !== null && summary.wound === verifiedArea ? "as verified" : summary.wound !== null ? "today" : "not given"}</dd>
              </div>
            </dl>
            {summary.wound !== null && summary.pieces > 0 ? (
              <p
                className={cn(
                  "text-sm font-medium",
                  summary.difference !== null && summary.difference < 0 ? "text-warning" : summary.warning ? "text-foreground" : "text-success",
                )}
              >
                {summary.difference === null || summary.difference === 0
                  ? "Exactly the wound's area."
                  : summary.difference < 0
                    ? `${formatCm2(-summary.difference)} short of covering the wound.`
                    : `Covers the wound, ${formatCm2(summary.difference)} over.`}
              </p>
            ) : null}
          </div>

          {summary.suggestion.length > 0 ? (
            <div className="flex flex-col gap-2 border-t border-border pt-4">
              <p className="text-sm">
                <span className="font-semibold">
                  Least area that covers the wound <span className="whitespace-nowrap">({formatCm2(summary.suggestionArea)}):</span>
                </span>{" "}
                <span data-suggestion="" className="block">
                  {summary.suggestion.map((line, index) => (
                    <span key={sizeKey(line.size)} className="whitespace-nowrap">
                      {setText([line], sizeLabel)}
                      {index < summary.suggestion.length - 1 ? ", " : ""}
                    </span>
                  ))}
                </span>
              </p>
              {summary.isSuggestion ? (
                <p className="text-sm text-muted-foreground">Your order is this set.</p>
              ) : (
                <Button
                  type="submit"
                  name="intent"
                  value="suggest"
                  formNoValidate
                  variant="outline"
                  size="sm"
                  className="self-start"
                  onClick={(event) => {
                    // With JavaScript the quantities are filled here; without, the server gives the form back filled.
                    event.preventDefault();
                    onValues({ ...values, ...quantitiesOf(sizes, summary.suggestion) });
                  }}
                >
                  <Sparkles aria-hidden />
                  Use this
                </Button>
              )}
            </div>
          ) : summary.wound === null ? (
            <p className="border-t border-border pt-4 text-sm text-muted-foreground">Enter the wound's area to see the sizes that cover it.</p>
          ) : null}

          <div aria-live="polite">
            {summary.warning ? (
              <div className="flex gap-2 rounded-lg border border-warning-border bg-warning-soft p-3 text-sm text-warning" data-over-order="">
                <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                <p>
                  {summary.warning} <span className="font-medium">You can still place it: say why below.</span>
                </p>
              </div>
            ) : null}
          </div>
          {/* The reason goes with the warning; shown also when the server asks for it (a plain post whose sizes changed). */}
          {summary.warning || errors.overOrderReason ? (
            <Field
              label="Why more than the wound?"
              name="overOrderReason"
              required
              error={errors.overOrderReason}
              hint="Kept with the order and read by our team, sealed like the patient's data."
            >
              {(control) => <Textarea {...control} rows={3} maxLength={LIMITS.long} defaultValue={reason} />}
            </Field>
          ) : null}
        </div>
      </div>
    </div>
  );
}
