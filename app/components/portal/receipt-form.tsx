import { CircleCheck, CircleDashed, CircleAlert } from "lucide-react";
import * as React from "react";
import { Field } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { typedText, useRecordForm } from "~/components/record/record-form";
import { CameraScan } from "~/components/scan/camera-scan";
import { Textarea } from "~/components/ui/textarea";
import { GROUP_SEPARATOR, isGroupSeparatorKey, isScanError, readScan } from "~/lib/identifiers";
import type { FormAnswer } from "~/lib/form-result";

type Unit = { key: string; tissueId: string; received: boolean };

/** The identifiers each line reads as (a line that cannot be read is left out: the server names it). */
function scannedIds(text: string): string[] {
  const ids: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === "") continue;
    const reading = readScan(trimmed);
    if (!isScanError(reading) && reading.tissueId) ids.push(reading.tissueId);
  }
  return ids;
}

/**
 * The practice confirms the box's contents: each unit's label scanned (a
 * scanner types the code and Enter, so each lands on its own line), read with
 * the camera, or typed. As lines come in, the list says which of the order's
 * units are found and what is not in this order; the server reads the lines
 * again and keeps what does not match for staff.
 */
export function ReceiptForm({ units, answer }: { units: readonly Unit[]; answer: FormAnswer | undefined }) {
  const receipt = useRecordForm(answer, undefined, { resetOnSuccess: true });
  const t = typedText(answer);
  const [text, setText] = React.useState(t("scans") ?? "");
  const areaRef = React.useRef<HTMLTextAreaElement>(null);
  const ids = scannedIds(text);
  const ours = new Set(units.map((u) => u.tissueId));
  const strangers = [...new Set(ids.filter((id) => !ours.has(id)))];
  const waiting = units.filter((u) => !u.received);
  const found = waiting.filter((u) => ids.includes(u.tissueId)).length;

  function addLine(value: string) {
    setText((before) => (before.trim() === "" ? `${value}\n` : `${before.replace(/\n*$/, "")}\n${value}\n`));
    areaRef.current?.focus();
  }

  return (
    <receipt.fetcher.Form {...receipt.formProps} className="flex flex-col gap-3 rounded-xl border border-border p-4">
      <input type="hidden" name="intent" value="receive" />
      <h3 className="text-base font-semibold text-navy">Confirm receipt</h3>
      <p className="text-sm text-muted-foreground">
        Scan each graft&apos;s label as you unpack the box (each scan goes on its own line), or type its tissue identifier. Units you
        receive join your stock; anything missing or not in this order is passed to us.
      </p>
      <Field label="Scanned identifiers" name="scans" required error={receipt.errors.scans} hint="One identifier a line.">
        {(control) => (
          <Textarea
            {...control}
            ref={areaRef}
            rows={Math.min(8, Math.max(3, waiting.length + 1))}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={(event) => {
              // A scanner types a GS1 label's group separator as Ctrl+], which a text box would drop.
              if (!isGroupSeparatorKey(event)) return;
              event.preventDefault();
              const area = event.currentTarget;
              area.setRangeText(GROUP_SEPARATOR, area.selectionStart, area.selectionEnd, "end");
              setText(area.value);
            }}
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
          />
        )}
      </Field>
      <CameraScan onRead={addLine} className="self-start" />
      {ids.length > 0 ? (
        <div aria-live="polite" className="flex flex-col gap-1 text-sm">
          <p className="font-medium">
            {found} of {waiting.length} {waiting.length === 1 ? "unit" : "units"} to receive found.
          </p>
          <ul className="flex flex-col gap-1">
            {waiting.map((u) => (
              <li key={u.key} className="flex items-center gap-2">
                {ids.includes(u.tissueId) ? (
                  <CircleCheck aria-hidden className="size-4 shrink-0 text-success" />
                ) : (
                  <CircleDashed aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                )}
                <span className="font-mono break-all">{u.tissueId}</span>
                <span className="sr-only">{ids.includes(u.tissueId) ? ": found" : ": not scanned yet"}</span>
              </li>
            ))}
            {strangers.map((id) => (
              <li key={id} className="flex items-center gap-2 text-warning">
                <CircleAlert aria-hidden className="size-4 shrink-0" />
                <span className="font-mono break-all">{id}</span>
                <span>: not in this order</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <SubmitButton pending={receipt.pending} pendingText="Recording..." className="w-fit">
        Confirm receipt
      </SubmitButton>
    </receipt.fetcher.Form>
  );
}
