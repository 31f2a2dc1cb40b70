import { Input } from "~/components/ui/input";
import { LIMITS } from "~/lib/schemas/fields";
import { Field } from "./field";
import { StateSelect } from "./state-select";

/**
 * The end of a US address, as two cells of a form's two-column grid: the
 * city, then the State (chosen from the list) beside the ZIP (5 or 9 digits).
 * `personal`: the address is a patient's, so the browser offers no autofill.
 */
export function CityStateZip({
  v,
  e,
  personal = false,
}: {
  v: (name: string) => string | undefined;
  e: Record<string, string | undefined>;
  personal?: boolean;
}) {
  return (
    <>
      <Field label="City" name="city" required error={e.city}>
        {(c) => <Input {...c} autoComplete={personal ? "off" : "address-level2"} maxLength={LIMITS.name} defaultValue={v("city")} />}
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field label="State" name="state" required error={e.state}>
          {(c) => <StateSelect {...c} autoComplete={personal ? "off" : "address-level1"} defaultValue={v("state")} />}
        </Field>
        <Field label="ZIP" name="zip" required error={e.zip} hint="12345 or 12345-6789">
          {(c) => <Input {...c} autoComplete={personal ? "off" : "postal-code"} inputMode="numeric" maxLength={10} defaultValue={v("zip")} />}
        </Field>
      </div>
    </>
  );
}
