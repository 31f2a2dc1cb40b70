import { useActionData, useSearchParams } from "react-router";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { formToasts } from "~/content/forms";
import { submittedText, submittedValues } from "~/lib/form-result";
import { contactAnswerFromSearch } from "~/lib/schemas/contact-return";
import { LIMITS } from "~/lib/schemas/fields";
import { cn } from "~/lib/utils";
import { Field, FormNotice, RequiredNote } from "./field";
import { Honeypot } from "./honeypot";
import { SubmitButton } from "./submit-button";
import { schemaValidator, useFormSubmission } from "./use-form-submission";

const validate = schemaValidator(() => import("~/lib/schemas/contact").then((m) => m.contactSchema));

/**
 * The landing page's message form. With JavaScript it posts to /contact
 * through a fetcher (data-fetcher-action; failed sends are re-sent there too);
 * without, to the landing page itself, whose action answers
 * bad input with the page, what was typed and the messages, and a stored
 * message with a redirect to /#contact and the toast.
 */
export function ContactForm({ className }: { className?: string }) {
  const [searchParams] = useSearchParams();
  // A plain post comes back to the landing page with the answer as its action data.
  const actionData = useActionData();
  const form = useFormSubmission({
    validate,
    success: formToasts.contact.success,
    failure: formToasts.contact.failure,
    // SPEC section 4: the form is cleared whatever the outcome.
    resetOnFailure: true,
    // ...and "Message Received!" is made true: the message is kept and re-sent.
    queueOnFailure: true,
    answer: actionData ?? contactAnswerFromSearch(searchParams),
  });
  const { errors } = form;
  const typed = submittedValues(actionData);
  const text = (name: string) => submittedText(typed, name);

  return (
    <form.fetcher.Form action="/?index" data-fetcher-action="/contact" {...form.formProps} className={cn("relative flex flex-col gap-5", className)}>
      <FormNotice notice={form.notice} />
      <RequiredNote />
      <Honeypot />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="First Name" name="firstName" required error={errors.firstName}>
          {(control) => <Input {...control} autoComplete="given-name" maxLength={LIMITS.name} defaultValue={text("firstName")} />}
        </Field>
        <Field label="Last Name" name="lastName" required error={errors.lastName}>
          {(control) => <Input {...control} autoComplete="family-name" maxLength={LIMITS.name} defaultValue={text("lastName")} />}
        </Field>
        <Field label="Email" name="email" required error={errors.email}>
          {(control) => <Input {...control} type="email" autoComplete="email" maxLength={LIMITS.email} defaultValue={text("email")} />}
        </Field>
        <Field label="Company" name="company" error={errors.company}>
          {(control) => <Input {...control} autoComplete="organization" maxLength={LIMITS.short} defaultValue={text("company")} />}
        </Field>
      </div>
      <Field label="Message" name="message" required error={errors.message}>
        {(control) => (
          <Textarea {...control} rows={5} maxLength={LIMITS.long} placeholder="How can we help your practice?" defaultValue={text("message")} />
        )}
      </Field>
      <div>
        <SubmitButton pending={form.pending} pendingText="Sending..." size="lg" className="w-full sm:w-auto">
          Send Message
        </SubmitButton>
      </div>
    </form.fetcher.Form>
  );
}
