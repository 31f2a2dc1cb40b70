import { ArrowLeft, Download } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/applications-detail";
import { Block, Facts } from "~/components/portal/facts";
import { PortalHeader } from "~/components/portal/portal-header";
import { DateTime } from "~/components/ui/date-time";
import { WOUND_LOCATIONS } from "~/lib/clinical/wound";
import { serviceLineText } from "~/lib/clinical/claim-line";
import { formatCm2 } from "~/lib/format";
import { privateMeta } from "~/lib/meta";
import { getDb } from "~/.server/db/client";
import { getApplication } from "~/.server/inventory/applications";
import { getPatient } from "~/.server/patients";
import { roleMay } from "~/lib/practice-roles";
import { idParam, notFound, requirePractice } from "./member.server";
import { portalBrand } from "~/.server/branding";

export const meta: Route.MetaFunction = ({ data, matches }) => privateMeta(matches, `${data?.record.reference ?? "Application"} | Clinical Portal`);

const linkClass = "font-medium text-primary underline-offset-4 hover:underline";

/** One application: the unit and where it came from, the wound and the areas, and the claim-ready line billing staff copy. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { user, practice, role } = await requirePractice(request, "applications.read");
  // The practice's branding over the header (app/.server/branding).
  const brand = await portalBrand(getDb(), practice.id);
  const db = getDb();
  const record = await getApplication(db, { id: idParam(params.id), practiceId: practice.id });
  if (!record) throw notFound();
  const patient = await getPatient(db, practice.id, record.patientId);
  return {
    email: user.email, brand,
    // The chart record is clinical: billing copies the claim lines only.
    chart: roleMay(role, "applications.write"),
    record,
    patient: patient ? { id: patient.id, name: `${patient.firstName} ${patient.lastName}`, birthDate: patient.birthDate } : null,
  };
}

export default function ApplicationPage({ loaderData }: Route.ComponentProps) {
  const { email, chart, record, patient } = loaderData;
  const location = WOUND_LOCATIONS.find((l) => l.value === record.wound.location)?.label ?? record.wound.location;
  return (
    <>
      <PortalHeader email={email} title="Application" brand={loaderData.brand} />
      <article aria-labelledby="application-heading" className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
        <Link to="/members/inventory" className="inline-flex w-fit items-center gap-1 text-sm font-semibold text-primary underline-offset-4 hover:underline">
          <ArrowLeft aria-hidden className="size-4" />
          Back to your stock
        </Link>
        <h2 id="application-heading" className="text-2xl font-bold text-navy">
          {record.reference}
        </h2>
        <Block title="Application">
          <Facts
            rows={[
              ["Patient", patient ? `${patient.name} (born ${patient.birthDate})` : null],
              [
                "IVR",
                <Link key="ivr" to={`/members/ivrs/${record.ivr.id}`} className={linkClass}>
                  {record.ivr.reference}
                </Link>,
              ],
              ["Applied on", record.appliedOn],
              ["Clinician", record.signerName],
              ["Recorded", <DateTime key="at" value={record.recordedAt} />],
            ]}
          />
        </Block>
        <Block title="Graft">
          <Facts
            rows={[
              ["Product", `${record.unit.product}${record.unit.hcpcs ? ` (${record.unit.hcpcs})` : ""}, ${record.unit.size}`],
              ["Tissue identifier", <span key="id" className="font-mono break-all">{record.unit.tissueId}</span>],
              ["Lot", record.unit.lot],
              ["Expires", record.unit.expiresOn],
              ["Applied", formatCm2(record.appliedCm2)],
              ["Discarded", formatCm2(record.discardedCm2)],
              ["Why discarded", record.discardReason],
            ]}
          />
        </Block>
        <Block title="Wound that day">
          <Facts
            rows={[
              ["Location", location],
              ["Size", `${record.wound.lengthCm} × ${record.wound.widthCm} cm (${formatCm2(record.wound.areaCm2)})`],
            ]}
          />
        </Block>
        <Block title="Claim line">
          {record.claim.lines.length > 0 ? (
            <>
              <p className="text-sm text-muted-foreground">Copy these lines into the claim for {record.appliedOn}.</p>
              <pre className="overflow-x-auto rounded-lg bg-muted p-3 font-mono text-sm" aria-label="Claim lines to copy">
                {record.claim.lines.map(serviceLineText).join("\n")}
              </pre>
              <ul className="flex flex-col gap-1 text-sm">
                {record.claim.lines.map((l, i) => (
                  <li key={i}>
                    <span className="font-mono font-semibold">{[l.code, ...l.modifiers].join("-")}</span>: {l.description}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {record.claim.notes.length > 0 ? (
            <ul className="list-disc pl-5 text-sm text-muted-foreground">
              {record.claim.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          ) : null}
        </Block>
        {chart ? (
          <a href={`/members/applications/${record.id}/record.pdf`} download className={`inline-flex items-center gap-1 self-start ${linkClass}`}>
            <Download aria-hidden className="size-4 shrink-0" />
            Download the application record for the chart (PDF)
          </a>
        ) : null}
      </article>
    </>
  );
}
