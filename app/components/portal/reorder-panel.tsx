import { Form, Link } from "react-router";
import { DataTable, EmptyRow, HeadRow, Td } from "~/components/admin/data-table";
import { Field } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { fieldLook, Input } from "~/components/ui/input";
import { cn } from "~/lib/utils";
import { Select } from "~/components/ui/select";

export type ReorderView = {
  levels: { facilityId: string; facility: string; productSlug: string; product: string; sizeKey: string; sizeLabel: string; par: number; usable: number; onOrder: number }[];
  facilities: { value: string; label: string }[];
  products: { value: string; label: string; sizes: { value: string; label: string }[] }[];
  autoReorder: boolean;
  monthlyAmount: string;
  /** Suggested reorders waiting for a member: reference and link. */
  suggested: { id: string; reference: string; product: string; facility: string }[];
};

/**
 * Par levels and reordering, for a practice staff allow to hold stock: the
 * level of each facility, product and size with what is usable and on order,
 * setting one, the reorder settings, and the reorders that wait for a member.
 */
/** The shelf's par levels and reorder settings; only a practice admin (`manage`) changes them. */
export function ReorderPanel({ view, errors, manage }: { view: ReorderView; errors: Record<string, string | undefined>; manage: boolean }) {
  return (
    <section aria-labelledby="reordering" className="flex flex-col gap-4">
      <h2 id="reordering" className="text-xl font-bold text-navy">
        Par levels and reordering
      </h2>
      {view.suggested.length > 0 ? (
        <div role="status" className="flex flex-col gap-2 rounded-xl border border-primary/30 bg-primary/5 p-4 text-sm">
          <p className="font-semibold">Your stock is below par: {view.suggested.length === 1 ? "a reorder waits" : `${view.suggested.length} reorders wait`} for you.</p>
          <ul className="flex flex-col gap-1">
            {view.suggested.map((s) => (
              <li key={s.id}>
                <Link to={`/members/orders/${s.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                  {s.reference}
                </Link>
                : {s.product} for {s.facility}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <DataTable label="Par levels">
        <HeadRow columns={["Facility", "Product", "Size", "Par", "Usable", "On order"]} />
        <tbody>
          {view.levels.length === 0 ? (
            <EmptyRow colSpan={6}>No par levels yet. Set one below: when usable units fall under it, a reorder is drafted.</EmptyRow>
          ) : (
            view.levels.map((l) => (
              <tr key={`${l.facilityId}-${l.productSlug}-${l.sizeKey}`}>
                <Td>{l.facility}</Td>
                <Td>{l.product}</Td>
                <Td className="whitespace-nowrap">{l.sizeLabel}</Td>
                <Td className="tabular-nums">{l.par}</Td>
                <Td className={l.usable + l.onOrder < l.par ? "font-semibold text-warning tabular-nums" : "tabular-nums"}>{l.usable}</Td>
                <Td className="tabular-nums">{l.onOrder}</Td>
              </tr>
            ))
          )}
        </tbody>
      </DataTable>
      {manage ? null : <p className="text-sm text-muted-foreground">Your practice admin sets par levels and whether reorders are placed automatically.</p>}
      {manage ? (
      <>
      <Form method="post" className="grid gap-3 rounded-xl border border-border p-4 sm:grid-cols-[repeat(4,minmax(0,1fr))_auto] sm:items-end">
        <input type="hidden" name="intent" value="par" />
        <Field label="Facility" name="facilityId" required error={errors.facilityId}>
          {(control) => <Select {...control} options={view.facilities} placeholder="Choose" defaultValue={view.facilities.length === 1 ? view.facilities[0]!.value : ""} />}
        </Field>
        <Field label="Product and size" name="item" required error={errors.item ?? errors.size}>
          {(control) => (
            <select {...control} defaultValue="" className={cn(fieldLook, "h-10 w-full py-2")}>
              <option value="">Choose</option>
              {view.products.map((p) => (
                <optgroup key={p.value} label={p.label}>
                  {p.sizes.map((s) => (
                    <option key={s.value} value={`${p.value}:${s.value}`}>
                      {p.label}, {s.label}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          )}
        </Field>
        <Field label="Par (units, 0 removes it)" name="par" required error={errors.par}>
          {(control) => <Input {...control} inputMode="numeric" maxLength={3} />}
        </Field>
        <Button type="submit" className="w-fit sm:col-start-5">
          Set par level
        </Button>
      </Form>
      <Form method="post" className="flex flex-col gap-3 rounded-xl border border-border p-4">
        <input type="hidden" name="intent" value="settings" />
        <h3 className="text-base font-semibold text-navy">Reorders</h3>
        <div className="flex items-start gap-2 text-sm">
          <Checkbox id="auto-reorder" name="autoReorder" value="1" defaultChecked={view.autoReorder} className="mt-0.5" />
          <label htmlFor="auto-reorder">Place reorders automatically, within the monthly amount below. Otherwise each reorder waits for one of you to place it.</label>
        </div>
        <Field label="Monthly amount for automatic reorders ($)" name="monthlyAmount" error={errors.monthlyAmount} className="max-w-xs">
          {(control) => <Input {...control} inputMode="decimal" defaultValue={view.monthlyAmount} />}
        </Field>
        <Button type="submit" variant="outline" className="w-fit">
          Save reorder settings
        </Button>
      </Form>
      </>
      ) : null}
    </section>
  );
}
