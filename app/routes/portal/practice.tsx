import { ArrowLeft, Plus } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/practice";
import { privateMeta } from "~/lib/meta";
import { FacilitiesTable } from "~/components/practice/facilities-table";
import { ProvidersTable } from "~/components/practice/providers-table";
import { AnswerNotice, Field, RequiredNote } from "~/components/forms/field";
import { answerForTheForm } from "~/components/forms/answer-for-the-form";
import { CityStateZip } from "~/components/forms/city-state-zip";
import { SubmitButton } from "~/components/forms/submit-button";
import { schemaValidator, useFormSubmission } from "~/components/forms/use-form-submission";
import { PortalHeader } from "~/components/portal/portal-header";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { TimeZoneExample } from "~/components/ui/date-time";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { submittedText, submittedValues, type FormAnswer } from "~/lib/form-result";
import { isUuid } from "~/lib/ids";
import { PLACES_OF_SERVICE } from "~/lib/ivr";
import { consoleNotSaved } from "~/lib/schemas/console-fields";
import { LIMITS, optionLabel } from "~/lib/schemas/fields";
import { facilitySchema, providerSchema } from "~/lib/schemas/practice";
import { practiceTimeZoneSchema } from "~/lib/schemas/profile";
import { TIME_ZONES, timeZoneOf } from "~/content/time-zones";
import { TimeZoneProvider } from "~/lib/time-zone";
import { getDb } from "~/.server/db/client";
import { redirectWithFlash } from "~/.server/http/flash";
import { answerForm, type Answer } from "~/.server/http/form-action";
import {
  addFacility,
  addProvider,
  changeMemberRole,
  getFacility,
  getProvider,
  listFacilities,
  listPracticeMembers,
  listProviders,
  MemberRefused,
  removeMember,
  setPracticeTimeZone,
  updateFacility,
  updateProvider,
} from "~/.server/practices";
import { clientInfo } from "~/.server/request-context";
import { notFound } from "~/.server/http/not-found";
import { memberOf, requirePractice } from "./member.server";
import { PeopleSection } from "~/components/practice/people-section";
import { PRACTICE_ROLE_LABEL } from "~/lib/practice-roles";
import { approvalRuleSchema, inviteMemberSchema, memberRoleSchema, removeMemberSchema } from "~/lib/schemas/practice-members";
import { describeRule, setApprovalRule } from "~/.server/orders";
import { ApprovalsForm } from "~/components/practice/approvals-form";
import { PracticeTwoFactorForm } from "~/components/practice/two-factor-form";
import { inviteUser, setPracticeTwoFactor } from "~/.server/accounts";
import { mailDeliveryOff } from "~/.server/env";
import { mailQueued } from "~/.server/runtime";
import { BrandingForm } from "~/components/branding/branding-form";
import { getBrand, portalBrand, TEXT_COLOURS } from "~/.server/branding";
import { themeColour } from "~/.server/branding/theme";
import { brandingIntents, BRANDING_FORM_READ } from "~/.server/branding/form";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Your practice | Clinical Portal");

const PAGE = "/members/practice";

/**
 * The member's own practice: its facilities and providers, added and changed
 * here. Everything is read and written through the member's practice, so a
 * record of another practice is not found (404), whatever id is asked for.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { user, practice } = await memberOf(request, "practice.manage");
  const db = getDb();
  if (!practice)
    return { email: user.email, me: user.id, practice: null, approvals: null, members: [], facilities: [], providers: [], editing: null, timeZone: timeZoneOf(null), now: new Date().toISOString(), branding: null, headerBrand: null, siteAccent: themeColour("primary") };
  const params = new URL(request.url).searchParams;
  const facilityId = params.get("facility");
  const providerId = params.get("provider");
  let editing: { kind: "facility"; record: Awaited<ReturnType<typeof getFacility>> } | { kind: "provider"; record: Awaited<ReturnType<typeof getProvider>> } | null = null;
  if (facilityId !== null) {
    const record = isUuid(facilityId) ? await getFacility(db, { practiceId: practice.id, id: facilityId }) : null;
    if (!record) notFound();
    editing = { kind: "facility", record };
  } else if (providerId !== null) {
    const record = isUuid(providerId) ? await getProvider(db, { practiceId: practice.id, id: providerId }) : null;
    if (!record) notFound();
    editing = { kind: "provider", record };
  }
  const [members, facilities, providers, branding, headerBrand] = await Promise.all([
    listPracticeMembers(db, practice.id),
    listFacilities(db, practice.id),
    listProviders(db, practice.id),
    getBrand(db, { practiceId: practice.id }),
    portalBrand(db, practice.id),
  ]);
  return {
    email: user.email,
    me: user.id,
    practice: { name: practice.name },
    approvals: {
      approveAll: practice.approveAll,
      approveAbove: practice.approveAboveCents === null ? "" : (practice.approveAboveCents / 100).toFixed(2),
      approveStock: practice.approveStock,
    },
    requireTwoFactor: practice.requireTwoFactor,
    members: members.map((m) => ({ id: m.id, email: m.email, name: m.name, role: m.practiceRole, disabled: m.disabled, lastSignInAt: m.lastSignInAt })),
    facilities,
    providers,
    editing,
    timeZone: timeZoneOf(practice.timeZone),
    now: new Date().toISOString(),
    branding,
    headerBrand,
    siteAccent: themeColour("primary"),
  };
}

type PracticeAnswer = (FormAnswer | Answer) & { intent: string };

export async function action({ request, context }: Route.ActionArgs) {
  const { user, practice } = await requirePractice(request, "practice.manage");
  const db = getDb();
  const actor = { email: user.email, ip: clientInfo(context).ip };
  const scope = { practiceId: practice.id, actor };
  /** The record an edit form changes (none: the form adds one); an id that is none is not found. */
  const recordId = (values: Record<string, string>) => {
    const id = values.id ? values.id : null;
    if (id !== null && !isUuid(id)) notFound();
    return id;
  };
  return answerForm(request, {
    title: "Not saved",
    // The branding form sends a logo (multipart); every other form here is text.
    read: BRANDING_FORM_READ,
    intents: {
      ...brandingIntents({ owner: { practiceId: practice.id }, actor, backTo: `${PAGE}#branding-heading`, colours: TEXT_COLOURS }),
      "member-invite": async ({ parse }) => {
        const input = parse(inviteMemberSchema);
        const ctx = { actor: { id: user.id, email: user.email }, ip: actor.ip, mailOff: mailDeliveryOff() };
        const result = await inviteUser(db, ctx, { email: input.email, role: "member", practiceId: practice.id, practiceRole: input.role });
        if (result.mailed) mailQueued();
        if (!result.ok) throw new MemberRefused(result.message, "email");
        return redirectWithFlash(`${PAGE}#people-heading`, {
          title: `${input.email} invited as ${PRACTICE_ROLE_LABEL[input.role]}`,
          // With mail delivery off, the one-time link is the admin's to pass on.
          description: result.link ? `${result.message} ${result.link}` : `${result.message}. The link in it works once and expires in 72 hours.`,
          variant: "success",
        });
      },
      "member-role": async ({ parse }) => {
        const input = parse(memberRoleSchema);
        const changed = await changeMemberRole(db, { ...scope, userId: input.userId, role: input.role });
        if (!changed) notFound();
        return redirectWithFlash(`${PAGE}#people-heading`, {
          title: changed.changed ? "Role changed" : "Nothing changed",
          description: `${changed.email} is ${PRACTICE_ROLE_LABEL[changed.role]}${changed.changed ? " from their next page" : " already"}.`,
          variant: "success",
        });
      },
      approvals: async ({ parse }) => {
        const input = parse(approvalRuleSchema);
        const above = input.approveAbove ? Math.round(Number(input.approveAbove.replace(/,/g, "")) * 100) : null;
        const rule = { approveAll: input.approveAll === "1", approveAboveCents: above, approveStock: input.approveStock === "1" };
        await setApprovalRule(db, { practiceId: practice.id, actor, rule });
        return redirectWithFlash(`${PAGE}#approvals-heading`, { title: "Approvals saved", description: `Your practice now asks for ${describeRule(rule)}.`, variant: "success" });
      },
      "two-factor": async ({ values }) => {
        const required = values.requireTwoFactor === "1";
        await setPracticeTwoFactor(db, { practiceId: practice.id, required, actor });
        return redirectWithFlash(`${PAGE}#two-factor-heading`, {
          title: "Sign-in saved",
          description: required ? "Everyone in your practice signs in with a second factor; those without one set it up on their next page." : "Members choose for themselves whether to use a second factor.",
          variant: "success",
        });
      },
      "member-remove": async ({ parse }) => {
        const input = parse(removeMemberSchema);
        const removed = await removeMember(db, { ...scope, userId: input.userId });
        if (!removed) notFound();
        return redirectWithFlash(`${PAGE}#people-heading`, {
          title: "Member removed",
          description: `${removed.email} is no longer in ${practice.name} and was signed out.`,
          variant: "success",
        });
      },
      "time-zone": async ({ parse }) => {
        const saved = await setPracticeTimeZone(db, { practiceId: practice.id, actor, timeZone: parse(practiceTimeZoneSchema).timeZone });
        if (!saved) notFound();
        return redirectWithFlash(PAGE, {
          title: "Time zone saved",
          description: `Your practice's times show in ${optionLabel(TIME_ZONES, saved) ?? saved}.`,
          variant: "success",
        });
      },
      facility: async ({ values, parse }) => {
        const id = recordId(values);
        const input = parse(facilitySchema);
        const saved = id ? await updateFacility(db, { ...scope, id, input }) : await addFacility(db, { ...scope, input });
        if (!saved) notFound();
        return redirectWithFlash(PAGE, {
          title: id ? "Facility saved" : "Facility added",
          description: `${saved.name} ${id ? "was saved" : "is now one of your facilities"}.`,
          variant: "success",
        });
      },
      provider: async ({ values, parse }) => {
        const id = recordId(values);
        const input = parse(providerSchema);
        const saved = id ? await updateProvider(db, { ...scope, id, input }) : await addProvider(db, { ...scope, input });
        if (!saved) notFound();
        return redirectWithFlash(PAGE, {
          title: id ? "Provider saved" : "Provider added",
          description: `${saved.firstName} ${saved.lastName} ${id ? "was saved" : "is now one of your providers"}.`,
          variant: "success",
        });
      },
    },
  });
}

const validateFacility = schemaValidator(() => import("~/lib/schemas/practice").then((m) => m.facilitySchema));
const validateProvider = schemaValidator(() => import("~/lib/schemas/practice").then((m) => m.providerSchema));
const validateTimeZone = schemaValidator(() => import("~/lib/schemas/profile").then((m) => m.practiceTimeZoneSchema));

type Values = Record<string, unknown>;

export default function PracticePage({ loaderData, actionData }: Route.ComponentProps) {
  const { email, me, practice, approvals, members, facilities, providers, editing, timeZone, now, branding, headerBrand, siteAccent } = loaderData;
  const answer = actionData as PracticeAnswer | undefined;
  return (
    <TimeZoneProvider value={timeZone}>
      <PortalHeader email={email} title="Your practice" brand={headerBrand} />
      <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-8 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Link to="/members" className="inline-flex w-fit items-center gap-1 text-sm font-semibold text-primary underline-offset-4 hover:underline">
            <ArrowLeft aria-hidden className="size-4" />
            Back to the Clinical Portal
          </Link>
          {practice ? (
            <Link to="/members/patients" className="text-sm font-semibold text-primary underline-offset-4 hover:underline">
              Your patients
            </Link>
          ) : null}
        </div>
        {!practice ? (
          <NoPractice />
        ) : (
          <>
            <div className="flex flex-col gap-1">
              <h2 className="text-2xl font-bold tracking-tight text-navy">{practice.name}</h2>
              <p className="text-muted-foreground">
                Who works in the portal and what each may do, and the facilities and providers you choose from when you send an insurance verification request.
              </p>
            </div>

            <PeopleSection members={members} me={me} answer={answer?.intent?.startsWith("member-") ? answer : undefined} />

            {approvals ? <ApprovalsForm rule={approvals} answer={answer?.intent === "approvals" ? answer : undefined} /> : null}

            {approvals ? <PracticeTwoFactorForm required={loaderData.requireTwoFactor ?? false} /> : null}

            <RecordSection
              kind="facility"
              title="Facilities"
              count={facilities.length}
              editing={editing}
              answer={answer}
              Form={FacilityForm}
              table={
                <FacilitiesTable
                  facilities={facilities}
                  label="Your facilities"
                  empty="No facilities yet: add the first one below."
                  editHref={(f) => `${PAGE}?facility=${f.id}#facility-form`}
                />
              }
            />

            <RecordSection
              kind="provider"
              title="Providers"
              count={providers.length}
              editing={editing}
              answer={answer}
              Form={ProviderForm}
              table={
                <ProvidersTable
                  providers={providers}
                  label="Your providers"
                  empty="No providers yet: add the first one below."
                  editHref={(p) => `${PAGE}?provider=${p.id}#provider-form`}
                />
              }
            />

            <BrandingForm
              brand={branding}
              name={practice.name}
              siteAccent={siteAccent}
              answer={answer?.intent?.startsWith("branding") ? answer : undefined}
              intro="Your logo and colour in the Clinical Portal's header, for everyone in your practice, and in the mails we send them."
            />

            <TimeZoneForm key={timeZone} timeZone={timeZone} now={now} answer={answer?.intent === "time-zone" ? answer : undefined} />
          </>
        )}
      </div>
    </TimeZoneProvider>
  );
}

/** The zone the practice's members read every time of the portal in. */
function TimeZoneForm({ timeZone, now, answer }: { timeZone: string; now: string; answer?: PracticeAnswer }) {
  const form = useFormSubmission({ validate: validateTimeZone, success: null, failure: consoleNotSaved, resetOnSuccess: false, answer: answerForTheForm(answer) });
  const typed = submittedValues(answer);
  return (
    <section aria-labelledby="time-zone-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="time-zone-heading" className="text-xl font-semibold text-navy">
          Time zone
        </h2>
        <p className="text-sm text-muted-foreground">Every time in the Clinical Portal, for everyone in your practice, is shown in this zone.</p>
      </div>
      <Card>
        <CardContent padding="all">
          <AnswerNotice answer={answer} title="Not saved" className="mb-4" />
          <form.fetcher.Form {...form.formProps} action={PAGE} className="flex flex-col gap-4 sm:flex-row sm:items-start">
            <input type="hidden" name="intent" value="time-zone" />
            <Field
              label="Your practice's time zone"
              name="timeZone"
              required
              error={form.errors.timeZone}
              hint={<TimeZoneExample now={now} />}
              className="sm:w-96"
            >
              {(c) => <Select {...c} options={TIME_ZONES} defaultValue={submittedText(typed, "timeZone") ?? timeZone} />}
            </Field>
            <SubmitButton pending={form.pending} pendingText="Saving..." variant="outline" className="w-fit sm:mt-7">
              Save time zone
            </SubmitButton>
          </form.fetcher.Form>
        </CardContent>
      </Card>
    </section>
  );
}

export function NoPractice() {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Your account is not in a practice yet</CardTitle>
        <CardDescription>
          A practice's facilities, providers and patients show here once your account belongs to it. Ask the person who invited you, or our support team, to
          add you to your practice.
        </CardDescription>
      </CardHeader>
    </Card>
  );
}

/** What a field shows: what was typed in a plain post that came back with messages, else the record's value. */
function valueOf(typed: Record<string, unknown>, record: Values | undefined, name: string): string | undefined {
  const saved = record?.[name];
  return submittedText(typed, name) ?? (typeof saved === "string" ? saved : undefined);
}

function FormCard({ id, title, description, children }: { id: string; title: string; description: string; children: React.ReactNode }) {
  return (
    <Card id={id} className="scroll-mt-24">
      <CardHeader>
        <CardTitle as="h3" size="md" tone="navy">
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

type RecordFormProps = { id?: string; record?: Values; answer?: PracticeAnswer };

/** A facilities or providers section: its heading, its table, and the form that adds one or edits the one chosen. */
function RecordSection({
  kind,
  title,
  count,
  editing,
  answer,
  Form,
  table,
}: {
  kind: "facility" | "provider";
  title: string;
  count: number;
  editing: { kind: string; record: ({ id: string } & Values) | null | undefined } | null;
  answer?: PracticeAnswer;
  Form: (props: RecordFormProps) => React.ReactNode;
  table: React.ReactNode;
}) {
  const headingId = `${title.toLowerCase()}-heading`;
  const formAnswer = answer?.intent === kind ? answer : undefined;
  const record = editing?.kind === kind ? editing.record : undefined;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-xl font-semibold text-navy">
        {title}
      </h2>
      {table}
      {record ? <Form key={`edit-${record.id}`} id={record.id} record={record} answer={formAnswer} /> : <Form key={`add-${count}`} answer={formAnswer} />}
    </section>
  );
}

/** The add-or-edit form of a facility or a provider: its card, hidden fields, notices and buttons around the fields it is given. */
function RecordForm({
  kind,
  validate,
  id,
  record,
  answer,
  title,
  description,
  children,
}: RecordFormProps & {
  kind: "facility" | "provider";
  validate: typeof validateFacility;
  title: string;
  description: string;
  children: (v: (name: string) => string | undefined, e: Record<string, string | undefined>) => React.ReactNode;
}) {
  const form = useFormSubmission({ validate, success: null, failure: consoleNotSaved, resetOnSuccess: false, answer: answerForTheForm(answer) });
  const typed = submittedValues(answer);
  const v = (name: string) => valueOf(typed, record, name);
  return (
    <FormCard id={`${kind}-form`} title={title} description={description}>
      <form.fetcher.Form {...form.formProps} action={PAGE} className="flex flex-col gap-4">
        <input type="hidden" name="intent" value={kind} />
        {id ? <input type="hidden" name="id" value={id} /> : null}
        <AnswerNotice answer={answer} title="Not saved" />
        <RequiredNote />
        <div className="grid gap-4 sm:grid-cols-2">{children(v, form.errors)}</div>
        <div className="flex flex-wrap gap-2">
          <SubmitButton pending={form.pending} pendingText="Saving...">
            {id ? null : <Plus aria-hidden />}
            {id ? `Save ${kind}` : `Add ${kind}`}
          </SubmitButton>
          {id ? (
            <Button asChild variant="outline">
              <Link to={PAGE}>Cancel</Link>
            </Button>
          ) : null}
        </div>
      </form.fetcher.Form>
    </FormCard>
  );
}

function FacilityForm({ id, record, answer }: RecordFormProps) {
  return (
    <RecordForm
      kind="facility"
      validate={validateFacility}
      id={id}
      record={record}
      answer={answer}
      title={id ? `Edit ${String(record?.name ?? "facility")}` : "Add a facility"}
      description="Where the practice treats patients. The place of service is offered first on a new IVR."
    >
      {(v, e) => (
        <>
          <Field label="Facility name" name="name" required error={e.name}>
            {(c) => <Input {...c} maxLength={LIMITS.short} defaultValue={v("name")} />}
          </Field>
          <Field label="Usual place of service" name="placeOfService" required error={e.placeOfService}>
            {(c) => <Select {...c} options={PLACES_OF_SERVICE} placeholder="Choose" defaultValue={v("placeOfService") ?? ""} />}
          </Field>
          <Field label="Street address" name="addressLine1" required error={e.addressLine1}>
            {(c) => <Input {...c} autoComplete="address-line1" maxLength={LIMITS.short} defaultValue={v("addressLine1")} />}
          </Field>
          <Field label="Address line 2" name="addressLine2" error={e.addressLine2}>
            {(c) => <Input {...c} autoComplete="address-line2" maxLength={LIMITS.short} defaultValue={v("addressLine2")} />}
          </Field>
          <CityStateZip v={v} e={e} />
          <Field label="Phone" name="phone" required error={e.phone}>
            {(c) => <Input {...c} type="tel" autoComplete="tel" maxLength={LIMITS.phone} defaultValue={v("phone")} />}
          </Field>
          <Field label="Group NPI" name="groupNpi" error={e.groupNpi} hint="Ten digits">
            {(c) => <Input {...c} inputMode="numeric" maxLength={10} defaultValue={v("groupNpi")} />}
          </Field>
          <Field label="PTAN" name="ptan" error={e.ptan}>
            {(c) => <Input {...c} maxLength={15} defaultValue={v("ptan")} />}
          </Field>
          <Field label="Tax id" name="taxId" error={e.taxId} hint="12-3456789">
            {(c) => <Input {...c} inputMode="numeric" maxLength={10} defaultValue={v("taxId")} />}
          </Field>
        </>
      )}
    </RecordForm>
  );
}

function ProviderForm({ id, record, answer }: RecordFormProps) {
  return (
    <RecordForm
      kind="provider"
      validate={validateProvider}
      id={id}
      record={record}
      answer={answer}
      title={id ? `Edit ${record ? `${String(record.firstName)} ${String(record.lastName)}` : "provider"}` : "Add a provider"}
      description="The clinicians who order for your patients. Their individual NPI is checked before it is saved."
    >
      {(v, e) => (
        <>
          <Field label="First name" name="firstName" required error={e.firstName}>
            {(c) => <Input {...c} autoComplete="off" maxLength={LIMITS.name} defaultValue={v("firstName")} />}
          </Field>
          <Field label="Last name" name="lastName" required error={e.lastName}>
            {(c) => <Input {...c} autoComplete="off" maxLength={LIMITS.name} defaultValue={v("lastName")} />}
          </Field>
          <Field label="Credentials" name="credentials" error={e.credentials} hint="MD, DPM, NP...">
            {(c) => <Input {...c} maxLength={40} defaultValue={v("credentials")} />}
          </Field>
          <Field label="Specialty" name="specialty" error={e.specialty}>
            {(c) => <Input {...c} maxLength={LIMITS.name} defaultValue={v("specialty")} />}
          </Field>
          <Field label="Individual NPI" name="npi" required error={e.npi} hint="Ten digits">
            {(c) => <Input {...c} inputMode="numeric" maxLength={10} defaultValue={v("npi")} />}
          </Field>
          <Field label="PTAN" name="ptan" error={e.ptan}>
            {(c) => <Input {...c} maxLength={15} defaultValue={v("ptan")} />}
          </Field>
        </>
      )}
    </RecordForm>
  );
}
