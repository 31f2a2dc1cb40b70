import { ArrowLeft, MailPlus, UserPlus } from "lucide-react";
import * as React from "react";
import { data, Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { z } from "zod";
import type { Route } from "./+types/practices-detail";
import { privateMeta } from "~/lib/meta";
import { AccountStatus } from "~/components/account/account-status";
import { DataTable, EmptyRow, Td, HeadRow } from "~/components/admin/data-table";
import { DateTime } from "~/components/ui/date-time";
import { OneTimeLink } from "~/components/admin/one-time-link";
import { AnswerNotice, Field, FormNotice } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { schemaValidator, useFormSubmission } from "~/components/forms/use-form-submission";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { PRACTICE_ROLES, type PracticeRole } from "~/lib/practice-roles";
import { PRACTICE_ROLE_OPTIONS } from "~/lib/schemas/practice-members";
import { ExistingAccountNote, existingLink, type ExistingLink } from "~/components/admin/existing-account";
import { FacilitiesTable } from "~/components/practice/facilities-table";
import { ProvidersTable } from "~/components/practice/providers-table";
import { isUuid } from "~/lib/ids";
import { invalidAnswer, outcomeOf, submittedText, submittedValues, type FormAnswer } from "~/lib/form-result";
import { consoleNotSaved } from "~/lib/schemas/console-fields";
import { addMemberSchema, userActionSchema } from "~/lib/schemas/console-users";
import { formDataToObject, LIMITS } from "~/lib/schemas/fields";
import { addAccountToPractice, inviteUser, requireRole, type ConsoleResult } from "~/.server/accounts";
import { getDb } from "~/.server/db/client";
import { mailDeliveryOff } from "~/.server/env";
import { answerForm } from "~/.server/http/form-action";
import { redirectWithFlash } from "~/.server/http/flash";
import { setHoldsStock } from "~/.server/inventory/reorder";
import { getPracticeOverview, listMembersWithoutPractice } from "~/.server/practices";
import { clientInfo } from "~/.server/request-context";
import { mailQueued } from "~/.server/runtime";
import { notFound } from "~/.server/http/not-found";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  privateMeta(matches, loaderData ? `${loaderData.practice.name} | Practices | Staff console` : "Practice | Staff console");

export async function loader({ request, params }: Route.LoaderArgs) {
  const me = await requireRole(request, "staff");
  if (!isUuid(params.id)) notFound();
  const db = getDb();
  const overview = await getPracticeOverview(db, params.id);
  if (!overview) notFound();
  // Inviting and adding people is an admin's, as on the users page.
  const canInvite = me.role === "admin";
  return { ...overview, canInvite, withoutPractice: canInvite ? await listMembersWithoutPractice(db) : [] };
}

type PeopleIntent = "invite" | "add-member";

/** The answer to one of the page's two forms (`intent`): an invitation, or an existing account added. */
type PeopleAnswer = FormAnswer<{ message: string; link?: string }> & {
  intent?: PeopleIntent;
  /** The email has an account already: where it is, and whether it can be added here (a member in no practice). */
  existing?: ExistingLink & { canAdd: boolean };
};

/**
 * An admin invites a member into this practice (the account, its practice, the
 * link mail and the audit row commit together), or adds an existing member
 * account that is in no practice.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await requireRole(request, "admin");
  if (!isUuid(params.id)) notFound();
  const practiceId = params.id;
  const ctx = { actor: { id: me.id, email: me.email }, ip: clientInfo(context).ip, mailOff: mailDeliveryOff() };
  const keep = (values: Record<string, string>) => ({ email: values.email?.slice(0, LIMITS.email), practiceRole: values.practiceRole?.slice(0, 20) });
  /** The page's answer to what the accounts said: done, or refused beside the email with the account that has it. */
  const answer = (result: ConsoleResult, intent: PeopleIntent, values: Record<string, string>) => {
    if (result.mailed) mailQueued();
    if (result.ok) return data<PeopleAnswer>({ ok: true, message: result.message, ...(result.link ? { link: result.link } : {}), intent });
    if (result.status === 404) notFound();
    const existing = result.existing
      ? { ...existingLink(result.existing), canAdd: result.existing.role === "member" && !result.existing.practice }
      : undefined;
    return data<PeopleAnswer>(
      { ...invalidAnswer(request, { email: result.message }, { values: keep(values) }), intent, ...(existing ? { existing } : {}) },
      { status: result.status },
    );
  };
  return answerForm(request, {
    title: "Not done",
    keep,
    intents: {
      invite: async ({ values, parse }) => {
        // Only members are invited into a practice, this one: neither is the form's to choose.
        const invite = parse(z.preprocess((typed) => ({ ...(typed as object), intent: "invite", role: "member", practiceId }), userActionSchema));
        if (invite.intent !== "invite") notFound();
        // The practice role staff chose; the first member is the practice's admin whatever was chosen.
        const practiceRole = (PRACTICE_ROLES as readonly string[]).includes(values.practiceRole ?? "") ? (values.practiceRole as PracticeRole) : undefined;
        return answer(await inviteUser(getDb(), ctx, { email: invite.email, role: "member", practiceId, practiceRole }), "invite", values);
      },
      stock: async ({ values }) => {
        const holdsStock = values.holdsStock === "1";
        await setHoldsStock(getDb(), { practiceId, actor: { email: me.email, ip: ctx.ip }, holdsStock });
        return redirectWithFlash(`/admin/practices/${practiceId}`, {
          title: holdsStock ? "The practice holds stock" : "The practice no longer holds stock",
          description: holdsStock ? "Its members can set par levels and reorders on their stock page." : "Its par levels stay, and no reorder is drafted.",
        });
      },
      "add-member": async ({ values, parse }) => {
        const { email } = parse(addMemberSchema);
        return answer(await addAccountToPractice(getDb(), ctx, { email, practiceId }), "add-member", values);
      },
    },
  });
}

const validateInvite = schemaValidator(() =>
  import("~/lib/schemas/console-users").then((m) => m.userActionSchema),
  (formData) => ({ ...formDataToObject(formData), intent: "invite", role: "member", practiceId: ZERO_UUID }),
);
const validateAdd = schemaValidator(() => import("~/lib/schemas/console-users").then((m) => m.addMemberSchema));

/** The browser check of the invitation stands in a practice for the page's own (the server puts its id). */
const ZERO_UUID = "00000000-0000-4000-8000-000000000000";

export default function AdminPractice({ loaderData, actionData }: Route.ComponentProps) {
  const { practice, members, facilities, providers, canInvite, withoutPractice } = loaderData;
  const [answer, setAnswer] = React.useState(actionData as PeopleAnswer | undefined);
  // A new plain post's answer replaces whatever the forms showed (set while rendering, as React advises for derived state).
  const [shownActionData, setShownActionData] = React.useState(actionData);
  if (shownActionData !== actionData) {
    setShownActionData(actionData);
    setAnswer(actionData as PeopleAnswer | undefined);
  }
  const plain = actionData as PeopleAnswer | undefined;
  // A plain post's answer (a refusal, or a failure to save) shows in its own form's card, which it refills.
  const plainInvite = plain?.intent === "invite" ? plain : undefined;
  const plainAdd = plain?.intent === "add-member" ? plain : undefined;
  const invite = useFormSubmission({
    validate: validateInvite,
    success: null,
    failure: consoleNotSaved,
    resetOnSuccess: true,
    answer: plainInvite,
    onAnswer: (a) => setAnswer({ ...(a as PeopleAnswer), intent: "invite" }),
  });
  const add = useFormSubmission({
    validate: validateAdd,
    success: null,
    failure: consoleNotSaved,
    resetOnSuccess: false,
    answer: plainAdd,
    onAnswer: (a) => setAnswer({ ...(a as PeopleAnswer), intent: "add-member" }),
  });
  // The "Add" offered under a refused invitation is a form of its own.
  const addExisting = useFormSubmission({
    validate: validateAdd,
    success: null,
    failure: consoleNotSaved,
    resetOnSuccess: false,
    onAnswer: (a) => setAnswer({ ...(a as PeopleAnswer), intent: "add-member" }),
  });
  const inviteAnswer = answer?.intent === "invite" ? answer : undefined;
  const addAnswer = answer?.intent === "add-member" ? answer : undefined;
  const done = inviteAnswer?.ok ? inviteAnswer : undefined;
  const added = addAnswer?.ok ? addAnswer : undefined;
  const typed = submittedValues(plainInvite);
  const typedAdd = submittedValues(plainAdd);

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-3">
        <Link to="/admin/practices" className="inline-flex w-fit items-center gap-1 text-sm font-semibold text-primary underline-offset-4 hover:underline">
          <ArrowLeft aria-hidden className="size-4" />
          All practices
        </Link>
        <h1 className="text-3xl font-bold tracking-tight break-words text-navy">{practice.name}</h1>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span>Tax id {practice.taxId ?? "not given"}</span>
          <span>
            Created <DateTime value={practice.createdAt} />
          </span>
          <Link to={`/admin/ivrs?status=all&practice=${practice.id}`} className="font-semibold text-primary underline-offset-4 hover:underline">
            Its IVRs
          </Link>
          <span>{practice.holdsStock ? "Holds stock (par levels and reorders)" : "Orders for patients only"}</span>
        </p>
        {canInvite ? (
          <Form method="post" className="w-fit">
            <input type="hidden" name="intent" value="stock" />
            <input type="hidden" name="holdsStock" value={practice.holdsStock ? "0" : "1"} />
            <Button type="submit" variant="outline" size="sm">
              {practice.holdsStock ? "Stop holding stock" : "Allow stock and reorders"}
            </Button>
          </Form>
        ) : null}
      </div>

      <section aria-labelledby="invite-heading">
        <Card>
          <CardHeader>
            <CardTitle as="h2" id="invite-heading" size="lg" tone="navy">
              Invite a member
            </CardTitle>
            <CardDescription>
              {canInvite
                ? `The new member belongs to ${practice.name}. The invitation mail holds a link to choose a password (valid 72 hours); after it they sign in to this practice's Clinical Portal.`
                : "Only an admin can invite members. Ask an admin to invite the people of this practice."}
            </CardDescription>
          </CardHeader>
          {canInvite ? (
            <CardContent className="flex flex-col gap-4">
              <AnswerNotice answer={plainInvite} title="Not done" />
              {done?.link ? (
                <OneTimeLink title="Invitation created: mail delivery is off" message={done.message} link={done.link} />
              ) : done ? (
                <FormNotice notice={{ title: "Invitation sent", description: done.message, variant: "success" }} />
              ) : null}
              <invite.fetcher.Form {...invite.formProps} className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-start">
                <input type="hidden" name="intent" value="invite" />
                <input type="hidden" name="role" value="member" />
                <Field label="Member's email" name="email" required error={invite.errors.email}>
                  {(control) => <Input {...control} type="email" autoComplete="off" maxLength={LIMITS.email} defaultValue={submittedText(typed, "email")} />}
                </Field>
                <Field label="Practice role" name="practiceRole" hint={members.length === 0 ? "The first member is the practice's admin." : undefined}>
                  {(control) => (
                    <Select
                      {...control}
                      options={PRACTICE_ROLE_OPTIONS}
                      defaultValue={submittedText(typed, "practiceRole") ?? (members.length === 0 ? "admin" : "clinician")}
                      disabled={members.length === 0}
                      className="sm:w-44"
                    />
                  )}
                </Field>
                <SubmitButton pending={invite.pending} pendingText="Sending..." className="sm:mt-6">
                  <MailPlus aria-hidden />
                  Send invitation
                </SubmitButton>
              </invite.fetcher.Form>
              {inviteAnswer?.existing ? (
                <ExistingAccountNote existing={inviteAnswer.existing}>
                  {inviteAnswer.existing.canAdd ? (
                    <addExisting.fetcher.Form {...addExisting.formProps} className="flex flex-wrap items-center gap-2">
                      <input type="hidden" name="intent" value="add-member" />
                      <input type="hidden" name="email" value={inviteAnswer.existing.email} />
                      <SubmitButton pending={addExisting.pending} pendingText="Adding..." size="sm">
                        <UserPlus aria-hidden />
                        Add {inviteAnswer.existing.email} to {practice.name}
                      </SubmitButton>
                    </addExisting.fetcher.Form>
                  ) : null}
                </ExistingAccountNote>
              ) : null}
            </CardContent>
          ) : null}
        </Card>
      </section>

      {canInvite ? (
        <section aria-labelledby="add-member-heading">
          <Card>
            <CardHeader>
              <CardTitle as="h2" id="add-member-heading" size="lg" tone="navy">
                Add an existing account
              </CardTitle>
              <CardDescription>
                A member account in no practice yet joins {practice.name} at once: no new invitation, their password stays as it is.
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              <AnswerNotice answer={plainAdd} title="Not done" />
              {added ? <FormNotice notice={{ title: "Member added", description: added.message, variant: "success" }} /> : null}
              {addAnswer && !addAnswer.ok ? <AddRefusal answer={addAnswer} shownBesideField={Boolean(add.errors.email) && withoutPractice.length > 0} /> : null}
              {withoutPractice.length === 0 ? (
                <p className="text-sm text-muted-foreground">Every member account is in a practice.</p>
              ) : (
                <add.fetcher.Form {...add.formProps} className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
                  <input type="hidden" name="intent" value="add-member" />
                  <Field label="Member account in no practice" name="email" required error={add.errors.email}>
                    {(control) => (
                      <Select
                        {...control}
                        options={withoutPractice.map((m) => ({ value: m.email, label: m.email }))}
                        placeholder="Choose"
                        defaultValue={submittedText(typedAdd, "email") ?? ""}
                      />
                    )}
                  </Field>
                  <SubmitButton pending={add.pending} pendingText="Adding..." variant="outline" className="sm:mt-6">
                    <UserPlus aria-hidden />
                    Add to {practice.name}
                  </SubmitButton>
                </add.fetcher.Form>
              )}
            </CardContent>
          </Card>
        </section>
      ) : null}

      <section aria-labelledby="members-heading" className="flex flex-col gap-3">
        <h2 id="members-heading" className="text-xl font-semibold text-navy">
          Members
        </h2>
        <DataTable label="Members of the practice" stacked>
          <HeadRow columns={["Email", "Role", "Status", "Last sign-in"]} />
          <tbody>
            {members.length === 0 ? (
              <EmptyRow colSpan={4}>No members yet.</EmptyRow>
            ) : (
              members.map((m) => (
                <tr key={m.id}>
                  <Td data-label="Email" wrap className="font-medium [overflow-wrap:anywhere]">
                    {m.email}
                  </Td>
                  <Td data-label="Role" className="capitalize">
                    {m.role}
                  </Td>
                  <Td data-label="Status">
                    <AccountStatus disabled={m.disabled} />
                  </Td>
                  <Td data-label="Last sign-in">
                    <DateTime value={m.lastSignInAt} fallback="never" />
                  </Td>
                </tr>
              ))
            )}
          </tbody>
        </DataTable>
      </section>

      <section aria-labelledby="facilities-heading" className="flex flex-col gap-3">
        <h2 id="facilities-heading" className="text-xl font-semibold text-navy">
          Facilities
        </h2>
        <FacilitiesTable facilities={facilities} label="Facilities of the practice" empty="No facilities yet: the practice's members add them." withPtan />
      </section>

      <section aria-labelledby="providers-heading" className="flex flex-col gap-3">
        <h2 id="providers-heading" className="text-xl font-semibold text-navy">
          Providers
        </h2>
        <ProvidersTable providers={providers} label="Providers of the practice" empty="No providers yet: the practice's members add them." />
      </section>
    </div>
  );
}

/** A refused addition (the account is staff, in another practice, or gone): its message, with links to the account. */
function AddRefusal({ answer, shownBesideField }: { answer: PeopleAnswer; shownBesideField: boolean }) {
  const outcome = outcomeOf(answer);
  const message = outcome.kind === "invalid" ? outcome.fieldErrors.email : undefined;
  if (!message) return null;
  return (
    <div className="flex flex-col gap-2">
      {shownBesideField ? null : (
        <p role="alert" className="text-sm font-medium text-destructive">
          {message}
        </p>
      )}
      {answer.existing ? <ExistingAccountNote existing={answer.existing} /> : null}
    </div>
  );
}
