import { Building2 } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/practices";
import { privateMeta } from "~/lib/meta";
import { DataTable, EmptyRow, Td, HeadRow } from "~/components/admin/data-table";
import { AnswerNotice, Field } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { schemaValidator, useFormSubmission } from "~/components/forms/use-form-submission";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { submittedText, submittedValues } from "~/lib/form-result";
import { consoleNotSaved } from "~/lib/schemas/console-fields";
import { LIMITS } from "~/lib/schemas/fields";
import { practiceSchema } from "~/lib/schemas/practice";
import { requireRole } from "~/.server/accounts";
import { getDb } from "~/.server/db/client";
import { redirectWithFlash } from "~/.server/http/flash";
import { answerForm } from "~/.server/http/form-action";
import { createPractice, listPractices } from "~/.server/practices";
import { clientInfo } from "~/.server/request-context";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Practices | Staff console");

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "staff");
  return { practices: await listPractices(getDb()) };
}

/** Staff create a practice; a name already taken is said beside the name, with what was typed kept. */
export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireRole(request, "staff");
  return answerForm(request, {
    title: "Not created",
    keep: (values) => ({ name: values.name?.slice(0, LIMITS.short), taxId: values.taxId?.slice(0, 20) }),
    intents: async ({ parse }) => {
      // A name taken is PracticeNameTaken, a refusal the answerer says beside the name.
      const created = await createPractice(getDb(), { actor: { email: me.email, ip: clientInfo(context).ip }, input: parse(practiceSchema) });
      return redirectWithFlash(`/admin/practices/${created.id}`, {
        title: "Practice created",
        description: `${created.name} was created. Invite its members below.`,
        variant: "success",
      });
    },
  });
}

const validate = schemaValidator(() => import("~/lib/schemas/practice").then((m) => m.practiceSchema));

export default function AdminPractices({ loaderData, actionData }: Route.ComponentProps) {
  const { practices } = loaderData;
  const form = useFormSubmission({ validate, success: null, failure: consoleNotSaved, resetOnSuccess: false, answer: actionData });
  const typed = submittedValues(actionData);
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight text-navy">Practices</h1>
        <p className="text-muted-foreground">The practices that use the Clinical Portal, their people and their open insurance verifications.</p>
      </div>

      <section aria-labelledby="create-heading">
        <Card>
          <CardHeader>
            <CardTitle as="h2" id="create-heading" size="lg" tone="navy">
              Create practice
            </CardTitle>
            <CardDescription>Its members add their own facilities and providers once they have signed in.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <AnswerNotice answer={actionData} title="Not created" />
            <form.fetcher.Form {...form.formProps} className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-start">
              <Field label="Practice name" name="name" required error={form.errors.name}>
                {(control) => <Input {...control} autoComplete="off" maxLength={LIMITS.short} defaultValue={submittedText(typed, "name")} />}
              </Field>
              <Field label="Tax id" name="taxId" error={form.errors.taxId} hint="Nine digits, 12-3456789">
                {(control) => <Input {...control} autoComplete="off" inputMode="numeric" maxLength={20} defaultValue={submittedText(typed, "taxId")} />}
              </Field>
              <SubmitButton pending={form.pending} pendingText="Creating..." className="sm:mt-6">
                <Building2 aria-hidden />
                Create practice
              </SubmitButton>
            </form.fetcher.Form>
          </CardContent>
        </Card>
      </section>

      <section aria-labelledby="list-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="list-heading" className="text-xl font-semibold text-navy">
            All practices
          </h2>
          <p className="text-sm text-muted-foreground">
            {practices.length} {practices.length === 1 ? "practice" : "practices"}
          </p>
        </div>
        <DataTable label="Practice list" stacked>
          <HeadRow columns={["Name", "Tax id", "Members", "Facilities", "Providers", "Open IVRs"]} />
          <tbody>
            {practices.length === 0 ? (
              <EmptyRow colSpan={6}>No practices yet: create the first one above.</EmptyRow>
            ) : (
              practices.map((p) => (
                <tr key={p.id} className="hover:bg-muted/60">
                  <Td data-label="Name" wrap className="font-semibold">
                    <Link to={`/admin/practices/${p.id}`} className="text-primary underline-offset-4 hover:underline">
                      {p.name}
                    </Link>
                  </Td>
                  <Td data-label="Tax id">{p.taxId ?? <span className="text-muted-foreground">—</span>}</Td>
                  <Td data-label="Members" className="tabular-nums">{p.members}</Td>
                  <Td data-label="Facilities" className="tabular-nums">{p.facilities}</Td>
                  <Td data-label="Providers" className="tabular-nums">{p.providers}</Td>
                  <Td data-label="Open IVRs" className="tabular-nums">
                    {p.openIvrs > 0 ? (
                      <Link to={`/admin/ivrs?status=open&practice=${p.id}`} className="font-semibold text-primary underline-offset-4 hover:underline">
                        {p.openIvrs}
                        <span className="sr-only"> open IVRs of {p.name}</span>
                      </Link>
                    ) : (
                      0
                    )}
                  </Td>
                </tr>
              ))
            )}
          </tbody>
        </DataTable>
      </section>
    </div>
  );
}
