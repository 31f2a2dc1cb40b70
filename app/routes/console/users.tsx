import { MailPlus, UserRound } from "lucide-react";
import * as React from "react";
import { data, Link } from "react-router";
import type { Route } from "./+types/users";
import { privateMeta } from "~/lib/meta";
import { AccountStatus } from "~/components/account/account-status";
import { DataTable, Td, HeadRow } from "~/components/admin/data-table";
import { DateTime } from "~/components/ui/date-time";
import { AnswerNotice, Field, FormNotice } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { schemaValidator } from "~/components/forms/use-form-submission";
import { OneTimeLink } from "~/components/admin/one-time-link";
import { ConfirmStep, type ConfirmText } from "~/components/record/confirm-step";
import { useRecordForm } from "~/components/record/record-form";
import { Badge } from "~/components/ui/badge";
import { ConfirmButton } from "~/components/ui/confirm-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { FAILED_TEXT, invalidAnswer, isFailedAnswer, outcomeOf, rejectedAnswer, submittedText, submittedValues, type FormAnswer } from "~/lib/form-result";
import { consoleNotSaved, PRACTICE_REQUIRED, ROLE_OPTIONS, USER_REFUSED_TITLE } from "~/lib/schemas/console-fields";
import { userActionSchema } from "~/lib/schemas/console-users";
import { LIMITS, parseWith } from "~/lib/schemas/fields";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import {
  changeUserDisabled,
  changeUserRole,
  type ConsoleContext,
  type ConsoleResult,
  inviteUser,
  listUsers,
  requireRole,
  resetSecondFactor,
  sendUserReset,
} from "~/.server/accounts";
import { listPractices } from "~/.server/practices";
import { ExistingAccountNote, existingLink, type ExistingLink } from "~/components/admin/existing-account";
import { getDb } from "~/.server/db/client";
import { mailDeliveryOff } from "~/.server/env";
import { clientInfo } from "~/.server/request-context";
import { mailQueued } from "~/.server/runtime";
import { answerForm, type FormInput } from "~/.server/http/form-action";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Users | Staff console");

export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireRole(request, "admin");
  const db = getDb();
  const [users, practices] = await Promise.all([listUsers(db), listPractices(db)]);
  return { me: { id: me.id }, users, practices: practices.map((p) => ({ value: p.id, label: p.name })) };
}

type Intent = "invite" | "role" | "disable" | "enable" | "reset" | "reset-two-factor";
type ConfirmedIntent = "role" | "disable" | "reset" | "reset-two-factor";

/**
 * What the action answers, with the form it answers (its intent, and the
 * account of a row's form), so a page drawn from a plain post puts the
 * answer beside the right form:
 *   the form answer: done with its message (and, with mail delivery off, the
 *     set-password link shown once), bad input with messages beside the fields,
 *     or a refusal (your own account, an account that is gone);
 *   a confirm step: a plain post of a hard-to-undo change, without `confirmed=1`.
 */
export type UsersAnswer = (FormAnswer<{ message: string; link?: string }> | { ok: false; confirm: { role?: string } }) & {
  intent: string;
  userId?: string;
  /** An invitation refused because the email has an account: where that account is. */
  existing?: ExistingLink;
};

/** What the confirm step of each hard-to-undo action says. */
function confirmText(intent: ConfirmedIntent, email: string, role?: string): ConfirmText {
  switch (intent) {
    case "role":
      return {
        title: `Change the role of ${email}?`,
        description: `${email} ${role ? `becomes ${role}` : "gets the role you chose"} from their next page, with what that role may see and do. The change is recorded in the audit log.`,
        confirmLabel: "Change role",
      };
    case "disable":
      return { title: `Disable ${email}?`, description: `${email} is signed out everywhere at once and cannot sign in until an admin enables the account again.`, confirmLabel: "Disable account" };
    case "reset":
      return { title: `Send a password reset to ${email}?`, description: "They get a link to choose a new password (valid one hour). Their current password keeps working until they use it.", confirmLabel: "Send reset link" };
    case "reset-two-factor":
      return {
        title: `Reset the two-factor sign-in of ${email}?`,
        description: `${email} loses their authenticator app and backup codes, is signed out everywhere, and is mailed. Staff set up a new app at their next sign-in. Recorded in the audit log.`,
        confirmLabel: "Reset two-factor",
      };
  }
}

/**
 * What a plain post gets back to refill the invitation: the fields the forms
 * have, cut to their length, and nothing else (never a password or a token a
 * hand-made post might carry).
 */
function kept(values: Record<string, string>) {
  return {
    intent: values.intent?.slice(0, 20),
    userId: values.userId?.slice(0, 100),
    email: values.email?.slice(0, LIMITS.email),
    role: values.role?.slice(0, 20),
    practiceId: values.practiceId?.slice(0, 40),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireRole(request, "admin");
  const db = getDb();
  const ctx: ConsoleContext = {
    actor: { id: me.id, email: me.email },
    ip: clientInfo(context).ip,
    mailOff: mailDeliveryOff(),
  };

  const answer = async ({ values }: FormInput) => {
    // A row's answer names its account, so the page puts it beside that row: the schema's messages are
    // answered here rather than by `input.parse`, to carry it.
    const about = { intent: values.intent?.slice(0, 20) ?? "", userId: values.userId?.slice(0, 100) };
    const parsed = parseWith(userActionSchema, values);
    if (!parsed.success) return data<UsersAnswer>({ ...invalidAnswer(request, parsed.fieldErrors, { values: kept(values) }), ...about }, { status: 400 });
    const input = parsed.data;
    // Changing a role, disabling and resetting are confirmed first (in a dialog, or without JavaScript in a second step).
    if ((input.intent === "role" || input.intent === "disable" || input.intent === "reset" || input.intent === "reset-two-factor") && values.confirmed !== "1") {
      return data<UsersAnswer>({
        ok: false,
        intent: input.intent,
        userId: input.userId,
        confirm: { role: input.intent === "role" ? input.role : undefined },
      });
    }
    let result: ConsoleResult;
    switch (input.intent) {
      case "invite":
        result = await inviteUser(db, ctx, { email: input.email, role: input.role, practiceId: input.practiceId });
        break;
      case "role":
        result = await changeUserRole(db, ctx, { userId: input.userId, role: input.role });
        break;
      case "disable":
      case "enable":
        result = await changeUserDisabled(db, ctx, { userId: input.userId, disabled: input.intent === "disable" });
        break;
      case "reset":
        result = await sendUserReset(db, ctx, { userId: input.userId });
        break;
      case "reset-two-factor": {
        const reset = input.userId === me.id ? "own" : await resetSecondFactor(db, { userId: input.userId, actor: { email: me.email, ip: ctx.ip } });
        result =
          reset === "own"
            ? { ok: false, status: 409, message: "Reset your own second factor from your security page, or ask another admin." }
            : reset
              ? { ok: true, status: 200, message: `The two-factor sign-in of ${reset.email} is reset; they were signed out and mailed.`, mailed: true }
              : { ok: false, status: 409, message: "That account has no second factor to reset." };
        break;
      }
    }
    if (result.mailed) mailQueued();
    const answered = { intent: input.intent, userId: "userId" in input ? input.userId : undefined };
    if (result.ok) {
      // The set-password link (mail delivery off) is the answer itself, shown once: not a typed value coming back.
      return data<UsersAnswer>({ ok: true, message: result.message, ...(result.link ? { link: result.link } : {}), ...answered }, { status: result.status });
    }
    // An invitation refused (the account exists) is about the email typed: said beside it, with the email kept
    // and a link to the account that has it; a missing practice is said beside the practice.
    if (input.intent === "invite") {
      const field = result.message === PRACTICE_REQUIRED ? "practiceId" : "email";
      const values = { intent: "invite", email: input.email, role: input.role, practiceId: input.practiceId };
      const refusal = invalidAnswer(request, { [field]: result.message }, { values });
      const existing = result.existing ? existingLink(result.existing) : undefined;
      return data<UsersAnswer>({ ...refusal, ...answered, ...(existing ? { existing } : {}) }, { status: result.status });
    }
    return data<UsersAnswer>({ ...rejectedAnswer(result.message, USER_REFUSED_TITLE), ...answered }, { status: result.status });
  };

  // One schema tells the forms apart; the answerer refuses an intent no form has, and answers a failure 503 with `kept`.
  return answerForm(request, {
    title: USER_REFUSED_TITLE,
    keep: kept,
    intents: { invite: answer, role: answer, disable: answer, enable: answer, reset: answer, "reset-two-factor": answer },
  });
}

const validate = schemaValidator(() => import("~/lib/schemas/console-users").then((m) => m.userActionSchema));

/** The account a row's answer is about: named by the answer, or (a plain post that failed) by what was posted. */
function accountOf(answer: UsersAnswer): string | undefined {
  return answer.userId ?? submittedText(submittedValues(answer), "userId");
}

/** The answer, if it is one to the form with this intent (and account). */
function answerTo(answer: UsersAnswer | undefined, intents: readonly Intent[], userId?: string): UsersAnswer | undefined {
  if (!answer || !(intents as readonly string[]).includes(answer.intent)) return undefined;
  return userId === undefined || accountOf(answer) === userId ? answer : undefined;
}

/** What an answer says in words, and whether it went through; null for a confirm step. */
function messageOf(answer: UsersAnswer): { ok: boolean; text: string } | null {
  if ("confirm" in answer) return null;
  if (answer.ok) return { ok: true, text: answer.message };
  const outcome = outcomeOf(answer);
  if (outcome.kind === "rejected") return { ok: false, text: outcome.error };
  if (outcome.kind === "invalid") return { ok: false, text: Object.values(outcome.fieldErrors)[0] ?? "Check the form and try again." };
  if (isFailedAnswer(answer)) return { ok: false, text: FAILED_TEXT };
  return { ok: false, text: consoleNotSaved.description };
}

/**
 * One of the page's forms: a record form with the answer meant for it, whose
 * result the page shows (one answer at a time, as a plain post would).
 */
function useUsersForm(show: (answer: UsersAnswer) => void, answer: UsersAnswer | undefined, resetOnSuccess: boolean) {
  return useRecordForm(answer, validate, { resetOnSuccess, onAnswer: (a) => show(a as UsersAnswer) });
}

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { users, me, practices } = loaderData;
  // The latest answer, from a plain post (the page's action data) or from any of the page's forms.
  const [answer, setAnswer] = React.useState(actionData as UsersAnswer | undefined);
  const [shownActionData, setShownActionData] = React.useState(actionData);
  if (shownActionData !== actionData) {
    setShownActionData(actionData);
    setAnswer(actionData as UsersAnswer | undefined);
  }
  const inviteAnswer = answerTo(answer, ["invite"]);
  const invite = useUsersForm(setAnswer, inviteAnswer, true);
  const typed = submittedValues(inviteAnswer);
  const inviteDone = inviteAnswer?.ok ? inviteAnswer : undefined;
  // Only a member belongs to a practice: the practice is asked for while the role is member.
  const [inviteRole, setInviteRole] = React.useState(submittedText(typed, "role") ?? "member");
  const hydrated = useHydrated();
  // A refused row action for a row that is gone, or a malformed post: shown at the top.
  const stray = answer && answer.intent !== "invite" && !users.some((u) => u.id === accountOf(answer)) ? answer : undefined;
  const strayMessage = stray ? messageOf(stray) : null;

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight text-navy">Users</h1>
        <p className="text-muted-foreground">
          Invite people, change what they can do, and turn accounts off. Every change is recorded in the audit log.
        </p>
      </div>

      {stray && isFailedAnswer(stray) ? (
        <AnswerNotice answer={stray} title={USER_REFUSED_TITLE} />
      ) : strayMessage ? (
        <FormNotice
          notice={{
            title: strayMessage.ok ? "Done" : USER_REFUSED_TITLE,
            description: strayMessage.text,
            variant: strayMessage.ok ? "success" : "error",
          }}
        />
      ) : null}

      <section aria-labelledby="invite-heading">
        <Card>
          <CardHeader>
            <CardTitle as="h2" id="invite-heading" size="lg" tone="navy">
              Invite a user
            </CardTitle>
            <CardDescription>
              The account is created without a password; the invitation mail holds a link to choose one (valid 72 hours). A member joins the
              practice you choose; staff and admins belong to none.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <AnswerNotice answer={inviteAnswer} title={USER_REFUSED_TITLE} />
            {inviteDone?.link ? (
              <OneTimeLink title="Invitation created: mail delivery is off" message={inviteDone.message} link={inviteDone.link} />
            ) : inviteDone ? (
              <FormNotice notice={{ title: "Invitation sent", description: inviteDone.message, variant: "success" }} />
            ) : null}
            <invite.fetcher.Form
              {...invite.formProps}
              className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_10rem_minmax(0,1fr)_auto] lg:items-start"
            >
              <input type="hidden" name="intent" value="invite" />
              <Field label="Email" name="email" required error={invite.errors.email}>
                {(control) => (
                  <Input {...control} type="email" autoComplete="off" maxLength={LIMITS.email} defaultValue={submittedText(typed, "email")} />
                )}
              </Field>
              <Field label="Role" name="role" required error={invite.errors.role}>
                {(control) => (
                  <Select
                    {...control}
                    options={ROLE_OPTIONS}
                    defaultValue={submittedText(typed, "role") ?? "member"}
                    onChange={(event) => setInviteRole(event.currentTarget.value)}
                  />
                )}
              </Field>
              <Field
                label="Practice"
                name="practiceId"
                // Marked (and checked in the browser) once the page runs: without JavaScript the role's choice cannot
                // lift it, so a staff invitation would be stopped; the server asks for it then.
                required={hydrated && inviteRole === "member"}
                error={invite.errors.practiceId}
                hint={
                  !hydrated ? (
                    "A member's practice; staff and admins belong to none."
                  ) : inviteRole !== "member" ? (
                    "Staff and admins belong to no practice."
                  ) : practices.length === 0 ? (
                    <>
                      No practice yet: <Link to="/admin/practices" className="font-semibold text-primary underline underline-offset-4">create it first</Link>.
                    </>
                  ) : undefined
                }
              >
                {(control) => (
                  <Select
                    {...control}
                    options={practices}
                    placeholder="Choose"
                    defaultValue={submittedText(typed, "practiceId") ?? ""}
                    disabled={inviteRole !== "member"}
                  />
                )}
              </Field>
              <SubmitButton pending={invite.pending} pendingText="Sending..." className="lg:mt-6 sm:w-fit">
                <MailPlus aria-hidden />
                Send invitation
              </SubmitButton>
            </invite.fetcher.Form>
            {inviteAnswer?.existing ? <ExistingAccountNote existing={inviteAnswer.existing} /> : null}
          </CardContent>
        </Card>
      </section>

      <section aria-labelledby="accounts-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="accounts-heading" className="text-xl font-semibold text-navy">
            Accounts
          </h2>
          <p className="text-sm text-muted-foreground">
            {users.length} {users.length === 1 ? "account" : "accounts"}
          </p>
        </div>
        <DataTable label="Accounts table" stacked>
          <HeadRow columns={["Email", "Name", "Role", "Practice", "Status", "Activity", "Actions"]} />
          <tbody>
            {users.map((u) => (
              <UserRow
                key={u.id}
                user={u}
                isMe={u.id === me.id}
                answer={answer && answer.intent !== "invite" && accountOf(answer) === u.id ? answer : undefined}
                show={setAnswer}
              />
            ))}
          </tbody>
        </DataTable>
      </section>
    </div>
  );
}

type UserRowData = Route.ComponentProps["loaderData"]["users"][number];

function UserRow({
  user: u,
  isMe,
  answer,
  show,
}: {
  user: UserRowData;
  isMe: boolean;
  answer?: UsersAnswer;
  show: (answer: UsersAnswer) => void;
}) {
  // A row's forms show what the account is now: nothing to empty after a change.
  const roleForm = useUsersForm(show, answerTo(answer, ["role"]), false);
  const toggleForm = useUsersForm(show, undefined, false);
  const resetForm = useUsersForm(show, undefined, false);
  const twoFactorForm = useUsersForm(show, undefined, false);
  const confirmStep = answer && "confirm" in answer && isConfirmed(answer.intent) ? { answer, intent: answer.intent } : null;
  // The role's own message is beside the list; anything else the answer says is under the buttons.
  const roleMessage = answer?.intent === "role" && !answer.ok && roleForm.errors.role;
  const message = answer && !confirmStep && !roleMessage ? messageOf(answer) : null;
  return (
    // The id lets the audit log link straight to this row; scroll-margin keeps it clear of the console's top bar.
    <tr id={`user-${u.id}`} className={cn("scroll-mt-24 target:bg-primary-soft/60", u.disabled && "bg-muted/60")}>
      <Td data-label="Email" wrap className="min-w-40 font-medium [overflow-wrap:anywhere]">
        <span className="inline-flex flex-wrap items-center gap-2">
          {u.email}
          {isMe ? (
            <Badge variant="outline" className="whitespace-nowrap">
              <UserRound aria-hidden />
              You
            </Badge>
          ) : null}
        </span>
      </Td>
      <Td data-label="Name" wrap minWidth="min-w-28" className="[overflow-wrap:anywhere]">{u.name}</Td>
      <Td data-label="Role" className="capitalize">{u.role}</Td>
      <Td data-label="Practice" wrap minWidth="min-w-28" className="[overflow-wrap:anywhere]">
        {u.practice ? (
          <Link to={`/admin/practices/${u.practice.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
            {u.practice.name}
          </Link>
        ) : u.role === "member" ? (
          <span className="text-muted-foreground">None: add from its practice&rsquo;s page</span>
        ) : (
          <span className="text-muted-foreground">-</span>
        )}
      </Td>
      <Td data-label="Status">
        <div className="flex flex-col items-start gap-1">
          <AccountStatus disabled={u.disabled} />
          {!u.hasPassword ? <span className="text-xs whitespace-nowrap text-muted-foreground">No password yet</span> : null}
        </div>
      </Td>
      <Td data-label="Activity">
        <div className="flex flex-col gap-0.5 text-xs">
          <span>
            <span className="text-muted-foreground">Created </span>
            <DateTime value={u.createdAt} />
          </span>
          <span>
            <span className="text-muted-foreground">Last sign-in </span>
            <DateTime value={u.lastSignInAt} fallback="never" />
          </span>
        </div>
      </Td>
      {/* On a phone the controls take the whole line: their words say what they do without a label. */}
      <Td data-label="Actions" wrap minWidth="min-w-[16rem]" className="max-sm:before:hidden">
        <div className="flex flex-col gap-3">
          {isMe ? (
            <p className="max-w-xs text-sm text-muted-foreground">
              You cannot change your own role or disable your own account. Ask another admin.
            </p>
          ) : u.role === "partner" ? (
            <p className="max-w-xs text-sm text-muted-foreground">
              A sales partner.{" "}
              <Link to="/admin/partners" className="font-semibold text-primary underline-offset-4 hover:underline">
                Manage partners
              </Link>
            </p>
          ) : (
            <roleForm.fetcher.Form {...roleForm.formProps} className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="role" />
              <input type="hidden" name="userId" value={u.id} />
              <Field label={`Role of ${u.email}`} name="role" hideLabel error={roleForm.errors.role}>
                {(control) => <Select {...control} options={ROLE_OPTIONS} defaultValue={u.role} key={u.role} fullWidth={false} className="w-32" />}
              </Field>
              <ConfirmButton
                {...confirmText("role", u.email)}
                pending={roleForm.pending}
                pendingText="Saving..."
                variant="outline"
                size="sm-field"
              >
                Save role<span className="sr-only"> of {u.email}</span>
              </ConfirmButton>
            </roleForm.fetcher.Form>
          )}
          <div className="flex flex-wrap gap-2">
            {!isMe ? (
              <toggleForm.fetcher.Form {...toggleForm.formProps}>
                <input type="hidden" name="intent" value={u.disabled ? "enable" : "disable"} />
                <input type="hidden" name="userId" value={u.id} />
                {u.disabled ? (
                  <SubmitButton pending={toggleForm.pending} pendingText="Enabling..." variant="outline" size="sm">
                    Enable<span className="sr-only"> {u.email}</span>
                  </SubmitButton>
                ) : (
                  <ConfirmButton
                    {...confirmText("disable", u.email)}
                    pending={toggleForm.pending}
                    pendingText="Disabling..."
                    variant="destructive"
                    size="sm"
                  >
                    Disable<span className="sr-only"> {u.email}</span>
                  </ConfirmButton>
                )}
              </toggleForm.fetcher.Form>
            ) : null}
            {!u.disabled ? (
              <resetForm.fetcher.Form {...resetForm.formProps}>
                <input type="hidden" name="intent" value="reset" />
                <input type="hidden" name="userId" value={u.id} />
                <ConfirmButton {...confirmText("reset", u.email)} pending={resetForm.pending} pendingText="Sending..." variant="outline" size="sm">
                  Send password reset<span className="sr-only"> to {u.email}</span>
                </ConfirmButton>
              </resetForm.fetcher.Form>
            ) : null}
            {u.twoFactor ? (
              <twoFactorForm.fetcher.Form {...twoFactorForm.formProps}>
                <input type="hidden" name="intent" value="reset-two-factor" />
                <input type="hidden" name="userId" value={u.id} />
                <ConfirmButton {...confirmText("reset-two-factor", u.email)} pending={twoFactorForm.pending} pendingText="Resetting..." variant="outline" size="sm">
                  Reset two-factor<span className="sr-only"> of {u.email}</span>
                </ConfirmButton>
              </twoFactorForm.fetcher.Form>
            ) : null}
          </div>
          {confirmStep ? (
            <UserConfirmStep answer={confirmStep.answer} intent={confirmStep.intent} email={u.email} userId={u.id} show={show} />
          ) : answer?.ok && answer.link ? (
            <OneTimeLink title="Reset link created: mail delivery is off" message={answer.message} link={answer.link} />
          ) : message ? (
            <p
              role={message.ok ? "status" : "alert"}
              className={cn("max-w-xs text-sm font-medium break-words", message.ok ? "text-success" : "text-destructive")}
            >
              {message.text}
            </p>
          ) : null}
        </div>
      </Td>
    </tr>
  );
}

function isConfirmed(intent: string): intent is ConfirmedIntent {
  return intent === "role" || intent === "disable" || intent === "reset" || intent === "reset-two-factor";
}

/** The confirm step of a plain form post (no JavaScript): what will happen, and a button that does it. */
function UserConfirmStep({
  answer,
  intent,
  email,
  userId,
  show,
}: {
  answer: UsersAnswer;
  intent: ConfirmedIntent;
  email: string;
  userId: string;
  show: (answer: UsersAnswer) => void;
}) {
  const form = useUsersForm(show, undefined, false);
  const role = "confirm" in answer ? answer.confirm.role : undefined;
  return (
    <ConfirmStep
      {...confirmText(intent, email, role)}
      form={form}
      fields={{ intent, userId, role }}
      pendingText="Saving..."
      variant={intent === "disable" ? "destructive" : "default"}
      keepTo="/admin/users"
      keepLabel="Cancel"
      preventScrollReset
      className="max-w-sm"
    />
  );
}
