import { ArrowLeft, Check, X } from "lucide-react";
import type * as React from "react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/access-requests-detail";
import { OneTimeLink } from "~/components/admin/one-time-link";
import { AnswerNotice, Field, FormNotice } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { DateTime } from "~/components/ui/date-time";
import { StatusBadge } from "~/components/ui/status-badge";
import { Textarea } from "~/components/ui/textarea";
import { US_STATES } from "~/content/us-states";
import { submittedText, submittedValues } from "~/lib/form-result";
import { isUuid } from "~/lib/ids";
import { privateMeta } from "~/lib/meta";
import { declineAccessRequestSchema } from "~/lib/schemas/access-request";
import { LIMITS } from "~/lib/schemas/fields";
import { requireRole } from "~/.server/accounts";
import { getDb } from "~/.server/db/client";
import { mailDeliveryOff } from "~/.server/env";
import { answerForm } from "~/.server/http/form-action";
import { redirectWithFlash } from "~/.server/http/flash";
import { notFound } from "~/.server/http/not-found";
import { approveAccessRequest, declineAccessRequest, getAccessRequest } from "~/.server/partners/access-requests";
import { clientInfo } from "~/.server/request-context";
import { mailQueued } from "~/.server/runtime";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  privateMeta(matches, loaderData ? `${loaderData.request.reference} | Access requests | Staff console` : "Access request | Staff console");

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, "staff");
  const found = isUuid(params.id) ? await getAccessRequest(getDb(), params.id) : null;
  if (!found) notFound();
  return { request: found };
}

/** Approve or decline; a decided request is refused (409) with who decided it and when. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await requireRole(request, "staff");
  if (!isUuid(params.id)) notFound();
  const id = params.id;
  const ctx = { actor: { id: me.id, email: me.email }, ip: clientInfo(context).ip, mailOff: mailDeliveryOff() };
  const here = `/admin/access-requests/${id}`;
  return answerForm(request, {
    title: "Not done",
    keep: (values) => ({ reason: values.reason?.slice(0, LIMITS.long) }),
    intents: {
      approve: async () => {
        const approval = await approveAccessRequest(getDb(), ctx, id);
        mailQueued();
        // Mail delivery off: the set-password link is shown once, here, for staff to pass on.
        if (approval.invite.link) return data({ ok: true as const, intent: "approve", message: approval.invite.message, link: approval.invite.link });
        return redirectWithFlash(here, {
          title: `${approval.reference} approved`,
          description: `${approval.practice.name} was created. ${approval.invite.message}.`,
          variant: "success",
        });
      },
      decline: async ({ parse }) => {
        const { reason } = parse(declineAccessRequestSchema);
        const { reference } = await declineAccessRequest(getDb(), ctx, { id, reason });
        mailQueued();
        return redirectWithFlash(here, { title: `${reference} declined`, description: "The requester was mailed the reason.", variant: "success" });
      },
    },
  });
}

const stateName = (code: string) => US_STATES.find((s) => s.value === code)?.label ?? code;

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-2.5 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-foreground">{children}</dd>
    </div>
  );
}

export default function AdminAccessRequest({ loaderData, actionData }: Route.ComponentProps) {
  const { request: r } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const intent = navigation.formData?.get("intent");
  const answer = actionData as (Record<string, unknown> & { intent?: string; fieldErrors?: Record<string, string> }) | undefined;
  const oneTime = answer?.intent === "approve" && typeof answer.link === "string" ? { message: String(answer.message), link: answer.link } : null;
  const reasonError = answer?.intent === "decline" ? answer.fieldErrors?.reason : undefined;
  const typed = submittedValues(answer?.intent === "decline" ? answer : undefined);
  const pending = r.status === "pending";

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-3">
        <Link to="/admin/access-requests" className="inline-flex w-fit items-center gap-1 text-sm font-semibold text-primary underline-offset-4 hover:underline">
          <ArrowLeft aria-hidden className="size-4" />
          All access requests
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight break-words text-navy">
            {r.reference} <span className="sr-only">:</span>
            <span className="block text-xl font-semibold text-foreground sm:inline sm:text-3xl">{r.practiceName}</span>
          </h1>
          <StatusBadge kind="access-request" status={r.status} />
        </div>
        <p className="text-sm text-muted-foreground">
          Received <DateTime value={r.createdAt} />
          {r.decidedAt ? (
            <>
              {" · "}
              {r.status === "approved" ? "Approved" : "Declined"} by {r.decidedBy} <DateTime value={r.decidedAt} />
            </>
          ) : null}
        </p>
      </div>

      {oneTime ? <OneTimeLink title="Approved: pass the link on" message={oneTime.message} link={oneTime.link} /> : null}
      <AnswerNotice answer={answer?.intent === "approve" || (answer?.intent === "decline" && !reasonError) ? answer : undefined} title="Not done" />

      <div className="grid items-start gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle as="h2" size="lg" tone="navy">
              The request
            </CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="divide-y divide-border">
              <Row label="Practice">{r.practiceName}</Row>
              <Row label="Group NPI">
                <span className="font-mono">{r.groupNpi}</span>
              </Row>
              <Row label="Address">
                {r.addressLine1}
                {r.addressLine2 ? <span className="block">{r.addressLine2}</span> : null}
                <span className="block">
                  {r.city}, {stateName(r.state)} {r.zip}
                </span>
              </Row>
              <Row label="Practice phone">{r.phone}</Row>
              <Row label="Providers">{r.providerCount}</Row>
              <Row label="Specialties">{r.specialtiesText}</Row>
              <Row label="Contact">
                {r.contactFirstName} {r.contactLastName}
              </Row>
              <Row label="Contact email">
                <a href={`mailto:${r.contactEmail}`} className="text-primary underline-offset-4 hover:underline">
                  {r.contactEmail}
                </a>
              </Row>
              <Row label="Contact phone">{r.contactPhone ?? "Not given"}</Row>
              <Row label="Referred by">
                {r.partner ? (
                  <>
                    {r.partner.name} ({r.partner.code})
                  </>
                ) : r.referralCode ? (
                  <>Code {r.referralCode}, of no partner now</>
                ) : (
                  "No partner"
                )}
              </Row>
              {r.practice ? (
                <Row label="Practice created">
                  <Link to={`/admin/practices/${r.practice.id}`} className="font-semibold text-primary underline-offset-4 hover:underline">
                    {r.practice.name}
                  </Link>
                </Row>
              ) : null}
              {r.declineReason ? <Row label="Reason declined">{r.declineReason}</Row> : null}
            </dl>
          </CardContent>
        </Card>

        {pending ? (
          <div className="flex flex-col gap-6">
            <section aria-labelledby="approve-heading">
              <Card>
                <CardHeader>
                  <CardTitle as="h2" id="approve-heading" size="lg" tone="navy">
                    Approve
                  </CardTitle>
                  <CardDescription>
                    Creates {r.practiceName} with its first facility at this address
                    {r.partner ? `, linked to ${r.partner.name}` : ""}, and mails {r.contactEmail} an invitation to choose a password as the practice's admin.
                  </CardDescription>
                </CardHeader>
                <CardContent>
                  <Form method="post">
                    <input type="hidden" name="intent" value="approve" />
                    <SubmitButton pending={busy && intent === "approve"} disabled={busy} pendingText="Approving..." className="w-full sm:w-auto">
                      <Check aria-hidden />
                      Approve and invite
                    </SubmitButton>
                  </Form>
                </CardContent>
              </Card>
            </section>
            <section aria-labelledby="decline-heading">
              <Card>
                <CardHeader>
                  <CardTitle as="h2" id="decline-heading" size="lg" tone="navy">
                    Decline
                  </CardTitle>
                  <CardDescription>The requester is mailed your reason.</CardDescription>
                </CardHeader>
                <CardContent>
                  <Form method="post" className="flex flex-col gap-4" noValidate>
                    <input type="hidden" name="intent" value="decline" />
                    {reasonError ? <FormNotice notice={{ title: "Not declined", description: "Enter the reason first.", variant: "error" }} /> : null}
                    <Field label="Reason" name="reason" required error={reasonError}>
                      {(c) => <Textarea {...c} rows={4} maxLength={LIMITS.long} defaultValue={submittedText(typed, "reason")} />}
                    </Field>
                    <SubmitButton variant="outline" pending={busy && intent === "decline"} disabled={busy} pendingText="Declining..." className="w-full sm:w-auto sm:self-start">
                      <X aria-hidden />
                      Decline
                    </SubmitButton>
                  </Form>
                </CardContent>
              </Card>
            </section>
          </div>
        ) : null}
      </div>
    </div>
  );
}
