import type * as React from "react";
import { Select } from "~/components/ui/select";
import { US_STATES } from "~/content/us-states";

const REQUIRED_OPTIONS = US_STATES.map((s) => ({ value: s.value, label: s.label }));
const OPTIONAL_OPTIONS = [{ value: "", label: "Not given" }, ...REQUIRED_OPTIONS];

/**
 * The State of a US address, chosen from the states and territories
 * (`content/us-states.ts`); it sends the USPS code. A required one starts on
 * "Choose", an optional one on "Not given".
 */
export function StateSelect({
  optional = false,
  defaultValue,
  ...props
}: Omit<React.ComponentProps<typeof Select>, "options" | "placeholder" | "defaultValue"> & { optional?: boolean; defaultValue?: string }) {
  // A value typed before the list existed ("tx") still selects its state.
  const value = defaultValue?.trim().toUpperCase() ?? "";
  return optional ? (
    <Select autoComplete="address-level1" {...props} options={OPTIONAL_OPTIONS} defaultValue={value} />
  ) : (
    <Select autoComplete="address-level1" {...props} options={REQUIRED_OPTIONS} placeholder="Choose" defaultValue={value} />
  );
}
