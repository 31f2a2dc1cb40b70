import { LockKeyhole } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/auth";
import { Field, FormNotice } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { schemaValidator, useFormSubmission } from "~/components/forms/use-form-submission";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { formToasts } from "~/content/forms";
import { invalid, submittedText, submittedValues, submitToServer } from "~/lib/form-result";
import { pageMeta } from "~/lib/meta";
import { formDataToObject, LIMITS, parseWith } from "~/lib/schemas/common";
import { signInSchema } from "~/lib/schemas/sign-in";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Members Sign In",
    "Sign in to the Members Portal to track orders, submit insurance verification requests, place orders and pay invoices.",
  );

export async function action({ request }: Route.ActionArgs) {
  const values = formDataToObject(await request.formData());
  const parsed = parseWith(signInSchema, values);
  // The password is never sent back.
  if (!parsed.success) return invalid(request, parsed.fieldErrors, { values: { email: values.email } });
  // Accounts come with the auth module: this line becomes the sign-in call and a redirect to /members.
  return data({ ok: false, unavailable: true }, { status: 501 });
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return submitToServer(serverAction);
}

const validate = schemaValidator(signInSchema);

export default function AuthPage({ actionData }: Route.ComponentProps) {
  const form = useFormSubmission({
    validate,
    // A successful sign-in will redirect to /members; there is nothing to toast.
    success: null,
    failure: formToasts.signIn.failure,
    answer: actionData,
  });
  const { errors } = form;
  const email = submittedText(submittedValues(actionData), "email");

  return (
    <div className="flex min-h-[calc(100dvh-4rem)] items-center justify-center bg-muted px-4 py-16 sm:px-6">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
            <LockKeyhole aria-hidden className="size-6" />
          </span>
          <h1 className="text-2xl font-bold tracking-tight text-navy">Members Portal</h1>
          <CardDescription>Sign in to track orders, submit IVRs and manage invoices.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <form.fetcher.Form action="/auth" {...form.formProps} className="flex flex-col gap-5">
            <FormNotice notice={form.notice} />
            <Field label="Email" name="email" required error={errors.email}>
              {(control) => (
                <Input {...control} type="email" autoComplete="email" maxLength={LIMITS.email} defaultValue={email} />
              )}
            </Field>
            <Field label="Password" name="password" required error={errors.password}>
              {(control) => <Input {...control} type="password" autoComplete="current-password" maxLength={LIMITS.short} />}
            </Field>
            <SubmitButton pending={form.pending} pendingText="Signing in..." size="lg" className="w-full">
              Sign In
            </SubmitButton>
          </form.fetcher.Form>
          <p className="text-center text-sm text-muted-foreground">
            Need access?{" "}
            <Link to="/#contact" className="font-semibold text-primary underline-offset-4 hover:underline">
              Contact us
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
