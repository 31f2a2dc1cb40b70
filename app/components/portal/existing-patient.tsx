import { CircleAlert } from "lucide-react";
import { Link } from "react-router";

/** A patient refused as already entered (same last name and date of birth): a link to the one already there. */
export function ExistingPatient({ existing }: { existing: { href: string; reference: string } }) {
  return (
    <div role="alert" className="flex items-start gap-3 rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm">
      <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-destructive" />
      <p className="min-w-0 break-words">
        <span className="font-semibold">Already in your list as {existing.reference}.</span>{" "}
        <Link to={existing.href} className="font-semibold text-primary underline underline-offset-4 hover:no-underline">
          Open {existing.reference}
        </Link>
      </p>
    </div>
  );
}
