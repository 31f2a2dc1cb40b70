import { DEFAULT_TIME_ZONE } from "~/content/time-zones";
import { formatDateTime } from "~/lib/format";

export type FieldLine = { label: string; value: string | number | boolean | null | undefined };

function show(value: FieldLine["value"]): string {
  if (value === null || value === undefined || value === "") return "(not given)";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return String(value);
}

/** Plain-text body listing every field; multi-line values are indented under their label. */
export function fieldsText(fields: readonly FieldLine[]): string {
  return fields
    .map(({ label, value }) => {
      const text = show(value);
      return text.includes("\n") ? `${label}:\n  ${text.replace(/\r?\n/g, "\n  ")}` : `${label}: ${text}`;
    })
    .join("\n");
}

export function notificationText({
  heading,
  sections,
  reference,
  receivedAt,
}: {
  heading: string;
  sections: readonly { title?: string; fields: readonly FieldLine[] }[];
  reference: string;
  receivedAt: Date;
}): string {
  const body = sections.map((s) => (s.title ? `${s.title}\n${"-".repeat(s.title.length)}\n` : "") + fieldsText(s.fields));
  return [
    heading,
    "",
    ...body.flatMap((b) => [b, ""]),
    `Reference: ${reference}`,
    // The company's inbox reads it: the company's zone, named ("Nov 27, 2026, 9:14 AM MST").
    `Received: ${formatDateTime(receivedAt, DEFAULT_TIME_ZONE)}`,
    "Open the staff console to change its status or add notes.",
    "",
  ].join("\n");
}

/**
 * A first name we may put in a mail: letters (with their accents), spaces,
 * hyphens and apostrophes, at most 50 characters. A confirmation goes to
 * whatever address someone typed, so anything else they typed (a link, lines
 * of text) would reach a stranger in a mail from the company.
 */
const NAME = /^\p{L}[\p{L}\p{M} '’-]{0,49}$/u;

export function greeting(firstName: string): string {
  const name = firstName.trim().normalize("NFC");
  return NAME.test(name) ? `Dear ${name},` : "Hello,";
}

/** The mail to the submitter: nothing they typed but a first name that looks like one. */
export function confirmationText({
  firstName,
  companyName,
  what,
  promise,
  phone,
}: {
  firstName: string;
  companyName: string;
  what: string;
  promise: string;
  phone: string;
}): string {
  return [
    greeting(firstName),
    "",
    `Thank you for contacting ${companyName}. We have received your ${what}.`,
    promise,
    "",
    `If your matter is urgent, call us at ${phone}.`,
    "",
    "Kind regards,",
    companyName,
    "",
    "You receive this message because this address was entered on our website. If that was not you, please ignore it.",
    "",
  ].join("\n");
}
