import { ShieldAlert } from "lucide-react";
import { Link } from "react-router";

/** A recall touching the practice: its reference, and how many of its units it holds and concerns applied. */
export type RecallNotice = { reference: string; held: number; applied: number };

/** "3 of your units are held", "2 of your units were applied to patients", or both. */
function recallWords({ held, applied }: RecallNotice): string {
  const unit = (n: number) => `${n} of your units`;
  if (held > 0 && applied > 0) return `${unit(held)} ${held === 1 ? "is" : "are"} held and ${applied} ${applied === 1 ? "was" : "were"} applied to patients.`;
  if (held > 0) return `${unit(held)} ${held === 1 ? "is" : "are"} held.`;
  return `${unit(applied)} ${applied === 1 ? "was" : "were"} applied to patients.`;
}

/** The recalls touching the practice's units, above the portal's pages and the stock page until none holds or concerns one. */
export function RecallBanner({ recalls }: { recalls: readonly RecallNotice[] }) {
  if (recalls.length === 0) return null;
  return (
    <section aria-label="Recall notice" className="flex flex-col gap-2 rounded-lg border border-warning-border bg-warning-soft px-4 py-3 text-sm text-warning">
      {recalls.map((r) => (
        <p key={r.reference} className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <ShieldAlert aria-hidden className="size-4 shrink-0" />
          <span className="font-semibold">Recall {r.reference}:</span>
          <span>{recallWords(r)}</span>
        </p>
      ))}
      <Link to="/members/recalls" className="w-fit font-semibold underline underline-offset-4">
        See the affected units and patients
      </Link>
    </section>
  );
}

