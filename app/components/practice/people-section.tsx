import { UserPlus } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { DataTable, HeadRow, Td } from "~/components/admin/data-table";
import { AnswerNotice, Field } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { DateTime } from "~/components/ui/date-time";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { submittedText, submittedValues, type FormAnswer } from "~/lib/form-result";
import { PRACTICE_ROLE_LABEL, PRACTICE_ROLE_SUMMARY, PRACTICE_ROLES, type PracticeRole } from "~/lib/practice-roles";
import { LIMITS } from "~/lib/schemas/fields";
import { PRACTICE_ROLE_OPTIONS } from "~/lib/schemas/practice-members";

export type PeopleRow = { id: string; email: string; name: string; role: PracticeRole; disabled: boolean; lastSignInAt: string | null };

type PeopleAnswer = (FormAnswer | { ok: boolean }) & { intent?: string };

/**
 * The practice's people, for its practice admins: each member's role (changed
 * in place) and last sign-in, an invitation with a role, and removal. Plain
 * posts: each works without JavaScript, and the page comes back with what was
 * done or why not.
 */
export function PeopleSection({ members, me, answer }: { members: readonly PeopleRow[]; me: string; answer?: PeopleAnswer }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errors = answer && "fieldErrors" in answer ? answer.fieldErrors : {};
  const invite = answer?.intent === "member-invite" ? answer : undefined;
  const typed = submittedValues(invite as FormAnswer | undefined);
  return (
    <section aria-labelledby="people-heading" className="flex scroll-mt-24 flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="people-heading" className="scroll-mt-24 text-xl font-semibold text-navy">
          People
        </h2>
        <ul className="text-sm text-muted-foreground">
          {PRACTICE_ROLES.map((r) => (
            <li key={r}>
              <span className="font-medium text-foreground">{PRACTICE_ROLE_LABEL[r]}:</span> {PRACTICE_ROLE_SUMMARY[r]}.
            </li>
          ))}
        </ul>
      </div>
      {answer && answer.intent !== "member-invite" ? <AnswerNotice answer={answer as FormAnswer} title="Not changed" /> : null}
      <DataTable label="Your practice's people" stacked>
        <HeadRow columns={["Member", "Role", "Last sign-in", { srOnly: "Remove" }]} />
        <tbody>
          {members.map((m) => (
            <tr key={m.id} data-member={m.email}>
              <Td data-label="Member" wrap>
                <span className="font-medium">{m.name || m.email}</span>
                {m.name ? <span className="block text-muted-foreground">{m.email}</span> : null}
                {m.id === me ? <span className="block text-xs text-muted-foreground">You</span> : null}
                {m.disabled ? <span className="block text-xs font-semibold text-destructive">Disabled</span> : null}
              </Td>
              <Td data-label="Role">
                <Form method="post" className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="intent" value="member-role" />
                  <input type="hidden" name="userId" value={m.id} />
                  <Field label={`Role of ${m.email}`} name="role" hideLabel required>
                    {(control) => <Select {...control} options={PRACTICE_ROLE_OPTIONS} defaultValue={m.role} className="w-44" />}
                  </Field>
                  <Button type="submit" variant="outline" size="sm" disabled={busy}>
                    Save<span className="sr-only"> the role of {m.email}</span>
                  </Button>
                </Form>
              </Td>
              <Td data-label="Last sign-in">
                <DateTime value={m.lastSignInAt} fallback="Never" />
              </Td>
              <Td data-label="Remove" className="max-sm:before:hidden">
                <details className="group">
                  <summary className="cursor-pointer text-sm font-medium text-destructive underline-offset-4 hover:underline">
                    Remove…<span className="sr-only"> {m.email}</span>
                  </summary>
                  <Form method="post" className="mt-2 flex w-64 flex-col gap-2">
                    <input type="hidden" name="intent" value="member-remove" />
                    <input type="hidden" name="userId" value={m.id} />
                    <p className="text-sm">
                      {m.email} leaves the practice and is signed out at once. Their records stay. {m.id === me ? "That is you." : ""}
                    </p>
                    <Button type="submit" variant="destructive" size="sm" className="w-fit" disabled={busy}>
                      Remove {m.email}
                    </Button>
                  </Form>
                </details>
              </Td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      <Card>
        <CardContent padding="all">
          <AnswerNotice answer={invite as FormAnswer | undefined} title="Not invited" className="mb-4" />
          <Form method="post" className="flex flex-col gap-4 sm:flex-row sm:items-start">
            <input type="hidden" name="intent" value="member-invite" />
            <Field label="Invite by email" name="email" required error={invite ? errors.email : undefined} className="sm:w-80">
              {(control) => <Input {...control} type="email" autoComplete="off" maxLength={LIMITS.email} defaultValue={submittedText(typed, "email")} />}
            </Field>
            <Field label="Invite as" name="role" required error={invite ? errors.role : undefined} className="sm:w-56">
              {(control) => <Select {...control} options={PRACTICE_ROLE_OPTIONS} placeholder="Choose a role" defaultValue={submittedText(typed, "role") ?? ""} />}
            </Field>
            <Button type="submit" className="w-fit sm:mt-7" disabled={busy}>
              <UserPlus aria-hidden />
              Send invitation
            </Button>
          </Form>
        </CardContent>
      </Card>
    </section>
  );
}
