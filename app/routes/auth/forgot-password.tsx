import { KeyRound } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/forgot-password";
import { privateMeta } from "~/lib/meta";
import { AccountCard, AccountFooterLink } from "~/components/account/account-card";
import { Field, FormNotice } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { Input } from "~/components/ui/input";
import { email, LIMITS } from "~/lib/schemas/common";
import { afterAnswer } from "~/.server/after-answer";
import { requestPasswordReset, RESET_REQUESTED_TEXT } from "~/.server/accounts";
import { getDb } from "~/.server/db/client";
import { log } from "~/.server/log";
import { hitRateLimit } from "~/.server/http/rate-limit";
import { clientInfo } from "~/.server/request-context";
import { mailQueued } from "~/.server/runtime";
import { MAX_TEXT_FORM_BYTES, readFormOrRefuse } from "~/.server/http/form-body";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Reset your password");

const schema = z.object({ email: email() });

type Answer =
  | { ok: true; message: string }
  | { ok: false; error: string; email?: string; rateLimited?: boolean; unavailable?: boolean };

export async function action({ request, context }: Route.ActionArgs) {
  const { ip } = clientInfo(context);
  let limit: Awaited<ReturnType<typeof hitRateLimit>>;
  try {
    limit = await hitRateLimit(getDb(), `reset:${ip}`, { limit: 5, windowMs: 60_000 });
  } catch (error) {
    // The error (a query, its values, a stack) goes to the log only, never into the answer.
    log.error({ err: error }, "password reset request failed");
    return data<Answer>(
      { ok: false, unavailable: true, error: "We could not take your request just now. Please try again in a moment." },
      { status: 503, headers: { "Retry-After": "30" } },
    );
  }
  if (!limit.allowed) {
    return data<Answer>(
      { ok: false, rateLimited: true, error: `Too many requests from your network. Wait ${limit.retryAfterSeconds} seconds and try again.` },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const form = await readFormOrRefuse(request, { maxBytes: MAX_TEXT_FORM_BYTES });
  const raw = form.get("email");
  const parsed = schema.safeParse({ email: typeof raw === "string" ? raw : undefined });
  if (!parsed.success) {
    return data<Answer>(
      { ok: false, error: parsed.error.issues[0]?.message ?? "Enter a valid email address", email: typeof raw === "string" ? raw.slice(0, LIMITS.email) : undefined },
      { status: 400 },
    );
  }
  // The same answer, at the same moment, whether or not the account exists: the
  // lookup and the mail come after it (see afterAnswer for why not a job table).
  const db = getDb();
  const email = parsed.data.email;
  afterAnswer("password reset request", async () => {
    const { mailed } = await requestPasswordReset(db, { email, ip });
    if (mailed) mailQueued();
  });
  return data<Answer>({ ok: true, message: RESET_REQUESTED_TEXT });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const answer = actionData as Answer | undefined;
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const fieldError = answer && !answer.ok && !answer.rateLimited && !answer.unavailable ? answer.error : undefined;

  return (
    <AccountCard
      icon={KeyRound}
      title="Reset your password"
      description="Enter the email of your portal account. We'll send you a link to choose a new password."
    >
      {answer?.ok ? <FormNotice notice={{ title: "Check your email", description: answer.message, variant: "success" }} /> : null}
      {answer && !answer.ok && (answer.rateLimited || answer.unavailable) ? (
        <FormNotice notice={{ title: answer.unavailable ? "Not sent" : "Please wait", description: answer.error, variant: "error" }} />
      ) : null}
      <Form method="post" key={answer?.ok ? "sent" : "form"} className="flex flex-col gap-5">
        <Field label="Email" name="email" required error={fieldError}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              maxLength={LIMITS.email}
              defaultValue={answer && !answer.ok ? answer.email : undefined}
            />
          )}
        </Field>
        <SubmitButton pending={pending} pendingText="Sending..." size="lg" className="w-full">
          Send reset link
        </SubmitButton>
      </Form>
      <AccountFooterLink to="/auth" lead="Remembered it?">
        Back to sign in
      </AccountFooterLink>
    </AccountCard>
  );
}
