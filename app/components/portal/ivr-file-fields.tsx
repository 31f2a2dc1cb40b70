import * as React from "react";
import { FileField } from "~/components/forms/file-field";
import { Checkbox } from "~/components/ui/checkbox";
import { formatBytes } from "~/lib/format";
import { IVR_ATTACHMENT, IVR_FILE_FIELDS } from "~/lib/uploads";

/** An attachment kept in the draft: sent with it unless removed or replaced. */
export type KeptAttachment = { id: string; role: string; name: string; size: number };

/**
 * The IVR's four file fields, each refusing a file it does not take as soon as
 * it is picked; under each, the draft's kept attachment of its role.
 */
export function IvrFileFields({ errors, optional = false, kept = [] }: { errors: Record<string, string>; optional?: boolean; kept?: readonly KeptAttachment[] }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {IVR_FILE_FIELDS.map((f) => {
        const mine = kept.filter((k) => k.role === f.role);
        return (
          <div key={f.name} className="flex min-w-0 flex-col gap-2">
            <FileField
              label={optional ? `${f.label} (optional)` : f.label}
              name={f.name}
              rule={IVR_ATTACHMENT}
              error={errors[f.name]}
              hint={mine.length > 0 ? "A file picked here replaces the attached one." : undefined}
            />
            {mine.map((k) => (
              <KeptFile key={k.id} file={k} label={f.label} />
            ))}
          </div>
        );
      })}
    </div>
  );
}

function KeptFile({ file, label }: { file: KeptAttachment; label: string }) {
  const id = React.useId();
  return (
    <div className="flex flex-col gap-1 rounded-lg border border-border bg-muted/50 px-3 py-2 text-sm">
      <p className="min-w-0 break-words">
        <span className="font-medium">Attached:</span> {file.name} <span className="text-muted-foreground">({formatBytes(file.size)})</span>
      </p>
      <div className="flex items-center gap-2">
        <Checkbox id={id} name="removeFile" value={file.id} />
        <label htmlFor={id}>
          Remove <span className="sr-only">{`${label}: ${file.name}`}</span>
        </label>
      </div>
    </div>
  );
}
