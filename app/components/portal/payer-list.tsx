import { PAYERS } from "~/content/payers";

/** What the payer field says: a payer of the list is one an eligibility check can be sent to. */
export const PAYER_HINT = "Choose it from the list when it is there: the payer's answer then comes by itself.";

/**
 * The payers an eligibility check can be sent to (app/content/payers.ts), as
 * suggestions for a payer field (`list={id}`): typing still takes any name,
 * and a name of the list is how the check finds the payer's id.
 */
export function PayerList({ id }: { id: string }) {
  return (
    <datalist id={id}>
      {PAYERS.map((p) => (
        <option key={p.id} value={p.name} />
      ))}
    </datalist>
  );
}
