import { KeyRound, LinkIcon } from "lucide-react";
import { data, redirect } from "react-router";
import type { Route } from "./+types/set-password";
import { privateMeta } from "~/lib/meta";
import { AccountCard, AccountFooterLink } from "~/components/account/account-card";
import { Field, FormNotice } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { schemaValidator, useFormSubmission } from "~/components/forms/use-form-submission";
import { buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { MAX_PASSWORD, MIN_PASSWORD } from "~/lib/accounts";
import { submitToServer, type FormAnswer } from "~/lib/form-result";
import { setPasswordSchema } from "~/lib/schemas/password";
import { expiredLinkNotice, PASSWORD_TOKEN, passwordTexts } from "~/lib/schemas/password-fields";
import { completePasswordLink, readPasswordLink } from "~/.server/accounts";
import { getDb } from "~/.server/db/client";
import { clientInfo } from "~/.server/request-context";
import { answerForm } from "~/.server/http/form-action";

function titleOf(link: LinkState | undefined): string {
  if (!link?.valid) return "Link no longer valid";
  return link.purpose === "invite" ? "Choose your password" : "Set a new password";
}

export const meta: Route.MetaFunction = ({ data, matches }) => [
  ...privateMeta(matches, titleOf(data as LinkState | undefined)),
  // The address holds the token: send only the origin, never the path, to any site. ("no-referrer"
  // would also blank the Origin of the form's own POST, which the server then refuses as cross-origin.)
  { name: "referrer", content: "origin" },
];

export function headers() {
  return { "Referrer-Policy": "origin", "Cache-Control": "no-store" };
}

type LinkState = { valid: true; purpose: "invite" | "reset"; email: string; token: string } | { valid: false };

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!PASSWORD_TOKEN.test(token)) return data<LinkState>({ valid: false }, { status: 400 });
  const link = await readPasswordLink(getDb(), token);
  if (!link) return data<LinkState>({ valid: false }, { status: 410 });
  return data<LinkState>({ valid: true, purpose: link.purpose, email: link.email, token });
}

/** The form's answers, and one more: the link was used, expired, or never was one (the page says so instead of the form). */
type SetPasswordAnswer = FormAnswer | { ok: false; expired: true; notice: typeof expiredLinkNotice };

const expired = (status: 400 | 410) => data<SetPasswordAnswer>({ ok: false, expired: true, notice: expiredLinkNotice }, { status });

export async function action({ request, context }: Route.ActionArgs) {
  return answerForm(request, {
    // Passwords are never sent back, and the token is the page's own: nothing typed comes back.
    keep: () => ({}),
    // The page's own words when the password could not be saved (the database gone, say).
    failure: { notice: passwordTexts.notSaved },
    intents: async ({ values, parse }) => {
      // A link that never was one: the page says so instead of the form.
      if (!PASSWORD_TOKEN.test(values.token ?? "")) return expired(400);
      const { token, password } = parse(setPasswordSchema, { toast: passwordTexts.checkPassword });
      if (!(await completePasswordLink(getDb(), { token, password, ip: clientInfo(context).ip }))) return expired(410);
      return redirect("/auth?password=set", 303);
    },
  });
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return submitToServer(serverAction);
}

const validate = schemaValidator(() => import("~/lib/schemas/password").then((m) => m.setPasswordSchema));

function isExpired(answer: unknown): boolean {
  return typeof answer === "object" && answer !== null && (answer as { expired?: unknown }).expired === true;
}

export default function SetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const link = loaderData as LinkState;
  const form = useFormSubmission({
    validate,
    // Success redirects to sign-in, which says the password is set.
    success: null,
    failure: passwordTexts.notSaved,
    answer: actionData,
  });
  const { errors } = form;

  // With JavaScript the answer is the fetcher's; without, the page's action data.
  if (!link.valid || isExpired(form.fetcher.data ?? actionData)) {
    return (
      <AccountCard icon={LinkIcon} title={expiredLinkNotice.title} description={expiredLinkNotice.description}>
        <a href="/forgot-password" className={buttonVariants({ size: "lg", className: "w-full" })}>
          Request a new link
        </a>
        <AccountFooterLink to="/auth" lead="Already set your password?">
          Sign in
        </AccountFooterLink>
      </AccountCard>
    );
  }

  const invite = link.purpose === "invite";
  return (
    <AccountCard
      icon={KeyRound}
      title={invite ? "Choose your password" : "Set a new password"}
      description={
        <>
          For <span className="font-semibold break-all text-foreground">{link.email}</span>
        </>
      }
    >
      <form.fetcher.Form {...form.formProps} className="flex flex-col gap-5">
        <FormNotice notice={form.notice} />
        <input type="hidden" name="token" value={link.token} />
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={link.email} readOnly hidden />
        <Field
          label="New password"
          name="password"
          required
          error={errors.password}
          hint={`At least ${MIN_PASSWORD} characters. A few unrelated words make a strong one.`}
        >
          {(control) => (
            <Input {...control} type="password" autoComplete="new-password" minLength={MIN_PASSWORD} maxLength={MAX_PASSWORD} />
          )}
        </Field>
        <Field label="Confirm password" name="confirm" required error={errors.confirm}>
          {(control) => (
            <Input {...control} type="password" autoComplete="new-password" minLength={MIN_PASSWORD} maxLength={MAX_PASSWORD} />
          )}
        </Field>
        <SubmitButton pending={form.pending} pendingText="Saving..." size="lg" className="w-full">
          {invite ? "Set my password" : "Save new password"}
        </SubmitButton>
      </form.fetcher.Form>
      <AccountFooterLink to="/auth">Back to sign in</AccountFooterLink>
    </AccountCard>
  );
}
