import { CircleAlert, ScanLine } from "lucide-react";
import * as React from "react";
import { Field } from "~/components/forms/field";
import { Input } from "~/components/ui/input";
import { GROUP_SEPARATOR, isGroupSeparatorKey, isScanError, readScan, type ScanReading } from "~/lib/identifiers";
import { cn } from "~/lib/utils";
import { CameraScan } from "./camera-scan";
import { describeReading } from "./describe-reading";

/** React's own value setter, so that setting a value by code is seen as typing by the form's listeners. */
function setTypedValue(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, value);
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

/**
 * A text field for a graft's identifier, typed, scanned with a handheld
 * scanner (which types the barcode's text, then Enter) or, on a phone or
 * tablet, read with the camera. Under it, as the text comes in, a line says
 * what was read ("GS1: GTIN … · lot … · expires … · serial …") or why it cannot
 * be read; the server reads the sent text again, so without JavaScript it is a
 * plain text field.
 *
 * With `onScan`, the field collects several scans: Enter (or a barcode read by
 * the camera) hands a readable scan to `onScan` and empties the field for the
 * next one, instead of sending the form; a scan that cannot be read stays in
 * the field with its message. Without it, Enter sends the form as usual.
 */
export function ScanField({
  name,
  label,
  defaultValue = "",
  error,
  hint,
  required = false,
  onScan,
  className,
}: {
  name: string;
  label: React.ReactNode;
  defaultValue?: string;
  /** The server's message about the sent text. */
  error?: string;
  hint?: React.ReactNode;
  /** Not with `onScan`: the field is empty again after each scan. */
  required?: boolean;
  /** A readable scan, with the text as scanned (the field is emptied after). */
  onScan?: (text: string, reading: ScanReading) => void;
  className?: string;
}) {
  const inputRef = React.useRef<HTMLInputElement>(null);
  const [text, setText] = React.useState(defaultValue);
  const readingId = React.useId();

  const description = text.trim() === "" ? null : describeReading(readScan(text));
  // The server's message already says why the sent text cannot be read: not twice.
  const shown = description && !(description.error && error && text === defaultValue) ? description : null;

  function handOver(input: HTMLInputElement) {
    if (!onScan || input.value.trim() === "") return;
    const result = readScan(input.value);
    if (isScanError(result)) return;
    onScan(input.value, result);
    setTypedValue(input, "");
    setText("");
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    if (isGroupSeparatorKey(event)) {
      event.preventDefault();
      input.setRangeText(GROUP_SEPARATOR, input.selectionStart ?? input.value.length, input.selectionEnd ?? input.value.length, "end");
      // Heard as typing, by this field's onChange and by the form's listeners.
      input.dispatchEvent(new Event("input", { bubbles: true }));
    } else if (event.key === "Enter" && onScan && !event.nativeEvent.isComposing) {
      event.preventDefault();
      handOver(input);
    }
  }

  function onCameraRead(scanned: string) {
    const input = inputRef.current;
    if (!input) return;
    setTypedValue(input, scanned);
    setText(scanned);
    input.focus();
    handOver(input);
  }

  return (
    <Field label={label} name={name} error={error} hint={hint} required={required} className={className}>
      {(control) => (
        <>
          <div className="flex flex-wrap gap-2">
            <Input
              {...control}
              ref={inputRef}
              aria-describedby={[control["aria-describedby"], readingId].filter(Boolean).join(" ")}
              defaultValue={defaultValue}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={onKeyDown}
              autoComplete="off"
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
              enterKeyHint={onScan ? "next" : undefined}
              fullWidth={false}
              className="min-w-0 flex-1 basis-56"
            />
            <CameraScan onRead={onCameraRead} />
          </div>
          {/* Always on the page (out of sight while empty), so screen readers announce the line when it changes. */}
          <p id={readingId} aria-live="polite" className={cn("text-sm empty:sr-only", shown?.error ? "font-medium text-destructive" : "text-muted-foreground")}>
            {shown ? (
              <span className="flex items-start gap-1.5">
                {shown.error ? <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" /> : <ScanLine aria-hidden className="mt-0.5 size-4 shrink-0" />}
                <span className="min-w-0 break-words">
                  {shown.text}
                  {!shown.error && shown.next ? <span className="mt-0.5 block text-foreground">{shown.next}</span> : null}
                </span>
              </span>
            ) : null}
          </p>
        </>
      )}
    </Field>
  );
}
