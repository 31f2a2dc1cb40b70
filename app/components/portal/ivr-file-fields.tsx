import { FileField } from "~/components/forms/file-field";
import { IVR_ATTACHMENT, IVR_FILE_FIELDS } from "~/lib/uploads";

/** The IVR's four file fields, each refusing a file it does not take as soon as it is picked. */
export function IvrFileFields({ errors, optional = false }: { errors: Record<string, string>; optional?: boolean }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {IVR_FILE_FIELDS.map((f) => (
        <FileField key={f.name} label={optional ? `${f.label} (optional)` : f.label} name={f.name} rule={IVR_ATTACHMENT} error={errors[f.name]} />
      ))}
    </div>
  );
}
