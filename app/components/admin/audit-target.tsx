import { Link } from "react-router";

/** What the server found a target to name (see `listAudit`): a reference, an email or a name, and where it is. */
export type AuditTargetLink = { kind: string; href: string; label: string; showId?: boolean };

/**
 * The target, named by what it is (a reference, an email, a name) and linked
 * to it when the server found it; a submission or a mail reads as what it is,
 * its id below in small print (the id is what detail lines and exports name).
 * An entry about a patient's record also names the patient by reference.
 */
export function AuditTarget({ target, link, patient }: { target: string | null; link: AuditTargetLink | null; patient?: { reference: string; href: string } | null }) {
  const about = patient ? (
    <Link to={patient.href} className="inline-flex min-h-6 w-fit items-center text-xs font-medium text-primary underline underline-offset-4 hover:no-underline">
      {patient.reference}
    </Link>
  ) : null;
  if (!target) return about ?? <span className="text-muted-foreground">-</span>;
  if (!link) return <>{target}</>;
  const named = link.href ? (
    <Link to={link.href} className="inline-flex min-h-6 w-fit items-center font-medium text-primary underline underline-offset-4 hover:no-underline">
      {link.label}
    </Link>
  ) : (
    <span className="font-medium">{link.label}</span>
  );
  if (link.kind === "user" && !about) return named;
  return (
    <span className="flex flex-col gap-0.5">
      {named}
      {link.showId ? <span className="font-mono text-xs text-muted-foreground">{target}</span> : null}
      {about}
    </span>
  );
}
