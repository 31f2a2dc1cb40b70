import { KeyRound } from "lucide-react";
import { data } from "react-router";
import type { Route } from "./+types/forgot-password";
import { privateMeta } from "~/lib/meta";
import { AccountCard, AccountFooterLink } from "~/components/account/account-card";
import { Field, FormNotice } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { schemaValidator, useFormSubmission } from "~/components/forms/use-form-submission";
import { Input } from "~/components/ui/input";
import { submittedText, submittedValues, submitToServer, type FormAnswer } from "~/lib/form-result";
import { LIMITS } from "~/lib/schemas/fields";
import { forgotPasswordSchema } from "~/lib/schemas/password";
import { passwordTexts } from "~/lib/schemas/password-fields";
import { afterAnswer } from "~/.server/after-answer";
import { requestPasswordReset, RESET_REQUESTED_TEXT } from "~/.server/accounts";
import { getDb } from "~/.server/db/client";
import { hitRateLimit } from "~/.server/http/rate-limit";
import { clientInfo } from "~/.server/request-context";
import { mailQueued } from "~/.server/runtime";
import { answerForm } from "~/.server/http/form-action";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Reset your password");

/** What the page shows when the request was taken: the same words whether or not the account exists. */
type ForgotAnswer = FormAnswer<{ message: string }>;

export async function action({ request, context }: Route.ActionArgs) {
  const { ip } = clientInfo(context);
  return answerForm(request, {
    keep: ({ email }) => ({ email: email?.slice(0, LIMITS.email) }),
    // The page's own words when the request could not be taken (the database gone, say).
    failure: { notice: passwordTexts.notSent },
    intents: async ({ parse }) => {
      const db = getDb();
      const limit = await hitRateLimit(db, `reset:${ip}`, { limit: 5, windowMs: 60_000 });
      if (!limit.allowed) {
        return data<ForgotAnswer>(
          {
            ok: false,
            notice: { title: "Please wait", description: `Too many requests from your network. Wait ${limit.retryAfterSeconds} seconds and try again.` },
          },
          { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
        );
      }
      const { email } = parse(forgotPasswordSchema);
      // The same answer, at the same moment, whether or not the account exists: the
      // lookup and the mail come after it (see afterAnswer for why not a job table).
      afterAnswer("password reset request", async () => {
        const { mailed } = await requestPasswordReset(db, { email, ip });
        if (mailed) mailQueued();
      });
      return data<ForgotAnswer>({ ok: true, message: RESET_REQUESTED_TEXT });
    },
  });
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return submitToServer(serverAction);
}

const validate = schemaValidator(() => import("~/lib/schemas/password").then((m) => m.forgotPasswordSchema));

/** The words of a taken request, from the latest answer. */
function sentMessage(answer: unknown): string | null {
  if (typeof answer !== "object" || answer === null) return null;
  const { ok, message } = answer as { ok?: unknown; message?: unknown };
  return ok === true && typeof message === "string" ? message : null;
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const form = useFormSubmission({
    validate,
    // The page says it in place (the same words whether or not the account exists).
    success: null,
    failure: passwordTexts.notSent,
    answer: actionData,
  });
  const { errors } = form;
  // With JavaScript the answer is the fetcher's; without, the page's action data.
  const sent = sentMessage(form.fetcher.data ?? actionData);
  const email = submittedText(submittedValues(actionData), "email");

  return (
    <AccountCard
      icon={KeyRound}
      title="Reset your password"
      description="Enter the email of your portal account. We'll send you a link to choose a new password."
    >
      {sent ? <FormNotice notice={{ ...passwordTexts.sent, description: sent, variant: "success" }} /> : null}
      <form.fetcher.Form {...form.formProps} className="flex flex-col gap-5">
        <FormNotice notice={form.notice} />
        <Field label="Email" name="email" required error={errors.email}>
          {(control) => <Input {...control} type="email" autoComplete="email" maxLength={LIMITS.email} defaultValue={email} />}
        </Field>
        <SubmitButton pending={form.pending} pendingText="Sending..." size="lg" className="w-full">
          Send reset link
        </SubmitButton>
      </form.fetcher.Form>
      <AccountFooterLink to="/auth" lead="Remembered it?">
        Back to sign in
      </AccountFooterLink>
    </AccountCard>
  );
}
