import { useId } from "react";
import { HONEYPOT_FIELD } from "~/lib/form-result";

/**
 * A text field people never see or reach (off screen, out of the tab order,
 * hidden from assistive technology); naive bots fill it and the action then
 * answers "ok" without doing anything.
 */
export function Honeypot() {
  const id = useId();
  return (
    <div aria-hidden="true" className="pointer-events-none absolute -left-[10000px] top-0 h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input type="text" id={id} name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
