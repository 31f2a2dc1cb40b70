import { BellOff, RotateCw } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/texts";
import { privateMeta } from "~/lib/meta";
import { DataTable, EmptyRow, Td, HeadRow } from "~/components/admin/data-table";
import { RowActionForm } from "~/components/admin/row-action-form";
import { AnswerNotice } from "~/components/forms/field";
import { schemaValidator, useFormSubmission } from "~/components/forms/use-form-submission";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { DateTime } from "~/components/ui/date-time";
import { NOTIFICATION_EVENT_LABELS, type NotificationEvent } from "~/lib/notifications";
import { consoleNotSaved } from "~/lib/schemas/console-fields";
import { textActionSchema } from "~/lib/schemas/console-texts";
import { cn } from "~/lib/utils";
import { requireRole } from "~/.server/accounts";
import { getDb } from "~/.server/db/client";
import { redirectWithFlash } from "~/.server/http/flash";
import { dismissText, listTexts, retryText, smsEnabled } from "~/.server/notifications";
import { Refused } from "~/.server/refused";
import { clientInfo } from "~/.server/request-context";
import { answerRowAction } from "./row-action.server";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Texts | Staff console");

const TEXTS_REFUSED_TITLE = "Text not queued";

/** The SMS outbox: the latest texts, their state and the provider's word on delivery; a failed one can be sent again, or dismissed. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "staff");
  const failedOnly = new URL(request.url).searchParams.get("state") === "failed";
  const rows = await listTexts(getDb(), { failedOnly });
  return {
    failedOnly,
    textsOn: smsEnabled(),
    rows: rows.map((r) => ({
      id: r.id,
      to: r.to,
      body: r.body,
      what: r.event in NOTIFICATION_EVENT_LABELS ? NOTIFICATION_EVENT_LABELS[r.event as NotificationEvent] : "Confirmation code",
      reference: r.event === "confirmation" ? null : r.reference,
      status: r.status,
      attempts: r.attempts,
      lastError: r.lastError,
      deliveryStatus: r.deliveryStatus,
      createdAt: r.createdAt.toISOString(),
      sentAt: r.sentAt?.toISOString() ?? null,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireRole(request, "staff");
  const actor = { email: me.email, ip: clientInfo(context).ip };
  const back = new URL(request.url).searchParams.get("state") === "failed" ? "/admin/texts?state=failed" : "/admin/texts";
  return answerRowAction(request, {
    title: TEXTS_REFUSED_TITLE,
    schema: textActionSchema,
    intents: {
      retry: async ({ textId }) => {
        if (!(await retryText(getDb(), textId, actor))) throw new Refused("Only a failed text can be sent again, and not to a number that replied STOP.");
        return redirectWithFlash(back, { title: "Text queued again", description: "The text worker will try to send it right away.", variant: "success" });
      },
      dismiss: async ({ textId }) => {
        if (!(await dismissText(getDb(), textId, actor))) throw new Refused("Only a failed text can be dismissed.");
        return redirectWithFlash(back, { title: "Text dismissed", description: "It will not be sent and no longer counts as failed.", variant: "success" });
      },
    },
  });
}

const validate = schemaValidator(() => import("~/lib/schemas/console-texts").then((m) => m.textActionSchema));

const STATE_LABELS: Record<string, { label: string; variant: "default" | "success" | "destructive" | "outline" }> = {
  pending: { label: "Pending", variant: "default" },
  sent: { label: "Sent", variant: "success" },
  failed: { label: "Failed", variant: "destructive" },
  skipped: { label: "Not sent: STOP", variant: "outline" },
  dismissed: { label: "Dismissed", variant: "outline" },
};

type TextItem = Route.ComponentProps["loaderData"]["rows"][number];

export default function Texts({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, failedOnly, textsOn } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold tracking-tight">Texts</h1>
      <p className="max-w-3xl text-sm text-muted-foreground">
        {textsOn
          ? "The latest texts to members, newest first: a reference and a status, never patient details. A failed text can be tried again, or dismissed when it should not be sent. Numbers show their last digits only."
          : "Texts are off (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are not set): nothing is sent."}
      </p>
      <AnswerNotice answer={actionData} title={TEXTS_REFUSED_TITLE} />
      <nav aria-label="Texts shown" className="flex gap-2">
        <Link to="/admin/texts" aria-current={failedOnly ? undefined : "page"} className={buttonVariants({ variant: failedOnly ? "outline" : "default", size: "sm" })}>
          All texts
        </Link>
        <Link to="/admin/texts?state=failed" aria-current={failedOnly ? "page" : undefined} className={buttonVariants({ variant: failedOnly ? "default" : "outline", size: "sm" })}>
          Failed
        </Link>
      </nav>
      <DataTable label="Text list" stacked>
        <HeadRow columns={["Created", "Text", "To", "State", { srOnly: "Actions" }]} />
        <tbody>
          {rows.length === 0 ? <EmptyRow colSpan={5}>{failedOnly ? "No failed text." : "No text yet."}</EmptyRow> : rows.map((t) => <TextRow key={t.id} text={t} />)}
        </tbody>
      </DataTable>
    </div>
  );
}

function TextRow({ text: t }: { text: TextItem }) {
  // Each button's form answers with a redirect back to this page and its message, or a refusal (a toast).
  const retry = useFormSubmission({ validate, success: null, failure: consoleNotSaved, resetOnSuccess: false });
  const dismiss = useFormSubmission({ validate, success: null, failure: consoleNotSaved, resetOnSuccess: false });
  const busy = retry.pending || dismiss.pending;
  const state = STATE_LABELS[t.status] ?? { label: t.status, variant: "outline" as const };
  return (
    <tr className={cn("hover:bg-muted/60")}>
      <Td data-label="Created">
        <DateTime value={t.createdAt} />
      </Td>
      <Td data-label="Text" wrap minWidth="min-w-56" className="max-w-md">
        <span className="flex flex-col gap-0.5">
          <span className="font-semibold">
            {t.what}
            {t.reference ? ` · ${t.reference}` : ""}
          </span>
          {t.reference ? <span className="text-muted-foreground [overflow-wrap:anywhere]">{t.body}</span> : <span className="text-muted-foreground">Code not shown</span>}
        </span>
      </Td>
      <Td data-label="To">{t.to}</Td>
      <Td data-label="State" wrap minWidth="min-w-40" className="max-w-72">
        <span className="flex flex-col items-start gap-1">
          <Badge variant={state.variant}>{state.label}</Badge>
          <span className="text-xs text-muted-foreground">
            {t.status === "sent" && t.sentAt ? (
              <>
                Sent <DateTime value={t.sentAt} />
                {t.deliveryStatus ? ` · ${t.deliveryStatus}` : ""}
              </>
            ) : (
              `${t.attempts} ${t.attempts === 1 ? "attempt" : "attempts"}`
            )}
          </span>
          {t.lastError ? <span className="text-xs break-words [overflow-wrap:anywhere]">{t.lastError}</span> : null}
        </span>
      </Td>
      <Td data-label="Actions" className="max-sm:before:hidden">
        {t.status === "failed" ? (
          <div className="flex flex-wrap gap-2">
            <RowActionForm submission={retry} intent="retry" idName="textId" id={t.id} variant="default" disabled={busy}>
              <RotateCw aria-hidden />
              Retry
              <span className="sr-only"> text to {t.to}</span>
            </RowActionForm>
            <RowActionForm submission={dismiss} intent="dismiss" idName="textId" id={t.id} variant="outline" disabled={busy}>
              <BellOff aria-hidden />
              Dismiss
              <span className="sr-only"> text to {t.to}</span>
            </RowActionForm>
          </div>
        ) : null}
      </Td>
    </tr>
  );
}
