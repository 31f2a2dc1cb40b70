import { Inbox, ListChecks, Mail, TriangleAlert, Users } from "lucide-react";
import { Link, NavLink, Outlet } from "react-router";
import type { Route } from "./+types/admin";
import { privateMeta } from "~/lib/meta";
import { requireRole } from "~/server/auth";
import { countFailedMail } from "~/server/console/submissions";
import { getDb } from "~/server/db/client";
import { cn } from "~/lib/utils";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Staff console");

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, "staff");
  // On every console page, so mail that could not be sent is seen, not found by chance.
  const failedMail = await countFailedMail(getDb());
  return { user: { email: user.email, role: user.role }, failedMail };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { user, failedMail } = loaderData;
  const links = [
    { to: "/admin", label: "Inbox", icon: Inbox, end: true },
    { to: "/admin/outbox", label: "Outbox", icon: Mail, end: false },
    ...(user.role === "admin"
      ? [
          { to: "/admin/users", label: "Users", icon: Users, end: false },
          { to: "/admin/audit", label: "Audit log", icon: ListChecks, end: false },
        ]
      : []),
  ];
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">Staff console</p>
          <p className="text-sm text-muted-foreground">
            Signed in as <span className="font-medium text-foreground">{user.email}</span> ({user.role})
          </p>
        </div>
        <form method="post" action="/sign-out">
          <button type="submit" className="rounded-md border border-input px-3 py-2 text-sm font-semibold hover:bg-muted">
            Sign Out
          </button>
        </form>
      </div>
      <nav aria-label="Staff console" className="mb-8 border-b border-border">
        <ul className="flex flex-wrap gap-1">
          {links.map(({ to, label, icon: Icon, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                className={({ isActive }) =>
                  cn(
                    "-mb-px inline-flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-semibold",
                    isActive ? "border-primary text-primary" : "border-transparent text-muted-foreground hover:text-foreground",
                  )
                }
              >
                <Icon aria-hidden className="size-4" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {failedMail > 0 ? (
        <p
          role="status"
          className="mb-6 flex flex-wrap items-center gap-2 rounded-md border border-destructive/30 bg-[#fdecea] px-4 py-3 text-sm font-medium text-destructive"
        >
          <TriangleAlert aria-hidden className="size-4 shrink-0" />
          <span>
            {`${failedMail} ${failedMail === 1 ? "mail" : "mails"} failed to send — `}
            <Link to="/admin/outbox?state=failed" className="font-semibold underline underline-offset-4">
              Review
            </Link>
          </span>
        </p>
      ) : null}
      <Outlet />
    </div>
  );
}
