import { MailPlus, UserRound } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/admin-users";
import { AccountStatus } from "~/components/account/account-status";
import { DataTable, Td, Th } from "~/components/admin/data-table";
import { DateTime } from "~/components/admin/format";
import { Field, FormNotice } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { email as emailField, LIMITS } from "~/lib/schemas/common";
import { cn } from "~/lib/utils";
import { ROLES } from "~/server/accounts";
import { requireRole } from "~/server/auth";
import {
  changeUserDisabled,
  changeUserRole,
  inviteUser,
  listUsers,
  sendUserReset,
  type ConsoleContext,
  type ConsoleResult,
} from "~/server/console/users";
import { getDb } from "~/server/db/client";
import { clientInfo } from "~/server/request-context";
import { mailQueued } from "~/server/runtime";
import { MAX_TEXT_FORM_BYTES, readFormOrRefuse } from "~/server/submissions/http";

export const meta: Route.MetaFunction = () => [{ title: "Users | Staff console" }, { name: "robots", content: "noindex" }];

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
};

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireRole(request, "admin");
  const form = await readFormOrRefuse(request, { maxBytes: MAX_TEXT_FORM_BYTES });
  const raw: Record<string, unknown> = {};
  for (const key of ["intent", "email", "role", "userId"]) {
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
  };
  const input = parsed.data;
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
            {inviteAnswer?.ok ? (
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
        <DataTable label="Accounts table">
          <thead>
            <tr>
              <Th>Email</Th>
              <Th>Name</Th>
              <Th>Role</Th>
              <Th>Status</Th>
              <Th>Created</Th>
              <Th>Last sign-in</Th>
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
    <tr className={cn(u.disabled && "bg-muted/60")}>
      <Td wrap className="min-w-56 font-medium [overflow-wrap:anywhere]">
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
      <Td wrap className="min-w-32 [overflow-wrap:anywhere]">{u.name}</Td>
      <Td className="capitalize">{u.role}</Td>
      <Td>
        <div className="flex flex-col items-start gap-1">
          <AccountStatus disabled={u.disabled} />
          {!u.hasPassword ? <span className="text-xs whitespace-nowrap text-muted-foreground">No password yet</span> : null}
        </div>
      </Td>
      <Td>
        <DateTime value={u.createdAt} />
      </Td>
      <Td>
        <DateTime value={u.lastSignInAt} fallback="Never" />
      </Td>
      <Td wrap className="min-w-[22rem]">
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
              <SubmitButton pending={savingRole} pendingText="Saving..." variant="outline" size="sm" className="min-h-10">
                Save role<span className="sr-only"> of {u.email}</span>
              </SubmitButton>
            </Form>
          )}
          <div className="flex flex-wrap gap-2">
            {!isMe ? (
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value={u.disabled ? "enable" : "disable"} />
                <input type="hidden" name="userId" value={u.id} />
                <SubmitButton
                  pending={toggling}
                  pendingText={u.disabled ? "Enabling..." : "Disabling..."}
                  variant={u.disabled ? "outline" : "destructive"}
                  size="sm"
                >
                  {u.disabled ? "Enable" : "Disable"}
                  <span className="sr-only"> {u.email}</span>
                </SubmitButton>
              </Form>
            ) : null}
            {!u.disabled ? (
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="reset" />
                <input type="hidden" name="userId" value={u.id} />
                <SubmitButton pending={resetting} pendingText="Sending..." variant="outline" size="sm">
                  Send password reset<span className="sr-only"> to {u.email}</span>
                </SubmitButton>
              </Form>
            ) : null}
          </div>
          {answer ? (
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
