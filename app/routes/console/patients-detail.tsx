import { ArrowLeft, Eye } from "lucide-react";
import { Link } from "react-router";
import { StatusBadge } from "~/components/ui/status-badge";
import type { Route } from "./+types/patients-detail";
import { AuditTarget } from "~/components/admin/audit-target";
import { DataTable, EmptyRow, Td, HeadRow } from "~/components/admin/data-table";
import { Badge } from "~/components/ui/badge";
import { DateTime } from "~/components/ui/date-time";
import { NEWEST_FIRST, Pager } from "~/components/ui/pager";
import { countOf } from "~/lib/format";
import { isUuid } from "~/lib/ids";
import { privateMeta } from "~/lib/meta";
import { requireRole } from "~/.server/accounts";
import { listPatientAccess } from "~/.server/audit";
import { getDb } from "~/.server/db/client";
import { parseCursor } from "~/.server/db/paging";
import { notFound } from "~/.server/http/not-found";
import { patientForStaff } from "~/.server/patients";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  privateMeta(matches, loaderData ? `${loaderData.patient.reference} | Staff console` : "Patient | Staff console");

/**
 * An admin's view of one patient, by reference and initials only: their IVRs
 * and orders, and every entry of the audit log about them, so "who saw this
 * patient's data, and when" has one answer: staff and members alike, reads
 * marked as such.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, "admin");
  if (!isUuid(params.id)) notFound();
  const db = getDb();
  const patient = await patientForStaff(db, params.id);
  if (!patient) notFound();
  // `?before=` / `?after=` name the page of entries (an old `?page=N` link is the newest page).
  const access = await listPatientAccess(db, patient.id, { cursor: parseCursor(new URL(request.url).searchParams) });
  return { patient: { ...patient, createdAt: patient.createdAt.toISOString() }, access };
}

const ACTION_WORDS: Record<string, string> = {
  "patient.view": "Opened the patient",
  "patient.member-id": "Revealed a member id",
  "patient.create": "Added the patient",
  "patient.update": "Changed the patient's details",
  "coverage.add": "Added a coverage",
  "coverage.replace": "Replaced a coverage",
  "coverage.end": "Ended a coverage",
  "ivr.view": "Opened an IVR",
  "ivr.eligibility": "Read an IVR's eligibility answer",
  "ivr.file": "Downloaded an IVR's file",
  "ivr.status": "Changed an IVR's status",
  "order.view": "Opened an order",
  "order.create": "Placed an order",
  "order.status": "Changed an order's status",
  "application.record-pdf": "Downloaded an application's record",
  "recall.view": "Opened a recall naming the patient",
};

export default function AdminPatient({ loaderData }: Route.ComponentProps) {
  const { patient, access } = loaderData;
  const reads = access.rows.filter((r) => r.read).length;
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-3">
        <Link
          to={`/admin/practices/${patient.practice.id}`}
          className="inline-flex w-fit items-center gap-1 text-sm font-semibold text-primary underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {patient.practice.name}
        </Link>
        <h1 className="text-3xl font-bold tracking-tight text-navy">
          {patient.reference} <span className="text-xl font-semibold text-muted-foreground">({patient.initials})</span>
        </h1>
        <p className="text-sm text-muted-foreground">
          A patient of {patient.practice.name}, added <DateTime value={patient.createdAt} />. Named here by reference and initials only.
        </p>
      </div>

      <section aria-labelledby="records-heading" className="flex flex-col gap-3">
        <h2 id="records-heading" className="text-xl font-semibold text-navy">
          IVRs and orders
        </h2>
        {patient.ivrs.length === 0 && patient.orders.length === 0 ? (
          <p className="text-sm text-muted-foreground">No IVR or order yet.</p>
        ) : (
          <ul className="flex flex-wrap gap-3">
            {patient.ivrs.map((i) => (
              <li key={i.id} className="flex items-center gap-2 rounded-lg border border-border px-3 py-2">
                <Link to={`/admin/ivrs/${i.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                  {i.reference}
                </Link>
                <StatusBadge kind="ivr" status={i.status} />
              </li>
            ))}
            {patient.orders.map((o) => (
              <li key={o.id} className="flex items-center gap-2 rounded-lg border border-border px-3 py-2">
                <Link to={`/admin/orders/${o.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                  {o.reference}
                </Link>
                <StatusBadge kind="order" status={o.status} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="access-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="access-heading" className="text-xl font-semibold text-navy">
            Who saw or changed this patient&rsquo;s data
          </h2>
          <p className="text-sm text-muted-foreground" role="status">
            {countOf(access.total, access.capped, "entry", "entries")}
            {access.total > 0 ? `, ${reads} ${reads === 1 ? "read" : "reads"} on this page` : ""}
          </p>
        </div>
        <p className="text-sm text-muted-foreground">
          Staff and practice members, newest first. A person who keeps a page open is counted once per ten minutes.
        </p>
        <DataTable label="Reads and changes of the patient's data" stacked>
          <HeadRow columns={["Time", "Who", "What", "Record", "From"]} />
          <tbody>
            {access.rows.length === 0 ? (
              <EmptyRow colSpan={5}>Nothing recorded about this patient yet.</EmptyRow>
            ) : (
              access.rows.map((r) => (
                <tr key={r.id}>
                  <Td data-label="Time">
                    <DateTime value={r.at} />
                  </Td>
                  <Td data-label="Who" wrap className="[overflow-wrap:anywhere]">
                    <span className="flex flex-col items-start gap-1">
                      {r.actorEmail ?? <span className="text-muted-foreground">Nobody signed in</span>}
                      {r.actorRole ? (
                        <Badge variant="outline" className="capitalize">
                          {r.actorRole === "member" ? "Practice member" : r.actorRole}
                        </Badge>
                      ) : null}
                    </span>
                  </Td>
                  <Td data-label="What" wrap>
                    <span className="flex flex-col gap-0.5">
                      <span className="inline-flex items-center gap-1.5 font-medium">
                        {r.read ? <Eye aria-hidden className="size-4 text-muted-foreground" /> : null}
                        {ACTION_WORDS[r.action] ?? r.action}
                        {r.read ? <span className="sr-only"> (a read)</span> : null}
                      </span>
                      {r.detail ? <span className="text-xs text-muted-foreground">{r.detail}</span> : null}
                    </span>
                  </Td>
                  <Td data-label="Record" wrap>
                    {r.link?.kind === "patient" ? <span className="text-muted-foreground">This patient</span> : <AuditTarget target={r.target} link={r.link} />}
                  </Td>
                  <Td data-label="From" className="whitespace-nowrap tabular-nums">
                    {r.ip ?? <span className="text-muted-foreground">-</span>}
                  </Td>
                </tr>
              ))
            )}
          </tbody>
        </DataTable>
        <Pager
          label="Pages of the patient's entries"
          previous={access.previous}
          next={access.next}
          labels={NEWEST_FIRST}
          href={(to) => (to === null ? `/admin/patients/${patient.id}` : `/admin/patients/${patient.id}?${new URLSearchParams(to)}`)}
        />
      </section>
    </div>
  );
}
