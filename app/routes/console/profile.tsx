import { UserRound } from "lucide-react";
import type { Route } from "./+types/profile";
import { AnswerNotice, Field } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { schemaValidator, useFormSubmission } from "~/components/forms/use-form-submission";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { TimeZoneExample } from "~/components/ui/date-time";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { TIME_ZONES } from "~/content/time-zones";
import { submittedText, submittedValues } from "~/lib/form-result";
import { privateMeta } from "~/lib/meta";
import { consoleNotSaved } from "~/lib/schemas/console-fields";
import { LIMITS, optionLabel } from "~/lib/schemas/fields";
import { profileSchema } from "~/lib/schemas/profile";
import { getProfile, requireRole, updateProfile } from "~/.server/accounts";
import { getDb } from "~/.server/db/client";
import { redirectWithFlash } from "~/.server/http/flash";
import { answerForm } from "~/.server/http/form-action";
import { notFound } from "~/.server/http/not-found";
import { clientInfo } from "~/.server/request-context";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Your profile | Staff console");

const PAGE = "/admin/profile";

/** A staff member's own profile: their name, the email they sign in with, and the zone they read times in. */
export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireRole(request, "staff");
  const profile = await getProfile(getDb(), me.id);
  if (!profile) notFound();
  return { profile, now: new Date().toISOString() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireRole(request, "staff");
  return answerForm(request, {
    title: "Not saved",
    keep: (values) => ({ name: values.name?.slice(0, LIMITS.name), timeZone: values.timeZone?.slice(0, 64) }),
    intents: async ({ parse }) => {
      const saved = await updateProfile(getDb(), { userId: me.id, actor: { email: me.email, ip: clientInfo(context).ip }, input: parse(profileSchema) });
      if (!saved) notFound();
      return redirectWithFlash(PAGE, {
        title: "Profile saved",
        description: `Times show in ${optionLabel(TIME_ZONES, saved.timeZone) ?? saved.timeZone}.`,
        variant: "success",
      });
    },
  });
}

const validate = schemaValidator(() => import("~/lib/schemas/profile").then((m) => m.profileSchema));

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, now } = loaderData;
  const form = useFormSubmission({ validate, success: null, failure: consoleNotSaved, resetOnSuccess: false, answer: actionData });
  const typed = submittedValues(actionData);
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight text-navy">Your profile</h1>
        <p className="text-muted-foreground">Your name, and the time zone in which the console shows you every time.</p>
        <p>
          <a href="/account" className="font-semibold text-primary underline-offset-4 hover:underline">
            Your sessions and two-factor sign-in
          </a>
        </p>
      </div>
      <AnswerNotice answer={actionData} title="Not saved" />
      <Card>
        <CardHeader>
          <CardTitle as="h2" size="lg" tone="navy" className="flex items-center gap-2">
            <UserRound aria-hidden className="size-5 text-primary" />
            {profile.email}
          </CardTitle>
          <CardDescription>The email you sign in with. An admin can change your role; to use another address, ask an admin for a new account.</CardDescription>
        </CardHeader>
        <CardContent>
          <form.fetcher.Form {...form.formProps} className="flex flex-col gap-4">
            <Field label="Name" name="name" required error={form.errors.name}>
              {(control) => <Input {...control} autoComplete="name" maxLength={LIMITS.name} defaultValue={submittedText(typed, "name") ?? profile.name} />}
            </Field>
            <Field label="Time zone" name="timeZone" required error={form.errors.timeZone} hint={<TimeZoneExample now={now} />}>
              {(control) => <Select {...control} options={TIME_ZONES} defaultValue={submittedText(typed, "timeZone") ?? profile.timeZone} />}
            </Field>
            <SubmitButton pending={form.pending} pendingText="Saving..." className="w-fit">
              Save profile
            </SubmitButton>
          </form.fetcher.Form>
        </CardContent>
      </Card>
    </div>
  );
}
