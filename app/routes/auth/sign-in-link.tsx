import { LinkIcon, LogIn } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/sign-in-link";
import { privateMeta } from "~/lib/meta";
import { AccountCard, AccountFooterLink } from "~/components/account/account-card";
import { FormNotice } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { buttonVariants } from "~/components/ui/button";
import { SIGN_IN_LINK_MINUTES } from "~/lib/sign-in-link";
import { getUser, homeOf, signInWithLink } from "~/.server/accounts";
import { answerForm } from "~/.server/http/form-action";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...privateMeta(matches, "Sign in with your link"),
  // The address holds the token: send only the origin, never the path, to any site. ("no-referrer"
  // would also blank the Origin of the form's own POST, which the server then refuses as cross-origin.)
  { name: "referrer", content: "origin" },
];

export function headers() {
  return { "Referrer-Policy": "origin", "Cache-Control": "no-store" };
}

/** Better Auth's tokens are 32 letters; anything far from that is not one. */
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

type LinkState = { valid: true; token: string } | { valid: false };

/**
 * Only shows the button. Mail scanners fetch links before people click them:
 * a GET that used the token would sign the scanner in and leave the owner a
 * dead link. The token is used by the POST.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request).catch(() => null);
  if (user) throw redirect(homeOf(user));
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!TOKEN.test(token)) return data<LinkState>({ valid: false }, { status: 400 });
  return data<LinkState>({ valid: true, token });
}

type Answer = { ok: false; expired: true } | { ok: false; unavailable: true } | { ok: false; secondFactor: true };

export async function action({ request, context }: Route.ActionArgs) {
  return answerForm(request, {
    read: { maxBytes: 1024 },
    // The token is the page's own, from the address: nothing typed comes back.
    keep: () => ({}),
    // The page's own words when it could not sign in just now (the database gone, say).
    failure: { unavailable: true },
    intents: async ({ values }) => {
      const token = values.token ?? "";
      if (!TOKEN.test(token)) return data<Answer>({ ok: false, expired: true }, { status: 400 });
      const answer = await signInWithLink(request, context, token);
      if (answer === "second factor") return data<Answer>({ ok: false, secondFactor: true }, { status: 403 });
      return answer ?? data<Answer>({ ok: false, expired: true }, { status: 410 });
    },
  });
}

export default function SignInLink({ loaderData, actionData }: Route.ComponentProps) {
  const link = loaderData as LinkState;
  const answer = actionData as Answer | undefined;
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST";

  if (!link.valid || (answer && "expired" in answer)) {
    return (
      <AccountCard
        icon={LinkIcon}
        title="This link is no longer valid"
        description={`Sign-in links work once and expire ${SIGN_IN_LINK_MINUTES} minutes after they are sent.`}
      >
        <a href="/auth" className={buttonVariants({ size: "lg", className: "w-full" })}>
          Back to sign in
        </a>
      </AccountCard>
    );
  }

  if (answer && "secondFactor" in answer) {
    return (
      <AccountCard
        icon={LinkIcon}
        title="Sign in with your password and code"
        description="Your account uses two-factor sign-in, which a link cannot replace. Sign in with your password, then the code from your authenticator app or a backup code."
      >
        <a href="/auth" className={buttonVariants({ size: "lg", className: "w-full" })}>
          Back to sign in
        </a>
      </AccountCard>
    );
  }

  return (
    <AccountCard icon={LogIn} title="Sign in to the Members Portal" description="This link signs you in once.">
      {answer && "unavailable" in answer ? (
        <FormNotice
          notice={{ title: "Not signed in", description: "We could not sign you in just now. Please try again in a moment.", variant: "error" }}
        />
      ) : null}
      <Form method="post" className="flex flex-col gap-5">
        <input type="hidden" name="token" value={link.token} />
        <SubmitButton pending={pending} pendingText="Signing in..." size="lg" className="w-full">
          Sign in
        </SubmitButton>
      </Form>
      <AccountFooterLink to="/auth" lead="Have your password?">
        Sign in with it
      </AccountFooterLink>
    </AccountCard>
  );
}
