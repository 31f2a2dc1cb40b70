import { data, useSearchParams } from "react-router";
import type { Route } from "./+types/apply";
import { ApplicationForm } from "~/components/forms/application-form";
import { PageHero } from "~/components/layout/page-hero";
import { Section } from "~/components/layout/section";
import { Badge } from "~/components/ui/badge";
import { formToasts } from "~/content/forms";
import { invalid, isHoneypotFilled, submitToServer } from "~/lib/form-result";
import { getDb } from "~/.server/db/client";
import {
  accepted,
  clientKeyOf,
  handleForm,
  limitThenRead,
  readBeforeRendering,
  type FormReadOptions,
} from "~/.server/http/form-body";
import { checkUploadedFiles, submitApplication } from "~/.server/submissions";
import { pageMeta } from "~/lib/meta";
import { validateApplication } from "~/lib/schemas/application";
import {
  applicationBodyLimits,
  applicationLimitMessages,
  isMultilineApplicationField,
  ADD_CERTIFICATION,
  ADD_EXPERIENCE,
  MAX_ENTRIES,
  parseApplicationFormData,
  positionFromSlug,
  positionOptions,
} from "~/lib/schemas/application-fields";
import { optionLabel } from "~/lib/schemas/fields";
import { APPLICATION_BODY_BYTES } from "~/lib/uploads";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Job Application",
    "Apply for a position with our wound-care team: share your details, work experience, certifications and resume.",
  );

const READ: FormReadOptions = {
  // A resume and every additional document at their largest, plus room for the text fields.
  maxBytes: APPLICATION_BODY_BYTES,
  multipart: { ...applicationBodyLimits, ...applicationLimitMessages },
  multiline: isMultilineApplicationField,
};

// A plain post's refusal is answered before the page renders (see readBeforeRendering).
export const middleware: Route.MiddlewareFunction[] = [readBeforeRendering("application", READ)];

/** What a plain post gets back to refill the form: its text, never its files. */
function typedApplication(formData: FormData) {
  const { personal, experience, certifications } = parseApplicationFormData(formData);
  return { personal, experience, certifications };
}

// A file over 5 MB (or a control character) answers the form with what was typed (`refill`).
export async function action({ request, context }: Route.ActionArgs) {
  return handleForm(async () => {
    // The headers, then the rate limit, before a byte of the body is read: a refused
    // or over-the-limit upload costs no parsing and no memory.
    const formData = await limitThenRead(request, context, "application", READ);
    if (!(formData instanceof FormData)) return formData;
    if (isHoneypotFilled(formData)) return accepted(request, "/apply", formToasts.application.success);
    const submission = parseApplicationFormData(formData);
    const { personal, experience, certifications } = submission;
    const values = { personal, experience, certifications };
    // Add Experience / Add Certification without JavaScript: the form comes back with
    // what was typed and one more empty entry (files cannot be given back by a page).
    const intent = formData.get("intent");
    if (intent === ADD_EXPERIENCE || intent === ADD_CERTIFICATION) {
      const empty = {};
      const redrawn = {
        personal,
        experience: intent === ADD_EXPERIENCE && experience.length < MAX_ENTRIES ? [...experience, empty] : experience,
        certifications: intent === ADD_CERTIFICATION && certifications.length < MAX_ENTRIES ? [...certifications, empty] : certifications,
      };
      return data({ ok: false as const, redraw: true as const, values: redrawn });
    }
    const result = validateApplication(submission);
    if (!result.success) {
      return invalid(request, result.fieldErrors, { toast: result.toast, values });
    }
    // The names and declared types passed; now what the bytes really are.
    const files = await checkUploadedFiles(result.data.resume, result.data.documents);
    if (!files.ok) {
      const { field, message, toast } = files.rejection;
      return invalid(request, { [field]: message }, { toast, values });
    }
    await submitApplication(getDb(), result.data, files.files, clientKeyOf(formData));
    return accepted(request, "/apply", formToasts.application.success);
  }, undefined, { request, refill: typedApplication });
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return submitToServer(serverAction);
}

export default function ApplyPage({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const position = positionFromSlug(searchParams.get("position"));
  return (
    <>
      <PageHero
        eyebrow={
          <Badge variant="inverse">
            {position ? `Applying for: ${optionLabel(positionOptions, position)}` : "Careers"}
          </Badge>
        }
        title="Job Application"
        lead="Tell us about yourself, your experience and your qualifications. It takes about ten minutes; have your resume ready as a PDF or Word document."
      />
      <Section muted>
        <ApplicationForm answer={actionData} position={position} />
      </Section>
    </>
  );
}
