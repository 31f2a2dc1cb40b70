import { Save, Send } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/ivrs-new";
import { AnswerNotice, FormNotice, RequiredNote } from "~/components/forms/field";
import { answerForTheForm } from "~/components/forms/answer-for-the-form";
import { FrameLink } from "~/components/portal/frame-view";
import { IvrFormFields, type IvrFormChoices } from "~/components/portal/ivr-form-fields";
import { useDraftAutosave } from "~/components/portal/use-draft-autosave";
import { SubmitButton } from "~/components/forms/submit-button";
import { useFormSubmission, type Validate } from "~/components/forms/use-form-submission";
import { useHydrated } from "~/lib/use-hydrated";
import { Button } from "~/components/ui/button";
import { isDataRequest, rejectedAnswer, submittedValues, type FormAnswer } from "~/lib/form-result";
import { privateMeta } from "~/lib/meta";
import { readIvrForm } from "~/lib/schemas/ivr";
import { parseWith, type FieldErrors } from "~/lib/schemas/fields";
import { IVR_FILE_RULES, pickedFileProblems } from "~/lib/uploads";
import { useSite } from "~/lib/use-site";
import { isUuid } from "~/lib/ids";
import type { KeepSentForm } from "~/.server/accounts";
import { getDb, type Db } from "~/.server/db/client";
import { redirectWithFlash } from "~/.server/http/flash";
import { answerForm, type Answer } from "~/.server/http/form-action";
import { clientKeyOf, readForm } from "~/.server/http/form-body";
import { DraftRefused, keepDraftFiles, readDraft, saveDraft, submitIvr } from "~/.server/ivr";
import { practiceOfUser } from "~/.server/practices";
import { DuplicatePatientError, listPatientChoices, primaryPayerType } from "~/.server/patients";
import { actorOf, checkFiles, idParam, IVR_FORM_READ as READ, memberOf, notFound, practicePickers, requirePractice } from "./member.server";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "IVR form | Clinical Portal");

/** A patient added from the IVR form: the picker's value that asks for the inline fields. */
const NEW_PATIENT = "new";

export async function loader({ request }: Route.LoaderArgs) {
  const { user, practice } = await memberOf(request, "ivr.write");
  if (!practice) return { practice: null };
  const db = getDb();
  const draftParam = new URL(request.url).searchParams.get("draft");
  const draft = draftParam ? await readDraft(db, { practiceId: practice.id, userId: user.id, id: idParam(draftParam) }) : null;
  if (draftParam && !draft) throw notFound();
  const [patients, pickers] = await Promise.all([listPatientChoices(db, practice.id), practicePickers(practice.id)]);
  const payerTypes = Object.fromEntries(await Promise.all(patients.map(async (p) => [p.id, await primaryPayerType(db, p.id)] as const)));
  const choices: IvrFormChoices = {
    patients: patients.map((p) => ({ value: p.id, label: `${p.name} (born ${p.birthDate})`, payerType: payerTypes[p.id] ?? null })),
    providers: pickers.providers,
    facilities: pickers.facilities,
  };
  return {
    practice: { name: practice.name },
    choices,
    draft: draft ? { id: draft.id, updatedAt: draft.updatedAt.toISOString(), values: draft.values, files: draft.files } : null,
    // Sent with a plain post (JavaScript off): posting this form twice makes one IVR. A script sets its own per sending.
    clientKey: crypto.randomUUID(),
  };
}

export type IvrFormAnswer = FormAnswer<{ draft?: { id: string; savedAt: string } }> | Answer;

/** The text a member typed, for a draft or to refill the form (no files, no form machinery). */
function typedValues(formData: FormData): Record<string, unknown> {
  const { clientKey: _k, intent: _i, confirmed: _c, ...values } = readIvrForm(formData);
  return values;
}

/** Attachments of the draft the member chose to remove. */
const removedFiles = (formData: FormData) => formData.getAll("removeFile").filter((v): v is string => typeof v === "string" && isUuid(v));

/**
 * Saves the form as the member's draft with its attachments: the typed values,
 * and each valid file picked (replacing the draft's file of its role). Answers
 * the draft's id, or null when `draftId` names no draft of theirs (sent or gone).
 */
async function saveDraftWithFiles(
  db: Db,
  { practiceId, userId, uploadedBy, draftId, values, formData }: { practiceId: string; userId: string; uploadedBy: string; draftId: string | null; values: Record<string, unknown>; formData: FormData },
): Promise<string | null> {
  const id = await saveDraft(db, { practiceId, userId, id: draftId, values });
  if (!id) return null;
  const { files } = await checkFiles(formData);
  const remove = removedFiles(formData);
  if (files.length > 0 || remove.length > 0) await keepDraftFiles(db, { practiceId, userId, ivrId: id, files, remove, uploadedBy });
  return id;
}

/**
 * The IVR form sent after its session ended (its Send, its Save draft or an
 * autosave): kept as the member's draft, attachments included, and sign-in
 * leads back to that draft. The draft it was (when it was sent meanwhile, a
 * new one).
 */
const keepIvrDraft: KeepSentForm = async (owner, request) => {
  const db = getDb();
  const practice = await practiceOfUser(db, owner.id);
  if (!practice) return null;
  const formData = await readForm(request, READ);
  const values = typedValues(formData);
  const sentDraft = typeof values.draftId === "string" && isUuid(values.draftId) ? values.draftId.toLowerCase() : null;
  delete values.draftId;
  const draft = { practiceId: practice.id, userId: owner.id, uploadedBy: owner.email, values, formData };
  const id = (await saveDraftWithFiles(db, { ...draft, draftId: sentDraft })) ?? (await saveDraftWithFiles(db, { ...draft, draftId: null }));
  return id ? `/members/ivrs/new?draft=${id}` : null;
};

export async function action({ request, context }: Route.ActionArgs) {
  const { user, practice } = await requirePractice(request, "ivr.write", keepIvrDraft);
  const db = getDb();
  /** The member's draft this form was resumed from (or autosaved into), if any. */
  const draftOf = (values: Record<string, unknown>) => (typeof values.draftId === "string" && values.draftId ? idParam(values.draftId) : null);
  const actor = actorOf(user, context);
  return answerForm(request, {
    // A file over its size comes back as this form, with the message beside it and the rest as typed.
    read: READ,
    title: "Not sent",
    keep: (_values, formData) => typedValues(formData),
    explain: (refusal) => {
      if (refusal instanceof DraftRefused) return { title: "Draft not saved" };
      // 409 beside the patient picker, which offers the patient already there, with a link to their page.
      if (refusal instanceof DuplicatePatientError)
        return {
          field: "patientId",
          message: `${refusal.message} (${refusal.existingReference})`,
          more: { existing: { href: `/members/patients/${refusal.existingId}`, reference: refusal.existingReference } },
        };
      return undefined;
    },
    intents: {
      draft: async ({ formData }) => {
        const values = typedValues(formData);
        const draftId = draftOf(values);
        delete values.draftId;
        const id = await saveDraftWithFiles(db, { practiceId: practice.id, userId: user.id, uploadedBy: user.email, draftId, values, formData });
        if (!id) {
          // Sent, discarded or not theirs: nothing to save into.
          if (isDataRequest(request)) return data<IvrFormAnswer>(rejectedAnswer("This draft was sent or is gone: it is no longer saved."), { status: 404 });
          throw notFound();
        }
        if (isDataRequest(request)) return data<IvrFormAnswer>({ ok: true, draft: { id, savedAt: new Date().toISOString() } });
        return redirectWithFlash(`/members/ivrs/new?draft=${id}`, { title: "Draft saved", description: "Resume it from here or from the STATUS board." });
      },
      // Send IVR: the form's submit button names no intent.
      "": async ({ formData, parse }) => {
        const values = typedValues(formData);
        const draftId = draftOf(values);
        const { files, fieldErrors: fileErrors } = await checkFiles(formData);
        const addingPatient = values.patientId === NEW_PATIENT;
        const { ivrSchema } = await import("~/lib/schemas/ivr");
        const { patientSchema } = await import("~/lib/schemas/patient");
        const patient = addingPatient ? parseWith(patientSchema, values) : null;
        // Every message comes back at once: the files', the new patient's and the IVR's own.
        const ivr = parse(ivrSchema, {
          from: addingPatient ? { ...values, patientId: PLACEHOLDER_ID } : values,
          also: { ...fileErrors, ...(patient && !patient.success ? patient.fieldErrors : {}) },
        });
        // A draft's kept attachments go with it: a file picked now replaces the kept one of its role.
        const removed = removedFiles(formData);
        const intoDraft =
          draftId !== null &&
          (files.length > 0 || removed.length > 0) &&
          (await keepDraftFiles(db, { practiceId: practice.id, userId: user.id, ivrId: draftId, files, remove: removed, uploadedBy: user.email }));
        // A patient entered with the request is added in the same transaction, once however often this is posted.
        const sent = await submitIvr(db, {
          practiceId: practice.id,
          userId: user.id,
          actor,
          draftId,
          clientKey: clientKeyOf(formData),
          input: ivr,
          newPatient: patient?.success ? patient.data : null,
          files: intoDraft ? [] : files,
        });
        return redirectWithFlash(`/members/ivrs/${sent.id}`, {
          title: `${sent.reference} sent`,
          description: sent.warnings.length > 0 ? "Sent with warnings: see them on its page." : "We will verify the benefits and tell you here.",
        });
      },
    },
  });
}

/** A well-formed id standing in for a patient added with the request, while the IVR's own fields are checked. */
const PLACEHOLDER_ID = "00000000-0000-4000-8000-000000000000";

/** The browser's check: the attachments, the IVR's schema, and the patient's when one is added with it. */
const validate: Validate = async (form) => {
  const formData = new FormData(form);
  const fileErrors = pickedFileProblems(formData, IVR_FILE_RULES);
  let schemas: [typeof import("~/lib/schemas/ivr"), typeof import("~/lib/schemas/patient")] | null;
  try {
    schemas = await Promise.all([import("~/lib/schemas/ivr"), import("~/lib/schemas/patient")]);
  } catch {
    // Not loaded (offline, a new deployment): the server checks the answers.
    schemas = null;
  }
  const answerErrors: FieldErrors = {};
  if (schemas) {
    const [{ ivrSchema }, { patientSchema }] = schemas;
    const values = readIvrForm(formData);
    const adding = values.patientId === NEW_PATIENT;
    const ivr = parseWith(ivrSchema, adding ? { ...values, patientId: PLACEHOLDER_ID } : values);
    const patient = adding ? parseWith(patientSchema, values) : null;
    Object.assign(answerErrors, patient && !patient.success ? patient.fieldErrors : {}, !ivr.success ? ivr.fieldErrors : {});
  }
  const fieldErrors: FieldErrors = { ...fileErrors, ...answerErrors };
  return Object.keys(fieldErrors).length > 0 ? { fieldErrors } : null;
};

export default function IvrFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const site = useSite();
  if (!loaderData.practice) {
    return (
      <section aria-labelledby="ivr-form-heading" className="flex flex-col gap-4">
        <h2 id="ivr-form-heading" className="text-xl font-semibold text-navy">
          IVR form
        </h2>
        <FormNotice
          notice={{
            title: "Your account is not part of a practice yet",
            description: "Insurance verification requests are sent for a practice. Ask your practice's administrator or our support team to add your account to your practice.",
          }}
        />
        <FrameLink src={site.portalFrames.ivr} label="Open the previous IVR form" />
      </section>
    );
  }
  return <IvrFormScreen key={loaderData.draft?.id ?? "new"} loaderData={loaderData} actionData={actionData} />;
}

function IvrFormScreen({
  loaderData,
  actionData,
}: {
  loaderData: Extract<Route.ComponentProps["loaderData"], { choices: IvrFormChoices }>;
  actionData: Route.ComponentProps["actionData"];
}) {
  const site = useSite();
  const hydrated = useHydrated();
  const { choices, draft } = loaderData;
  const answer = actionData as IvrFormAnswer | undefined;
  const form = useFormSubmission({
    validate,
    success: null,
    failure: { title: "The IVR was not sent", description: "Please try again in a moment. Your answers are still in the form and in your draft." },
    resetOnSuccess: false,
    answer: answerForTheForm(answer),
  });
  const refill = submittedValues(answer);
  const initial: Record<string, unknown> = Object.keys(refill).length > 0 ? refill : { ...(draft?.values ?? {}), draftId: draft?.id ?? "" };
  const autosave = useDraftAutosave(form.formProps.ref, typeof initial.draftId === "string" ? initial.draftId : "", draft?.updatedAt ?? null);

  return (
    <section aria-labelledby="ivr-form-heading" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="ivr-form-heading" className="text-xl font-semibold text-navy">
            {draft ? "IVR form (draft)" : "IVR form"}
          </h2>
          <p className="text-sm text-muted-foreground">
            Submit an insurance verification request. Your answers are kept as a draft while you type.
          </p>
        </div>
        <FrameLink src={site.portalFrames.ivr} label="Open the previous IVR form" />
      </div>
      {choices.providers.length === 0 || choices.facilities.length === 0 ? (
        <FormNotice
          notice={{
            title: choices.providers.length === 0 && choices.facilities.length === 0 ? "Add a provider and a facility first" : choices.providers.length === 0 ? "Add a provider first" : "Add a facility first",
            description: "An IVR names the treating provider and the facility. Add them on your practice page, then come back: your draft is kept.",
          }}
        />
      ) : null}
      {choices.providers.length === 0 || choices.facilities.length === 0 ? (
        <Link to="/members/practice" className="self-start text-sm font-medium text-primary underline-offset-4 hover:underline">
          Go to your practice's providers and facilities
        </Link>
      ) : null}
      <RequiredNote />
      <form.fetcher.Form
        {...form.formProps}
        action="/members/ivrs/new"
        encType="multipart/form-data"
        onInput={autosave.onInput}
        onSubmitCapture={autosave.cancel}
        className="flex flex-col gap-8"
      >
        <FormNotice notice={form.notice} />
        <AnswerNotice answer={answer} title="Not sent" />
        <input type="hidden" name="draftId" value={autosave.draftId} readOnly />
        <input type="hidden" name="clientKey" value={loaderData.clientKey} readOnly />
        <IvrFormFields choices={choices} values={initial} errors={form.errors} keptFiles={draft?.files ?? []} />
        <div className="flex flex-col-reverse gap-3 border-t border-border pt-6 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex flex-wrap items-center gap-3">
            {hydrated ? (
              <Button type="button" variant="outline" onClick={autosave.saveNow} disabled={autosave.saving}>
                <Save aria-hidden />
                Save draft
              </Button>
            ) : (
              <Button type="submit" name="intent" value="draft" variant="outline" formNoValidate>
                <Save aria-hidden />
                Save draft
              </Button>
            )}
            <p className="text-sm text-muted-foreground" role="status" aria-live="polite">
              {autosave.status}
            </p>
          </div>
          <SubmitButton pending={form.pending} pendingText="Sending...">
            <Send aria-hidden />
            Send IVR
          </SubmitButton>
        </div>
      </form.fetcher.Form>
    </section>
  );
}
