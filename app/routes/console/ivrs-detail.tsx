import type { Route } from "./+types/ivrs-detail";
import type { IvrAnswer } from "~/components/console-ivrs/answer";
import { IvrHeader, IvrWarnings } from "~/components/console-ivrs/ivr-header";
import { InformationPanel, VerifyPanel } from "~/components/console-ivrs/ivr-forms";
import { AttachmentsPanel, IvrHistoryPanel, IvrOrdersPanel, VerificationsPanel } from "~/components/console-ivrs/ivr-panels";
import { IvrWorkPanel } from "~/components/console-ivrs/work-panel";
import { AuthorisationPanel } from "~/components/console-ivrs/authorisation-panel";
import { EligibilityPanel, PayerPrefillNote } from "~/components/console-ivrs/eligibility-panel";
import { FieldList } from "~/components/record/field-list";
import { Panel } from "~/components/record/panel";
import { answerFor } from "~/components/record/record-form";
import { canTransitionIvr } from "~/lib/ivr";
import { privateMeta } from "~/lib/meta";
import { Thread } from "~/components/conversation/thread";

// The loader (an audited staff read of patient data) and the action (the IVR's moves and forms) are server-only.
export { action, loader } from "./ivrs-detail.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  privateMeta(matches, loaderData ? `${loaderData.reference} | IVRs | Staff console` : "IVR | Staff console");

export default function AdminIvr({ loaderData: d, actionData }: Route.ComponentProps) {
  const answer = actionData as IvrAnswer | undefined;
  const canVerify = d.outcomes.length > 0;
  const canAsk = canTransitionIvr(d.status, "needs_information", "staff");
  const eligibilityFirst = d.eligibility.on || d.eligibility.answer !== null;

  return (
    <div className="flex flex-col gap-8">
      <IvrHeader
        reference={d.reference}
        status={d.status}
        practice={d.practice}
        submittedAt={d.submittedAt}
        validUntil={d.validUntil}
        patientAccess={d.patientAccess}
        summary={d.summary}
        answer={answer}
      />
      <IvrWarnings warnings={d.warnings} />

      {/* The action comes first in the page: on a phone right after the summary, above the details it acts on; on a
          wide screen it heads the right column, beside the details. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:grid-rows-[auto_1fr]">
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-2 lg:row-start-1">
          <IvrWorkPanel id={d.id} reference={d.reference} status={d.status} requestMessage={d.requestMessage} history={d.history} canVerify={canVerify} answer={answer} />
          <Thread messages={d.messages} viewer="staff" mayWrite fileHref={(fileId) => `/admin/ivrs/${d.id}/messages/${fileId}`} answer={answer} reference={d.reference} />
        </div>

        <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          {/* The payer's answer heads the details; while checks are off (and none was ever answered) the panel only says
              so, below them, rather than taking the top of every IVR. */}
          {eligibilityFirst ? <EligibilityPanel ivrId={d.id} view={d.eligibility} answer={answer} /> : null}
          {d.sections.map((s) => (
            <Panel key={s.id} id={s.id} title={s.title}>
              <FieldList fields={s.fields} labelWidth="wide" />
            </Panel>
          ))}
          <AttachmentsPanel ivrId={d.id} files={d.files} />
          {eligibilityFirst ? null : <EligibilityPanel ivrId={d.id} view={d.eligibility} answer={answer} />}
        </div>

        <div className="flex min-w-0 flex-col gap-6 lg:col-start-2 lg:row-start-2">
          {canVerify ? <PayerPrefillNote fields={d.payerPrefill.fields} answeredAt={d.payerPrefill.answeredAt} /> : null}
          {canVerify ? (
            <VerifyPanel
              status={d.status}
              outcomes={d.outcomes}
              networks={d.networks}
              defaults={d.verifyDefaults}
              validUntilDefault={d.validUntilDefault}
              answer={answerFor(answer, "verify")}
            />
          ) : null}
          {canAsk ? <InformationPanel status={d.status} answer={answerFor(answer, "information")} /> : null}
          <AuthorisationPanel authorisations={d.authorisations} products={d.authorisationProducts} answer={answerFor(answer, "authorisation")} />
          <IvrOrdersPanel orders={d.orders} />
          <VerificationsPanel verifications={d.verifications} />
          <IvrHistoryPanel history={d.history} />
        </div>
      </div>
    </div>
  );
}
