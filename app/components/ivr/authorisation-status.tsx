import { ShieldCheck } from "lucide-react";

/** An authorisation ending within 30 days while applications remain: "Authorisation ends 2027-02-24". */
export function AuthorisationEndsMark({ text }: { text: string }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full border border-warning-border bg-warning-soft px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-warning">
      <ShieldCheck aria-hidden className="size-3.5" />
      {text}
    </span>
  );
}

/** A board row's authorisation: its usage in words under the status, and the mark when it ends soon. */
export function BoardAuthorisation({ authorisation }: { authorisation: { usage: string; endsSoon: string | null } | null }) {
  if (!authorisation) return null;
  return (
    <>
      {authorisation.endsSoon ? <AuthorisationEndsMark text={authorisation.endsSoon} /> : null}
      <span className="basis-full text-xs text-muted-foreground">{authorisation.usage}</span>
    </>
  );
}
