import * as React from "react";
import { Input } from "~/components/ui/input";
import { acceptOf, uploadProblem, type UploadRule } from "~/lib/uploads";
import { Field } from "./field";

/**
 * A file field that refuses a file as soon as it is picked when the field
 * does not take it (its type, its size: the rule the server holds it to as
 * well). The message shows beside the field, read out as it appears, and
 * nothing else in the form changes; the form's own check before sending
 * (`pickedFileProblems`, or the application's) keeps the file from being sent.
 */
export function FileField({
  label,
  name,
  rule,
  error,
  hint,
  required,
  multiple,
  maxFiles,
  className,
}: {
  label: React.ReactNode;
  name: string;
  rule: UploadRule;
  /** The message of a sent form (the server's, or the form's own check). */
  error?: string;
  hint?: React.ReactNode;
  required?: boolean;
  multiple?: boolean;
  /** With `multiple`: the most files, and the message when more are picked. */
  maxFiles?: { count: number; message: string };
  className?: string;
}) {
  const [refused, setRefused] = React.useState<string | null>(null);
  const [sentError, setSentError] = React.useState(error);
  // A newer answer's message replaces what was said at the last pick.
  if (error !== sentError) {
    setSentError(error);
    if (error) setRefused(null);
  }

  const onChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const files = Array.from(input.files ?? []);
    setRefused((maxFiles && files.length > maxFiles.count ? maxFiles.message : null) ?? files.map((file) => uploadProblem(file, rule)).find((p) => p !== null) ?? null);
  };

  return (
    <Field label={label} name={name} required={required} error={refused ?? error} hint={hint} announceError={refused !== null} className={className}>
      {(control) => <Input {...control} type="file" accept={acceptOf(rule)} multiple={multiple} autoHeight onChange={onChange} />}
    </Field>
  );
}
