import { UserRound } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";

/** The account an invitation met (the email has one already), as the console links to it. */
export type ExistingLink = {
  email: string;
  role: string;
  /** Its row on the users page. */
  href: string;
  practice: { name: string; href: string } | null;
};

/** What a 409 answer carries about the account that has the email. */
export function existingLink(existing: { id: string; email: string; role: string; practice: { id: string; name: string } | null }): ExistingLink {
  return {
    email: existing.email,
    role: existing.role,
    href: `/admin/users#user-${existing.id}`,
    practice: existing.practice ? { name: existing.practice.name, href: `/admin/practices/${existing.practice.id}` } : null,
  };
}

const link = "font-semibold text-primary underline underline-offset-4 hover:no-underline";

/** Under a refused invitation: links to the account that has the email and to its practice, and what the caller offers next. */
export function ExistingAccountNote({ existing, children }: { existing: ExistingLink; children?: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-border bg-muted/60 p-3 text-sm">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="inline-flex min-w-0 items-center gap-1.5">
          <UserRound aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          <Link to={existing.href} className={`${link} [overflow-wrap:anywhere]`}>
            See the account of {existing.email}
          </Link>
        </span>
        {existing.practice ? (
          <Link to={existing.practice.href} className={link}>
            Its practice, {existing.practice.name}
          </Link>
        ) : null}
      </p>
      {children}
    </div>
  );
}
