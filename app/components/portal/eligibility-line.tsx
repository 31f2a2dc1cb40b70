import { ShieldCheck } from "lucide-react";
import { cn } from "~/lib/utils";

/**
 * The payer's eligibility answer as the practice reads it, on the IVR's page
 * and its board row: "Coverage found: active, Medicare Part B", or what to
 * correct ("The payer does not recognise member id ...: check the card").
 */
export function EligibilityLine({ line, compact = false }: { line: string; compact?: boolean }) {
  const found = line.startsWith("Coverage found");
  if (compact) return <span className={cn("block text-xs", found ? "text-muted-foreground" : "font-semibold text-warning")}>{line}</span>;
  return (
    <p role="status" className={cn("flex items-start gap-2 rounded-xl border p-4 text-sm", found ? "border-border" : "border-warning-border bg-warning-soft")}>
      <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>
        <span className="font-semibold">Eligibility: </span>
        {line}
      </span>
    </p>
  );
}
