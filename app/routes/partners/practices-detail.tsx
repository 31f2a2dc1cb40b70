import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/practices-detail";
import { PipelineView } from "~/components/partners/pipeline-view";
import { isUuid } from "~/lib/ids";
import { privateMeta } from "~/lib/meta";
import { getDb } from "~/.server/db/client";
import { notFound } from "~/.server/http/not-found";
import { auditPartnerRead, pipelineOf, practiceOfPartner, requirePartner } from "~/.server/partners";
import { clientInfo } from "~/.server/request-context";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => privateMeta(matches, `${loaderData?.practice.name ?? "Practice"} | Partner area`);

/** One of the partner's practices (or a sub-partner's): its pipeline. Any other practice is not found. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user, partner } = await requirePartner(request);
  if (!isUuid(params.id)) notFound();
  const db = getDb();
  const practice = await practiceOfPartner(db, partner.id, params.id.toLowerCase());
  if (!practice) notFound();
  const pipeline = await pipelineOf(db, practice.id);
  await auditPartnerRead(db, { email: user.email, ip: clientInfo(context).ip }, "practice", practice.id, `pipeline of ${practice.name}`);
  return { practice: { id: practice.id, name: practice.name, via: practice.via }, pipeline, now: new Date().toISOString() };
}

export default function PartnerPractice({ loaderData }: Route.ComponentProps) {
  const { practice, pipeline, now } = loaderData;
  return (
    <>
      <div className="flex flex-col gap-3">
        <Link to="/partners/practices" className="inline-flex w-fit items-center gap-1 text-sm font-semibold text-primary underline-offset-4 hover:underline">
          <ArrowLeft aria-hidden className="size-4" />
          Your practices
        </Link>
        <h1 className="text-3xl font-bold tracking-tight break-words text-navy">{practice.name}</h1>
        <p className="text-muted-foreground">{practice.via ? `Through your sub-partner ${practice.via}.` : "Assigned to you."} IVRs and orders, newest change first.</p>
      </div>
      <PipelineView pipeline={pipeline} now={now} />
    </>
  );
}
