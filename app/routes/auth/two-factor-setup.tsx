import { KeyRound, ShieldCheck } from "lucide-react";
import QRCode from "qrcode";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/two-factor-setup";
import { AccountCard } from "~/components/account/account-card";
import { AddPasskey } from "~/components/account/passkey-buttons";
import { Field, FormNotice } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { privateMeta } from "~/lib/meta";
import { safeRedirectPath } from "~/lib/safe-path";
import { appCodeSchema, confirmPasswordSchema } from "~/lib/schemas/two-factor";
import { ACCOUNT_PATH } from "~/lib/two-factor";
import { confirmApp, getUser, homeOf, pendingApp, secondFactorRequired, signInPathFor, startAppWithPassword } from "~/.server/accounts";
import { getDb } from "~/.server/db/client";
import { answerForm } from "~/.server/http/form-action";
import { clientInfo } from "~/.server/request-context";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Set up two-factor sign-in");

export function headers() {
  return { "Cache-Control": "no-store" };
}

/** Where the set-up leads once done: the page asked for at sign-in, or the person's home. */
function nextOf(request: Request, home: string): string {
  return safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), home);
}

/**
 * Setting up the authenticator app. Staff and admins (and members of a
 * practice that requires it) are sent here after signing in, and nothing
 * else opens until it is done; anyone else comes from their security page.
 * The secret was made at sign-in (or when the person confirmed their
 * password here): the page shows it as a QR code, as an otpauth:// link and
 * as a key to type, and asks for one code to prove the app has it.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  if (!user) throw redirect(signInPathFor(request));
  const next = nextOf(request, homeOf(user));
  const db = getDb();
  const required = await secondFactorRequired(db, user);
  if (user.twoFactor) return { state: "on" as const, next, required };
  const app = await pendingApp(db, user);
  if (!app) return { state: "password" as const, next, required };
  const qr = await QRCode.toString(app.uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { state: "scan" as const, next, required, uri: app.uri, key: app.key, qr };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await getUser(request);
  if (!user) throw redirect(signInPathFor(request));
  return answerForm(request, {
    read: { maxBytes: 4096 },
    keep: () => ({}),
    intents: {
      start: async ({ parse }) => {
        const { password } = parse(confirmPasswordSchema);
        if (user.twoFactor) return redirect(ACCOUNT_PATH);
        if (!(await startAppWithPassword(request, password))) return data({ ok: false as const, fieldErrors: { password: "That password is not right." } }, { status: 400 });
        return redirect(new URL(request.url).pathname + new URL(request.url).search, 303);
      },
      verify: async ({ parse }) => {
        const { code } = parse(appCodeSchema);
        const confirmed = await confirmApp(getDb(), request, { user, code, actor: { email: user.email, ip: clientInfo(context).ip } });
        if (!confirmed) return data({ ok: false as const, fieldErrors: { code: "That code is not right. Type the code your app shows now." } }, { status: 400 });
        // The new session's cookie, on the answer itself, so it wins over the old one's renewal.
        const headers = new Headers();
        for (const cookie of confirmed.cookies) headers.append("Set-Cookie", cookie);
        return data({ ok: true as const, backupCodes: confirmed.backupCodes, next: nextOf(request, homeOf(user)) }, { headers });
      },
    },
  });
}

type Answer = { ok: false; fieldErrors?: Record<string, string> } | { ok: true; backupCodes: string[]; next: string } | undefined;

export default function TwoFactorSetUp({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as Answer;
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const errors = answer && !answer.ok ? (answer.fieldErrors ?? {}) : {};

  if (answer?.ok) {
    return (
      <AccountCard icon={ShieldCheck} title="Save your backup codes" description="Two-factor sign-in is on.">
        <FormNotice
          notice={{
            title: "Shown once",
            description:
              "If your phone is lost, each of these codes signs you in once instead of the app. Print them or keep them in a password manager: this page will not show them again.",
          }}
        />
        <ol aria-label="Backup codes" className="grid grid-cols-2 gap-2 rounded-lg border bg-muted p-4 font-mono text-base">
          {answer.backupCodes.map((code) => (
            <li key={code} className="text-center">
              {code}
            </li>
          ))}
        </ol>
        <a href={answer.next} className={buttonVariants({ size: "lg", className: "w-full" })}>
          I have saved them: continue
        </a>
      </AccountCard>
    );
  }

  if (loaderData.state === "on") {
    return (
      <AccountCard icon={ShieldCheck} title="Two-factor sign-in is on" description="Every password sign-in asks for a code from your authenticator app.">
        <a href={loaderData.next} className={buttonVariants({ size: "lg", className: "w-full" })}>
          Continue
        </a>
        <p className="text-center text-sm">
          <a href={ACCOUNT_PATH} className="font-semibold text-primary underline-offset-4 hover:underline">
            Your sessions and security
          </a>
        </p>
      </AccountCard>
    );
  }

  const why =
    loaderData.required === "role"
      ? "Staff accounts open every practice's records, so they sign in with a password and a code from an authenticator app."
      : loaderData.required === "practice"
        ? "Your practice asks everyone to sign in with a password and a code from an authenticator app."
        : "Sign in with your password and a code from an authenticator app.";

  if (loaderData.state === "password") {
    return (
      <AccountCard icon={KeyRound} title="Set up two-factor sign-in" description={why}>
        <Form method="post" className="flex flex-col gap-5">
          <input type="hidden" name="intent" value="start" />
          <Field label="Your password" name="password" required error={errors.password} hint="To confirm it is you before the set-up starts.">
            {(control) => <Input {...control} type="password" autoComplete="current-password" />}
          </Field>
          <SubmitButton pending={pending} pendingText="Starting..." size="lg" className="w-full">
            Start set-up
          </SubmitButton>
        </Form>
        <PasskeyInstead next={loaderData.next} />
        <SignOutLink />
      </AccountCard>
    );
  }

  return (
    <AccountCard icon={KeyRound} title="Set up two-factor sign-in" description={why}>
      <ol className="flex list-decimal flex-col gap-4 pl-5 text-sm">
        <li>
          Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy…) and scan this code.
          <div
            role="img"
            aria-label="QR code of your authenticator key"
            className="mx-auto mt-3 w-48 rounded-md border bg-white p-2 [&>svg]:h-auto [&>svg]:w-full"
            // The SVG is made on the server by the qrcode library from our own otpauth link.
            dangerouslySetInnerHTML={{ __html: loaderData.qr }}
          />
        </li>
        <li>
          Or, on this phone, <a href={loaderData.uri} className="font-semibold text-primary underline-offset-4 hover:underline">open the key in your authenticator app</a>, or type this key:
          <p className="mt-2 rounded-md border bg-muted px-3 py-2 text-center font-mono text-base tracking-wider" data-testid="totp-key">
            {loaderData.key}
          </p>
        </li>
        <li>Type the 6-digit code the app shows for the Clinical Portal.</li>
      </ol>
      <Form method="post" className="flex flex-col gap-5">
        <input type="hidden" name="intent" value="verify" />
        <Field label="Authentication code" name="code" required error={errors.code}>
          {(control) => <Input {...control} inputMode="numeric" autoComplete="one-time-code" maxLength={9} />}
        </Field>
        <SubmitButton pending={pending} pendingText="Checking..." size="lg" className="w-full">
          Turn on two-factor sign-in
        </SubmitButton>
      </Form>
      <PasskeyInstead next={loaderData.next} />
      <SignOutLink />
    </AccountCard>
  );
}

/** A passkey in place of the app: it signs in alone, unlocked by the device's PIN, fingerprint or face. */
function PasskeyInstead({ next }: { next: string }) {
  return (
    <section aria-labelledby="passkey-instead" className="flex flex-col gap-3 border-t pt-5">
      <h2 id="passkey-instead" className="font-semibold">
        Or use a passkey instead
      </h2>
      <p className="text-sm text-muted-foreground">Your phone or computer keeps it and asks for your PIN, fingerprint or face each time you sign in.</p>
      <AddPasskey onAdded={() => window.location.assign(next)} />
    </section>
  );
}

/** The way out while nothing else opens. */
function SignOutLink() {
  return (
    <Form method="post" action="/sign-out" className="text-center text-sm">
      <button type="submit" className="font-semibold text-primary underline-offset-4 hover:underline">
        Sign out
      </button>
    </Form>
  );
}
