import { Fingerprint, MonitorSmartphone, ShieldCheck } from "lucide-react";
import * as React from "react";
import { data, Form, redirect, useNavigation, useRevalidator } from "react-router";
import { AddPasskey } from "~/components/account/passkey-buttons";
import type { Route } from "./+types/account";
import { Field, FormNotice } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { privateMeta } from "~/lib/meta";
import { confirmPasswordSchema } from "~/lib/schemas/two-factor";
import { ENROL_PATH } from "~/lib/two-factor";
import {
  endOwnOtherSessions,
  endOwnSession,
  getUser,
  homeOf,
  newBackupCodes,
  openSessions,
  passkeysOf,
  removeOwnPasskey,
  requireUser,
  secondFactorRequired,
  turnOffSecondFactor,
} from "~/.server/accounts";
import { getDb } from "~/.server/db/client";
import { answerForm } from "~/.server/http/form-action";
import { clientInfo } from "~/.server/request-context";
import { isUuid } from "~/lib/ids";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Your sessions and security");

export function headers() {
  return { "Cache-Control": "no-store" };
}

/** The person's own security page: their second factor, and every session open in their name. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  const user = (await getUser(request))!;
  const db = getDb();
  const [sessions, required, passkeys] = await Promise.all([openSessions(db, user.id, user.sessionId), secondFactorRequired(db, user), passkeysOf(db, user.id)]);
  return {
    passkeys: passkeys.map((p) => ({ ...p, createdAt: p.createdAt?.toISOString() ?? null })),
    email: user.email,
    home: homeOf(user),
    twoFactor: user.twoFactor,
    required,
    sessions: sessions.map((s) => ({ ...s, lastActiveAt: s.lastActiveAt.toISOString(), createdAt: s.createdAt.toISOString() })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request);
  const user = (await getUser(request))!;
  const db = getDb();
  const actor = { email: user.email, ip: clientInfo(context).ip };
  return answerForm(request, {
    read: { maxBytes: 4096 },
    keep: () => ({}),
    intents: {
      "end-session": async ({ values }) => {
        const id = values.session ?? "";
        if (!isUuid(id) || id === user.sessionId) return data({ ok: false as const, intent: "end-session", notice: { title: "Not signed out", description: "That session is not one of yours." } }, { status: 404 });
        const ended = await endOwnSession(db, { userId: user.id, sessionId: id, actor });
        return ended
          ? data({ ok: true as const, intent: "end-session", message: "That session is signed out." })
          : data({ ok: false as const, intent: "end-session", notice: { title: "Not signed out", description: "That session had already ended." } }, { status: 404 });
      },
      "end-others": async () => {
        const count = await endOwnOtherSessions(db, { userId: user.id, currentId: user.sessionId, actor });
        return data({ ok: true as const, intent: "end-others", message: count === 1 ? "1 other session is signed out." : `${count} other sessions are signed out.` });
      },
      "remove-passkey": async ({ values }) => {
        const removed = await removeOwnPasskey(db, { user, passkeyId: values.passkey ?? "", actor });
        if (removed === "last factor")
          return data({ ok: false as const, intent: "remove-passkey", notice: { title: "Not removed", description: "It is your only second factor, which your account must have: add another first." } }, { status: 409 });
        if (removed === "not found") return data({ ok: false as const, intent: "remove-passkey", notice: { title: "Not removed", description: "That passkey is not one of yours." } }, { status: 404 });
        return data({ ok: true as const, intent: "remove-passkey", message: "The passkey is removed." });
      },
      "backup-codes": async ({ parse }) => {
        const { password } = parse(confirmPasswordSchema);
        const codes = await newBackupCodes(db, request, { password, actor });
        if (!codes) return data({ ok: false as const, intent: "backup-codes", fieldErrors: { password: "That password is not right." } }, { status: 400 });
        return data({ ok: true as const, intent: "backup-codes", backupCodes: codes });
      },
      "turn-off": async ({ parse }) => {
        const { password } = parse(confirmPasswordSchema);
        const result = await turnOffSecondFactor(db, request, { user, password, actor });
        if (result === "required") return data({ ok: false as const, intent: "turn-off", notice: { title: "Two-factor sign-in stays on", description: "Your account must sign in with a second factor." } }, { status: 409 });
        if (result === "wrong password") return data({ ok: false as const, intent: "turn-off", fieldErrors: { password: "That password is not right." } }, { status: 400 });
        const headers = new Headers();
        for (const cookie of result.cookies) headers.append("Set-Cookie", cookie);
        return redirect("/account?off=1", { headers });
      },
    },
  });
}

type Answer =
  | { ok: true; intent: string; message?: string; backupCodes?: string[] }
  | { ok: false; intent?: string; fieldErrors?: Record<string, string>; notice?: { title: string; description: string } }
  | undefined;

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "America/New_York" });

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { sessions, twoFactor, required, home, email } = loaderData;
  const answer = actionData as Answer;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const errorsFor = (intent: string) => (answer && !answer.ok && answer.intent === intent ? (answer.fieldErrors ?? {}) : {});
  const noticeFor = (intent: string) =>
    answer && answer.intent === intent
      ? answer.ok
        ? answer.message
          ? { title: "Done", description: answer.message, variant: "success" as const }
          : null
        : answer.notice
          ? { ...answer.notice, variant: "error" as const }
          : null
      : null;
  const others = sessions.filter((s) => !s.current);
  const backupCodes = answer?.ok && answer.intent === "backup-codes" ? answer.backupCodes : undefined;
  const [added, setAdded] = React.useState<string | null>(null);
  const revalidator = useRevalidator();

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-10 sm:px-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-navy">Your sessions and security</h1>
        <p className="mt-2 text-muted-foreground">
          Signed in as {email}.{" "}
          <a href={home} className="font-semibold text-primary underline-offset-4 hover:underline">
            Back to {home === "/admin" ? "the console" : "the portal"}
          </a>
        </p>
      </div>

      <section aria-labelledby="two-factor-heading" className="flex flex-col gap-4 rounded-lg border bg-card p-5">
        <h2 id="two-factor-heading" className="flex items-center gap-2 text-xl font-semibold text-navy">
          <ShieldCheck aria-hidden className="size-5 text-primary" /> Authenticator app
        </h2>
        {twoFactor ? (
          <p>
            <strong>On.</strong> Every password sign-in asks for a code from your authenticator app, or one of your backup codes.
            {required === "role" ? " Staff accounts must keep it on." : required === "practice" ? " Your practice requires it." : ""}
          </p>
        ) : (
          <>
            {loaderData.passkeys.length > 0 ? (
              <p>
                <strong>Not set up.</strong> Your passkey is your second factor. An app, with its backup codes, is a second way in when that device is not at hand.
              </p>
            ) : (
              <p>
                <strong>Off.</strong> A second factor keeps your account closed to someone who learns your password.
              </p>
            )}
            <a href={ENROL_PATH} className={buttonVariants({ className: "self-start" })}>
              {loaderData.passkeys.length > 0 ? "Set up an authenticator app" : "Turn on two-factor sign-in"}
            </a>
          </>
        )}
        {twoFactor ? (
          <div className="grid gap-6 md:grid-cols-2">
            <Form method="post" className="flex flex-col gap-3">
              <h3 className="font-semibold">New backup codes</h3>
              <FormNotice notice={noticeFor("backup-codes")} />
              <input type="hidden" name="intent" value="backup-codes" />
              <Field label="Your password" name="password" required error={errorsFor("backup-codes").password} hint="The old codes stop working.">
                {(control) => <Input {...control} type="password" autoComplete="current-password" />}
              </Field>
              <SubmitButton pending={busy("backup-codes")} pendingText="Making codes..." variant="outline" className="self-start">
                Make new backup codes
              </SubmitButton>
              {backupCodes ? (
                <div className="flex flex-col gap-2">
                  <p className="text-sm font-semibold">Save these now: they are shown once.</p>
                  <ol aria-label="Backup codes" className="grid grid-cols-2 gap-2 rounded-lg border bg-muted p-3 font-mono">
                    {backupCodes.map((code) => (
                      <li key={code} className="text-center">
                        {code}
                      </li>
                    ))}
                  </ol>
                </div>
              ) : null}
            </Form>
            {required ? null : (
              <Form method="post" className="flex flex-col gap-3">
                <h3 className="font-semibold">Turn off</h3>
                <FormNotice notice={noticeFor("turn-off")} />
                <input type="hidden" name="intent" value="turn-off" />
                <Field label="Your password" name="password" required error={errorsFor("turn-off").password} hint="Your other sessions are signed out.">
                  {(control) => <Input {...control} type="password" autoComplete="current-password" />}
                </Field>
                <SubmitButton pending={busy("turn-off")} pendingText="Turning off..." variant="outline" className="self-start">
                  Turn off two-factor sign-in
                </SubmitButton>
              </Form>
            )}
          </div>
        ) : null}
      </section>

      <section aria-labelledby="passkeys-heading" className="flex flex-col gap-4 rounded-lg border bg-card p-5">
        <h2 id="passkeys-heading" className="flex items-center gap-2 text-xl font-semibold text-navy">
          <Fingerprint aria-hidden className="size-5 text-primary" /> Passkeys
        </h2>
        <p className="text-sm text-muted-foreground">
          A passkey signs you in alone: your phone or computer keeps it and asks for your PIN, fingerprint or face each time.
        </p>
        <FormNotice notice={noticeFor("remove-passkey") ?? (added ? { title: "Done", description: added, variant: "success" as const } : null)} />
        {loaderData.passkeys.length > 0 ? (
          <ul className="flex flex-col divide-y rounded-md border">
            {loaderData.passkeys.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                <div>
                  <p className="font-semibold">{p.name}</p>
                  <p className="text-sm text-muted-foreground">
                    {p.createdAt ? `Added ${when.format(new Date(p.createdAt))} ET` : "Added earlier"}
                    {p.synced ? " · synced across your devices" : ""}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove-passkey" />
                  <input type="hidden" name="passkey" value={p.id} />
                  <Button type="submit" variant="outline" size="sm" aria-label={`Remove the passkey ${p.name}`}>
                    Remove
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        ) : null}
        <AddPasskey
          onAdded={(message) => {
            setAdded(message);
            void revalidator.revalidate();
          }}
        />
      </section>

      <section aria-labelledby="sessions-heading" className="flex flex-col gap-4 rounded-lg border bg-card p-5">
        <h2 id="sessions-heading" className="flex items-center gap-2 text-xl font-semibold text-navy">
          <MonitorSmartphone aria-hidden className="size-5 text-primary" /> Where you are signed in
        </h2>
        <FormNotice notice={noticeFor("end-session") ?? noticeFor("end-others")} />
        <ul className="flex flex-col divide-y rounded-md border">
          {sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <div className="min-w-0">
                <p className="font-semibold">
                  {s.device}
                  {s.current ? <span className="ml-2 rounded bg-primary-soft px-2 py-0.5 text-xs font-semibold text-primary">This device</span> : null}
                </p>
                <p className="text-sm text-muted-foreground">
                  {s.address ? `From ${s.address} · ` : ""}Last active {when.format(new Date(s.lastActiveAt))} ET · Signed in {when.format(new Date(s.createdAt))} ET
                </p>
              </div>
              {s.current ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="end-session" />
                  <input type="hidden" name="session" value={s.id} />
                  <Button type="submit" variant="outline" size="sm" aria-label={`Sign out ${s.device}, last active ${when.format(new Date(s.lastActiveAt))}`}>
                    Sign out
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        {others.length > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="end-others" />
            <SubmitButton pending={busy("end-others")} pendingText="Signing out..." variant="outline">
              Sign out all other sessions
            </SubmitButton>
          </Form>
        ) : (
          <p className="text-sm text-muted-foreground">No other session is open.</p>
        )}
      </section>
    </div>
  );
}
