import { Check, Copy, MailPlus, UserRound } from "lucide-react";
import * as React from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/users";
import { privateMeta } from "~/lib/meta";
import { AccountStatus } from "~/components/account/account-status";
import { DataTable, Td, Th } from "~/components/admin/data-table";
import { DateTime } from "~/components/admin/format";
import { Field, FormNotice } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmButton } from "~/components/ui/confirm-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { email as emailField, LIMITS } from "~/lib/schemas/common";
import { cn } from "~/lib/utils";
import { ROLES } from "~/lib/accounts";
import {
  changeUserDisabled,
  changeUserRole,
  inviteUser,
  listUsers,
  requireRole,
  sendUserReset,
  type ConsoleContext,
  type ConsoleResult,
} from "~/.server/accounts";
import { getDb } from "~/.server/db/client";
import { mailDeliveryOff } from "~/.server/env";
import { clientInfo } from "~/.server/request-context";
import { mailQueued } from "~/.server/runtime";
import { MAX_TEXT_FORM_BYTES, readFormOrRefuse } from "~/.server/http/form-body";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Users | Staff console");

const ROLE_OPTIONS = [
  { value: "member", label: "Member" },
  { value: "staff", label: "Staff" },
  { value: "admin", label: "Admin" },
] as const satisfies readonly { value: (typeof ROLES)[number]; label: string }[];

export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireRole(request, "admin");
  return { me: { id: me.id }, users: await listUsers(getDb()) };
}

/** Built on demand, inside the action, so the browser bundle never reaches server modules. */
function actionSchema() {
  const userId = z
    .string({ error: "Missing user" })
    .regex(/^[\w-]{1,100}$/, "Unknown user");
  const role = z.enum(ROLES, { error: "Choose member, staff or admin" });
  return z.discriminatedUnion(
    "intent",
    [
    z.object({ intent: z.literal("invite"), email: emailField(), role }),
    z.object({ intent: z.literal("role"), userId, role }),
    z.object({ intent: z.literal("disable"), userId }),
    z.object({ intent: z.literal("enable"), userId }),
    z.object({ intent: z.literal("reset"), userId }),
    ],
    { error: "Unknown action" },
  );
}

export type UsersAnswer = {
  ok: boolean;
  message: string;
  intent: string;
  userId?: string;
  fieldErrors?: { email?: string; role?: string };
  email?: string;
  /** With mail delivery off: the set-password link, shown to the admin once. */
  link?: string;
  /** A plain form post (no JavaScript) of an action that needs a confirm step first. */
  confirm?: { role?: string };
};

/** What the confirm step of each hard-to-undo action says. */
function confirmText(intent: "role" | "disable" | "reset", email: string, role?: string) {
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
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireRole(request, "admin");
  const form = await readFormOrRefuse(request, { maxBytes: MAX_TEXT_FORM_BYTES });
  const raw: Record<string, unknown> = {};
  for (const key of ["intent", "email", "role", "userId", "confirmed"]) {
    const value = form.get(key);
    if (value !== null) raw[key] = value;
  }
  const intent = typeof raw.intent === "string" ? raw.intent.slice(0, 20) : "";
  const rowId = typeof raw.userId === "string" ? raw.userId.slice(0, 100) : undefined;

  const parsed = actionSchema().safeParse(raw);
  if (!parsed.success) {
    const fieldErrors: UsersAnswer["fieldErrors"] = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if ((key === "email" || key === "role") && !fieldErrors[key]) fieldErrors[key] = issue.message;
    }
    const answer: UsersAnswer = {
      ok: false,
      intent,
      userId: rowId,
      message: parsed.error.issues[0]?.message ?? "Check the form and try again.",
      fieldErrors,
      email: intent === "invite" && typeof raw.email === "string" ? raw.email.slice(0, LIMITS.email) : undefined,
    };
    return data(answer, { status: 400 });
  }

  const db = getDb();
  const ctx: ConsoleContext = {
    actor: { id: me.id, email: me.email },
    ip: clientInfo(context).ip,
    mailOff: mailDeliveryOff(),
  };
  const input = parsed.data;
  // Changing a role, disabling and resetting are confirmed first (in a dialog, or without JavaScript in a second step).
  if ((input.intent === "role" || input.intent === "disable" || input.intent === "reset") && raw.confirmed !== "1") {
    const answer: UsersAnswer = {
      ok: false,
      intent: input.intent,
      userId: input.userId,
      message: "Confirm to go on.",
      confirm: { role: input.intent === "role" ? input.role : undefined },
    };
    return data(answer);
  }
  let result: ConsoleResult;
  switch (input.intent) {
    case "invite":
      result = await inviteUser(db, ctx, { email: input.email, role: input.role });
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
  }
  if (result.mailed) mailQueued();
  const answer: UsersAnswer = {
    ok: result.ok,
    message: result.message,
    intent: input.intent,
    userId: "userId" in input ? input.userId : undefined,
    fieldErrors: input.intent === "invite" && !result.ok ? { email: result.message } : undefined,
    email: input.intent === "invite" && !result.ok ? input.email : undefined,
    link: result.link,
  };
  return data(answer, { status: result.status });
}

/** The form being submitted (or its page reloading after it) right now, if it is this one. */
function useSubmitting(intent: string, id?: string): boolean {
  const navigation = useNavigation();
  const f = navigation.formData;
  if (navigation.state === "idle" || !f) return false;
  return f.get("intent") === intent && (id === undefined || f.get("userId") === id);
}

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { users, me } = loaderData;
  const answer = actionData as UsersAnswer | undefined;
  const inviting = useSubmitting("invite");
  const inviteAnswer = answer?.intent === "invite" ? answer : undefined;
  // A refused row action for a row that is gone, or a malformed post: shown at the top.
  const stray = answer && answer.intent !== "invite" && !users.some((u) => u.id === answer.userId) ? answer : undefined;

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight text-navy">Users</h1>
        <p className="text-muted-foreground">
          Invite people, change what they can do, and turn accounts off. Every change is recorded in the audit log.
        </p>
      </div>

      {stray ? (
        <FormNotice notice={{ title: stray.ok ? "Done" : "Not done", description: stray.message, variant: stray.ok ? "success" : "error" }} />
      ) : null}

      <section aria-labelledby="invite-heading">
        <Card>
          <CardHeader>
            <CardTitle as="h2" id="invite-heading" className="text-xl text-navy">
              Invite a user
            </CardTitle>
            <CardDescription>
              The account is created without a password; the invitation mail holds a link to choose one (valid 72 hours).
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {inviteAnswer?.ok && inviteAnswer.link ? (
              <OneTimeLink title="Invitation created: mail delivery is off" message={inviteAnswer.message} link={inviteAnswer.link} />
            ) : inviteAnswer?.ok ? (
              <FormNotice notice={{ title: "Invitation sent", description: inviteAnswer.message, variant: "success" }} />
            ) : null}
            <Form method="post" preventScrollReset key={inviteAnswer?.ok ? inviteAnswer.message : "invite"} className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-start">
              <input type="hidden" name="intent" value="invite" />
              <Field label="Email" name="email" required error={inviteAnswer && !inviteAnswer.ok ? inviteAnswer.fieldErrors?.email ?? inviteAnswer.message : undefined}>
                {(control) => (
                  <Input {...control} type="email" autoComplete="off" maxLength={LIMITS.email} defaultValue={inviteAnswer?.ok ? "" : inviteAnswer?.email} />
                )}
              </Field>
              <Field label="Role" name="role" required error={inviteAnswer?.fieldErrors?.role}>
                {(control) => <Select {...control} options={ROLE_OPTIONS} defaultValue="member" />}
              </Field>
              <SubmitButton pending={inviting} pendingText="Sending..." className="sm:mt-6">
                <MailPlus aria-hidden />
                Send invitation
              </SubmitButton>
            </Form>
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
          <thead>
            <tr>
              <Th>Email</Th>
              <Th>Name</Th>
              <Th>Role</Th>
              <Th>Status</Th>
              <Th>Activity</Th>
              <Th>Actions</Th>
            </tr>
          </thead>
          <tbody>
            {users.map((u) => (
              <UserRow key={u.id} user={u} isMe={u.id === me.id} answer={answer?.userId === u.id ? answer : undefined} />
            ))}
          </tbody>
        </DataTable>
      </section>
    </div>
  );
}

type UserRowData = Route.ComponentProps["loaderData"]["users"][number];

function UserRow({ user: u, isMe, answer }: { user: UserRowData; isMe: boolean; answer?: UsersAnswer }) {
  const savingRole = useSubmitting("role", u.id);
  const toggling = useSubmitting(u.disabled ? "enable" : "disable", u.id);
  const resetting = useSubmitting("reset", u.id);
  const roleSelectId = `role-${u.id}`;
  return (
    // The id lets the audit log link straight to this row; scroll-margin keeps it clear of the console's top bar.
    <tr id={`user-${u.id}`} className={cn("scroll-mt-24 target:bg-primary-soft/60", u.disabled && "bg-muted/60")}>
      <Td data-label="Email" wrap className="min-w-48 font-medium [overflow-wrap:anywhere]">
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
      <Td data-label="Name" wrap className="min-w-28 [overflow-wrap:anywhere]">{u.name}</Td>
      <Td data-label="Role" className="capitalize">{u.role}</Td>
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
      <Td data-label="Actions" wrap className="min-w-[18rem] max-sm:before:hidden">
        <div className="flex flex-col gap-3">
          {isMe ? (
            <p className="max-w-xs text-sm text-muted-foreground">
              You cannot change your own role or disable your own account. Ask another admin.
            </p>
          ) : (
            <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="role" />
              <input type="hidden" name="userId" value={u.id} />
              <label htmlFor={roleSelectId} className="sr-only">
                Role of {u.email}
              </label>
              <Select id={roleSelectId} name="role" options={ROLE_OPTIONS} defaultValue={u.role} key={u.role} className="w-32" />
              <ConfirmButton {...confirmText("role", u.email)} pending={savingRole} pendingText="Saving..." variant="outline" size="sm" className="min-h-10">
                Save role<span className="sr-only"> of {u.email}</span>
              </ConfirmButton>
            </Form>
          )}
          <div className="flex flex-wrap gap-2">
            {!isMe ? (
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value={u.disabled ? "enable" : "disable"} />
                <input type="hidden" name="userId" value={u.id} />
                {u.disabled ? (
                  <SubmitButton pending={toggling} pendingText="Enabling..." variant="outline" size="sm">
                    Enable<span className="sr-only"> {u.email}</span>
                  </SubmitButton>
                ) : (
                  <ConfirmButton {...confirmText("disable", u.email)} pending={toggling} pendingText="Disabling..." variant="destructive" size="sm">
                    Disable<span className="sr-only"> {u.email}</span>
                  </ConfirmButton>
                )}
              </Form>
            ) : null}
            {!u.disabled ? (
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="reset" />
                <input type="hidden" name="userId" value={u.id} />
                <ConfirmButton {...confirmText("reset", u.email)} pending={resetting} pendingText="Sending..." variant="outline" size="sm">
                  Send password reset<span className="sr-only"> to {u.email}</span>
                </ConfirmButton>
              </Form>
            ) : null}
          </div>
          {answer?.confirm && (answer.intent === "role" || answer.intent === "disable" || answer.intent === "reset") ? (
            <ConfirmStep answer={answer} intent={answer.intent} email={u.email} userId={u.id} />
          ) : answer?.link ? (
            <OneTimeLink title="Reset link created: mail delivery is off" message={answer.message} link={answer.link} />
          ) : answer ? (
            <p
              role={answer.ok ? "status" : "alert"}
              className={cn("max-w-xs text-sm font-medium break-words", answer.ok ? "text-success" : "text-destructive")}
            >
              {answer.message}
            </p>
          ) : null}
        </div>
      </Td>
    </tr>
  );
}

/** The confirm step of a plain form post (no JavaScript): what will happen, and a button that does it. */
function ConfirmStep({ answer, intent, email, userId }: { answer: UsersAnswer; intent: "role" | "disable" | "reset"; email: string; userId: string }) {
  const role = answer.confirm?.role;
  const text = confirmText(intent, email, role);
  return (
    <div role="alert" className="flex max-w-sm flex-col gap-3 rounded-lg border border-border bg-muted p-3">
      <p className="font-semibold text-navy">{text.title}</p>
      <p className="text-sm text-muted-foreground">{text.description}</p>
      <Form method="post" preventScrollReset className="flex flex-wrap gap-2">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="userId" value={userId} />
        {role ? <input type="hidden" name="role" value={role} /> : null}
        <input type="hidden" name="confirmed" value="1" />
        <Button type="submit" size="sm" variant={intent === "disable" ? "destructive" : "default"}>
          {text.confirmLabel}
        </Button>
        <Button asChild size="sm" variant="outline">
          <Link to="/admin/users" preventScrollReset>
            Cancel
          </Link>
        </Button>
      </Form>
    </div>
  );
}

/** A set-password link shown once to the admin (mail delivery is off), with a button that copies it. */
function OneTimeLink({ title, message, link }: { title: string; message: string; link: string }) {
  const [copied, setCopied] = React.useState(false);
  const id = React.useId();
  return (
    <div role="status" className="flex min-w-0 flex-col gap-2 rounded-lg border border-[#e8c36a] bg-[#fff8e6] p-4 text-sm">
      <p className="font-semibold text-[#5c3900]">{title}</p>
      <p className="text-foreground">{message}</p>
      <div className="flex min-w-0 flex-col gap-2 sm:flex-row">
        <label htmlFor={id} className="sr-only">
          Set-password link
        </label>
        <Input id={id} readOnly value={link} onFocus={(e) => e.currentTarget.select()} className="min-w-0 flex-1 font-mono text-xs" />
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            void navigator.clipboard?.writeText(link).then(() => setCopied(true));
          }}
        >
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? "Copied" : "Copy link"}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">This link is not shown again. Set SMTP_URL to have the site mail such links itself.</p>
    </div>
  );
}
