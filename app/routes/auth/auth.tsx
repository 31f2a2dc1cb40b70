import { LockKeyhole, Mail } from "lucide-react";
import * as React from "react";
import { Link, redirect, useFetcher, useRevalidator } from "react-router";
import type { Route } from "./+types/auth";
import { AccountCard } from "~/components/account/account-card";
import { PasskeySignIn } from "~/components/account/passkey-buttons";
import { Field, FormNotice, type Notice } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { schemaValidator, useFormSubmission } from "~/components/forms/use-form-submission";
import { Input } from "~/components/ui/input";
import { formToasts } from "~/content/forms";
import { MAX_PASSWORD } from "~/lib/accounts";
import { submittedText, submittedValues, submitToServer } from "~/lib/form-result";
import { pageMeta } from "~/lib/meta";
import { LIMITS } from "~/lib/schemas/fields";
import { signInLinkSchema, signInSchema } from "~/lib/schemas/sign-in";
import { SIGN_IN_LINK_MINUTES } from "~/lib/sign-in-link";
import { SIGNED_IN_KEY } from "~/components/portal/signed-in-signal";
import { getUser, landingOf, requestSignInLink, signIn } from "~/.server/accounts";
import { safeRedirectPath } from "~/lib/safe-path";
import { answerForm } from "~/.server/http/form-action";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Members Sign In",
    "Sign in to the Members Portal to track orders, submit insurance verification requests, place orders and pay invoices.",
  );

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const redirectTo = params.get("redirectTo");
  // Already signed in: straight to the page asked for, or the portal, before the page renders.
  const user = await getUser(request);
  if (user) throw redirect(landingOf(user, redirectTo));
  const target = redirectTo ? safeRedirectPath(redirectTo, "") || null : null;
  // Sent here by a form posted after its session ended: what it held is kept for after sign-in.
  return { passwordSet: params.get("password") === "set", redirectTo: target, kept: Boolean(target) && params.get("kept") === "1" };
}

/** The `intent` of the page's second form, offered when an account's password sign-in is paused. */
const SIGN_IN_LINK_INTENT = "sign-in-link";

export async function action({ request, context }: Route.ActionArgs) {
  return answerForm(request, {
    read: { maxBytes: 16 * 1024 },
    // The password is never sent back: only the email refills the form.
    keep: ({ email }) => (email === undefined ? {} : { email }),
    intents: {
      // Sign In: the form's button names no intent.
      "": ({ values, parse }) => {
        const { email, password } = parse(signInSchema);
        return signIn(request, context, email, password, typeof values.redirectTo === "string" ? values.redirectTo : null);
      },
      [SIGN_IN_LINK_INTENT]: ({ parse }) => requestSignInLink(context, parse(signInLinkSchema).email),
    },
  });
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return submitToServer(serverAction);
}

const validate = schemaValidator(() => import("~/lib/schemas/sign-in").then((m) => m.signInSchema));

/** A session that appears in another tab (or while this one was hidden) takes this tab to the portal too. */
function useFollowSignIn() {
  const revalidator = useRevalidator();
  React.useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === SIGNED_IN_KEY) void revalidator.revalidate();
    };
    const onVisible = () => {
      if (document.visibilityState === "visible") void revalidator.revalidate();
    };
    window.addEventListener("storage", onStorage);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.removeEventListener("storage", onStorage);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [revalidator]);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** The account a sign-in answer offers to mail a sign-in link to (its password sign-in is paused). */
function linkOfferOf(answer: unknown): string | null {
  if (!isRecord(answer) || !isRecord(answer.linkOffer)) return null;
  return typeof answer.linkOffer.email === "string" ? answer.linkOffer.email : null;
}

/** The page's action data when it answers a request for a link (a post without JavaScript). */
function linkAnswerOf(answer: unknown): unknown {
  return isRecord(answer) && answer.linkRequest === true ? answer : undefined;
}

/** What the request for a link came back with, as a notice; null before there is one. */
function linkResultOf(answer: unknown): Notice | null {
  if (!isRecord(answer)) return null;
  const notice = isRecord(answer.notice) ? answer.notice : null;
  const text = notice && typeof notice.title === "string" && typeof notice.description === "string" ? notice : null;
  const variant = answer.ok === true ? "success" : "error";
  if (text) return { title: String(text.title), description: String(text.description), variant };
  return answer.ok === true ? null : formToasts.signIn.failure;
}

/**
 * The way in for an owner whose password sign-in is paused by wrong guesses: a
 * second form that mails a one-use link. A plain form too, so it works without
 * JavaScript; its answer then arrives as the page's action data.
 */
function SignInLinkOffer({ email, answer }: { email: string | null; answer: unknown }) {
  const fetcher = useFetcher<unknown>();
  const result = linkResultOf(fetcher.data ?? answer);
  if (result?.variant === "success") return <FormNotice notice={result} />;
  // Without JavaScript a refused request shows in the sign-in form's own notice.
  if (!email) return null;
  return (
    <section aria-labelledby="sign-in-link-title" className="flex flex-col gap-4 rounded-lg border border-primary/30 bg-primary-soft p-4 text-sm">
      <div className="flex items-start gap-3">
        <Mail aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
        <div className="min-w-0">
          <h2 id="sign-in-link-title" className="font-semibold text-foreground">
            Sign in with an emailed link
          </h2>
          <p className="mt-1 text-foreground">
            We can send <span className="font-semibold break-words">{email}</span> a link that signs in once, within {SIGN_IN_LINK_MINUTES} minutes.
          </p>
        </div>
      </div>
      {result ? <FormNotice notice={result} /> : null}
      <fetcher.Form method="post" action="/auth">
        <input type="hidden" name="intent" value={SIGN_IN_LINK_INTENT} />
        <input type="hidden" name="email" value={email} />
        <SubmitButton pending={fetcher.state !== "idle"} pendingText="Sending..." variant="outline" className="w-full">
          Email me a sign-in link
        </SubmitButton>
      </fetcher.Form>
    </section>
  );
}

/** A refused sign-in's message (wrong password, paused, an error), to show beside the form as well as in the toast. */
function refusalOf(answer: unknown): Notice | null {
  if (!isRecord(answer) || answer.ok !== false || !isRecord(answer.notice)) return null;
  const { title, description } = answer.notice;
  return typeof title === "string" && typeof description === "string" ? { title, description, variant: "error" } : null;
}

export default function AuthPage({ actionData, loaderData }: Route.ComponentProps) {
  useFollowSignIn();
  // A refusal answered to the fetcher: shown beside the form until the next try.
  const [refusal, setRefusal] = React.useState<Notice | null>(null);
  const form = useFormSubmission({
    validate,
    // A successful sign-in will redirect to /members; there is nothing to toast.
    success: null,
    failure: formToasts.signIn.failure,
    answer: actionData,
    onAnswer: (answer) => {
      const notice = refusalOf(answer);
      setRefusal(notice);
      if (!notice) return;
      // The password is never kept after a refusal: typed again, from an empty field.
      const password = form.formProps.ref.current?.elements.namedItem("password");
      if (password instanceof HTMLInputElement) {
        password.value = "";
        password.focus();
      }
    },
  });
  const { errors } = form;
  const notice = form.notice ?? refusal;
  const formProps = {
    ...form.formProps,
    onSubmit: (event: React.FormEvent<HTMLFormElement>) => {
      setRefusal(null);
      return form.formProps.onSubmit(event);
    },
  };
  const email = submittedText(submittedValues(actionData), "email");
  // With JavaScript the sign-in answer is the fetcher's; without, the page's action data.
  const linkOffer = linkOfferOf(form.fetcher.data ?? actionData);

  return (
    <AccountCard icon={LockKeyhole} title="Members Portal" description="Sign in to track orders, submit IVRs and manage invoices.">
      <form.fetcher.Form action="/auth" {...formProps} className="flex flex-col gap-5">
        <FormNotice notice={notice} />
        {loaderData.redirectTo ? <input type="hidden" name="redirectTo" value={loaderData.redirectTo} /> : null}
        {loaderData.redirectTo && !notice ? (
          <p role="status" className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
            {loaderData.kept
              ? "Your session ended before the form was sent, so nothing was saved yet. Sign in to go back to it: what you typed is kept for you."
              : "Sign in to continue to the page you opened."}
          </p>
        ) : null}
        {loaderData.passwordSet && !notice ? (
          <p role="status" className="rounded-md bg-primary-soft px-3 py-2 text-sm text-primary">
            Your password is set. Sign in with it.
          </p>
        ) : null}
        <Field label="Email" name="email" required error={errors.email}>
          {(control) => (
            <Input {...control} type="email" autoComplete="email" maxLength={LIMITS.email} defaultValue={email} />
          )}
        </Field>
        <Field label="Password" name="password" required error={errors.password}>
          {(control) => <Input {...control} type="password" autoComplete="current-password" maxLength={MAX_PASSWORD} />}
        </Field>
        <SubmitButton pending={form.pending} pendingText="Signing in..." size="lg" className="w-full">
          Sign In
        </SubmitButton>
      </form.fetcher.Form>
      <PasskeySignIn redirectTo={loaderData.redirectTo} />
      <SignInLinkOffer email={linkOffer} answer={linkAnswerOf(actionData)} />
      <p className="text-center text-sm">
        <Link to="/forgot-password" className="font-semibold text-primary underline-offset-4 hover:underline">
          Forgot password?
        </Link>
      </p>
      <p className="text-center text-sm text-muted-foreground">
        Need access?{" "}
        <Link to="/#contact" className="font-semibold text-primary underline-offset-4 hover:underline">
          Contact us
        </Link>
      </p>
    </AccountCard>
  );
}
