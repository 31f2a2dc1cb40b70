import { SubmitButton } from "~/components/forms/submit-button";
import { ConfirmStep } from "~/components/record/confirm-step";
import { Panel } from "~/components/record/panel";
import { answerFor, useRecordForm } from "~/components/record/record-form";
import { ConfirmButton } from "~/components/ui/confirm-button";
import { DateTime } from "~/components/ui/date-time";
import { canTransitionIvr, IVR_STATUS_LABELS, type IvrStatus } from "~/lib/ivr";
import type { IvrHistoryRow } from "~/routes/console/ivrs-view.server";
import type { IvrAnswer } from "./answer";

/**
 * What staff may do with the IVR now, as the lifecycle's table says: the
 * question asked of the practice (and its answer, when it came back), the
 * moves without a form of their own (start review, prior auth submitted,
 * cancel), and on a phone a way down to the forms that come after the details.
 */
export function IvrWorkPanel({
  id,
  reference,
  status,
  requestMessage,
  history,
  canVerify,
  answer,
}: {
  id: string;
  reference: string;
  status: IvrStatus;
  requestMessage: string | null;
  history: readonly IvrHistoryRow[];
  canVerify: boolean;
  answer: IvrAnswer | undefined;
}) {
  const can = (to: IvrStatus) => canTransitionIvr(status, to, "staff");
  const review = useRecordForm(answerFor(answer, "review"));
  const priorAuth = useRecordForm(answerFor(answer, "prior-auth-sent"));
  const cancel = useRecordForm(answerFor(answer, "cancel"));
  const cancelConfirmed = useRecordForm(answerFor(answer, "cancel"));
  const confirmCancel = answer && "confirm" in answer;
  const canAsk = can("needs_information");
  const waiting = can("in_review") || can("prior_auth_submitted") || canVerify || canAsk || can("cancelled");
  // Sent again after a question: the practice's answer, shown with the action it calls for.
  const lastMove = history.at(-1);
  const answered = status === "submitted" && lastMove?.from === "needs_information" ? lastMove : null;

  return (
    <Panel id="actions" title="Work this IVR">
      {requestMessage && status === "needs_information" ? (
        <p className="rounded-md border border-border bg-muted p-3 text-sm whitespace-pre-wrap">
          <span className="font-semibold">Asked of the practice: </span>
          {requestMessage}
        </p>
      ) : null}
      {answered ? (
        <div className="flex flex-col gap-1 rounded-md border border-primary/30 bg-primary-soft p-3 text-sm">
          <p className="font-semibold text-primary">The practice answered</p>
          {requestMessage ? (
            <p className="whitespace-pre-wrap break-words">
              <span className="font-semibold">Asked: </span>
              {requestMessage}
            </p>
          ) : null}
          <p className="whitespace-pre-wrap break-words">
            <span className="font-semibold">Answer: </span>
            {answered.note ?? "(no text)"}
          </p>
          <p className="text-xs text-muted-foreground">
            {answered.actorEmail ?? "The practice"}, <DateTime value={answered.at} />
          </p>
        </div>
      ) : null}
      {!waiting ? <p className="text-sm text-muted-foreground">Nothing to do: this IVR is {IVR_STATUS_LABELS[status]}.</p> : null}
      {status === "needs_information" ? <p className="text-sm text-muted-foreground">Waiting for the practice to answer.</p> : null}
      {canVerify || canAsk ? (
        // On a narrow screen the forms come after the details: a way straight to them.
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm lg:hidden">
          {canVerify ? (
            <a href="#verify-heading" className="font-semibold text-primary underline underline-offset-4">
              Record the verification
            </a>
          ) : null}
          {canAsk ? (
            <a href="#information-heading" className="font-semibold text-primary underline underline-offset-4">
              Ask for information
            </a>
          ) : null}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {can("in_review") ? (
          <review.fetcher.Form {...review.formProps}>
            <input type="hidden" name="intent" value="review" />
            <SubmitButton pending={review.pending} pendingText="Starting...">
              Start review
            </SubmitButton>
          </review.fetcher.Form>
        ) : null}
        {can("prior_auth_submitted") ? (
          <priorAuth.fetcher.Form {...priorAuth.formProps}>
            <input type="hidden" name="intent" value="prior-auth-sent" />
            <SubmitButton pending={priorAuth.pending} pendingText="Saving...">
              Prior auth submitted
            </SubmitButton>
          </priorAuth.fetcher.Form>
        ) : null}
        {can("cancelled") ? (
          <cancel.fetcher.Form {...cancel.formProps}>
            <input type="hidden" name="intent" value="cancel" />
            <ConfirmButton
              title={`Cancel ${reference}?`}
              description="The practice sees it as cancelled and it leaves the queue. This cannot be undone; the practice would send a new IVR."
              confirmLabel="Cancel IVR"
              pending={cancel.pending}
              pendingText="Cancelling..."
              variant="destructive"
            >
              Cancel IVR
            </ConfirmButton>
          </cancel.fetcher.Form>
        ) : null}
      </div>
      {confirmCancel ? (
        <ConfirmStep
          form={cancelConfirmed}
          title={`Cancel ${reference}?`}
          description="The practice sees it as cancelled and it leaves the queue. This cannot be undone."
          confirmLabel="Cancel IVR"
          pendingText="Cancelling..."
          fields={{ intent: "cancel" }}
          keepTo={`/admin/ivrs/${id}`}
        />
      ) : null}
    </Panel>
  );
}
