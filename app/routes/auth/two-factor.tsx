import { ShieldCheck } from "lucide-react";
import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/two-factor";
import { AccountCard, AccountFooterLink } from "~/components/account/account-card";
import { Field, FormNotice, type Notice } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { privateMeta } from "~/lib/meta";
import { appCodeSchema, backupCodeSchema } from "~/lib/schemas/two-factor";
import { SECOND_STEP_PATH } from "~/lib/two-factor";
import { getUser, homeOf, pendingSignIn, signInSecondStep } from "~/.server/accounts";
import { answerForm } from "~/.server/http/form-action";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Two-factor sign-in");

export function headers() {
  return { "Cache-Control": "no-store" };
}

/** The sign-in's second step: open only between a right password and the code. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  if (user) throw redirect(homeOf(user));
  if (!(await pendingSignIn(request))) throw redirect("/auth");
  return { backup: new URL(request.url).searchParams.get("backup") === "1" };
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerForm(request, {
    read: { maxBytes: 2048 },
    // A wrong code is not kept: the person types the next one.
    keep: () => ({}),
    intents: {
      app: ({ parse }) => signInSecondStep(request, context, { kind: "app", code: parse(appCodeSchema).code }),
      backup: ({ parse }) => signInSecondStep(request, context, { kind: "backup", code: parse(backupCodeSchema).code }),
    },
  });
}

type Answer = { ok: false; fieldErrors?: Record<string, string>; notice?: Notice; expired?: boolean } | undefined;

export default function TwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const { backup } = loaderData;
  const answer = actionData as Answer;
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const notice = answer?.notice ? { ...answer.notice, variant: "error" as const } : null;

  if (answer?.expired) {
    return (
      <AccountCard icon={ShieldCheck} title="Sign in again" description={answer.notice?.description}>
        <a href="/auth" className={buttonVariants({ size: "lg", className: "w-full" })}>
          Back to sign in
        </a>
      </AccountCard>
    );
  }

  return (
    <AccountCard
      icon={ShieldCheck}
      title="Two-factor sign-in"
      description={
        backup
          ? "Enter one of the backup codes you saved when you set up two-factor sign-in. Each code works once."
          : "Enter the 6-digit code your authenticator app shows for the Clinical Portal."
      }
    >
      <Form method="post" replace className="flex flex-col gap-5" key={backup ? "backup" : "app"}>
        <FormNotice notice={notice} />
        <input type="hidden" name="intent" value={backup ? "backup" : "app"} />
        {backup ? (
          <Field label="Backup code" name="code" required error={answer?.fieldErrors?.code}>
            {(control) => <Input {...control} autoComplete="off" autoCapitalize="none" spellCheck={false} maxLength={20} />}
          </Field>
        ) : (
          <Field label="Authentication code" name="code" required error={answer?.fieldErrors?.code}>
            {(control) => <Input {...control} inputMode="numeric" autoComplete="one-time-code" maxLength={9} />}
          </Field>
        )}
        <SubmitButton pending={pending} pendingText="Checking..." size="lg" className="w-full">
          Verify
        </SubmitButton>
      </Form>
      <p className="text-center text-sm">
        <a href={backup ? SECOND_STEP_PATH : `${SECOND_STEP_PATH}?backup=1`} className="font-semibold text-primary underline-offset-4 hover:underline">
          {backup ? "Use your authenticator app" : "Use a backup code"}
        </a>
      </p>
      <AccountFooterLink to="/auth" lead="Not you?">
        Back to sign in
      </AccountFooterLink>
    </AccountCard>
  );
}
