import { IVR_STATUS_LABELS, type IvrStatus } from "~/lib/ivr";
import type { NotificationEvent } from "~/lib/notifications";
import { CARRIERS, type Carrier } from "~/lib/orders";

/**
 * What a text says, as data. A text carries a reference and a status, a
 * carrier and its tracking number, and the company's name: never patient
 * data. Each value is checked against what it must look like before it is
 * put in, so a caller that passed a name or a note by mistake gets an error,
 * not a text. Every text of these templates with the default company name
 * fits one GSM-7 segment (160 characters); texts.test.ts checks both.
 */

export const SMS_TEMPLATES: Record<NotificationEvent, string> = {
  ivrStatus: "{site}: {reference} is now {status}. Sign in to see it.",
  newMessage: "{site}: new message on {reference}. Sign in to read it.",
  orderShipped: "{site}: {reference} has shipped by {carrier}, tracking {tracking}. Sign in to see it.",
  orderDelivered: "{site}: {reference} was delivered. Sign in to see it.",
  invoiceIssued: "{site}: invoice {reference} is ready. Sign in to see it.",
};

/** Replies to a keyword, and the code text: carriers (CTIA) ask for the sender's name, help and how to stop. */
export const SMS_REPLIES = {
  help: "{site}: IVR and order updates. Help: {phone}. Msg frequency varies. Msg&data rates may apply. Reply STOP to cancel.",
  optOut: "{site}: you are unsubscribed and will receive no more texts. Reply START to resubscribe.",
  optIn: "{site}: texts are on again. Msg frequency varies. Msg&data rates may apply. Reply HELP for help, STOP to cancel.",
  confirmationCode: "{site}: your confirmation code is {code}. It expires in {minutes} minutes. Reply STOP to cancel.",
} as const;

const REFERENCE = { ivr: /^IVR-\d{6,}$/, order: /^ORD-\d{6,}$/, invoice: /^INV-\d{6,}$/ };
/** Tracking numbers of UPS, FedEx, USPS and couriers: letters and digits, with a hyphen at most between groups. */
const TRACKING = /^[A-Z0-9]+(?:-[A-Z0-9]+)*$/i;

export type SmsTextInput =
  | { event: "ivrStatus"; reference: string; status: IvrStatus }
  | { event: "newMessage"; reference: string }
  | { event: "orderShipped"; reference: string; carrier: Carrier; tracking: string }
  | { event: "orderDelivered"; reference: string }
  | { event: "invoiceIssued"; reference: string };

function checked(value: string, pattern: RegExp, what: string): string {
  if (!pattern.test(value) || value.length > 40) throw new Error(`a text's ${what} must match ${pattern}`);
  return value;
}

/** Puts the values in a template's {names}; a name without a value is a mistake in the template. */
function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {${name}}`);
    return value;
  });
}

/** The company's name as a text names it: one line, no braces. */
function siteName(site: string): string {
  return site.replace(/[\s{}]+/g, " ").trim();
}

/** The text of an event, from its checked values. */
export function smsText(input: SmsTextInput, site: string): string {
  const values: Record<string, string> = { site: siteName(site) };
  switch (input.event) {
    case "ivrStatus":
      values.reference = checked(input.reference, REFERENCE.ivr, "reference");
      values.status = IVR_STATUS_LABELS[input.status];
      if (!values.status) throw new Error("unknown IVR status");
      break;
    case "newMessage":
      values.reference = checked(input.reference, new RegExp(`${REFERENCE.ivr.source}|${REFERENCE.order.source}`), "reference");
      break;
    case "orderShipped": {
      values.reference = checked(input.reference, REFERENCE.order, "reference");
      const carrier = CARRIERS.find((c) => c.value === input.carrier);
      if (!carrier) throw new Error("unknown carrier");
      values.carrier = carrier.label;
      values.tracking = checked(input.tracking, TRACKING, "tracking number");
      break;
    }
    case "orderDelivered":
      values.reference = checked(input.reference, REFERENCE.order, "reference");
      break;
    case "invoiceIssued":
      values.reference = checked(input.reference, REFERENCE.invoice, "reference");
      break;
  }
  return fill(SMS_TEMPLATES[input.event], values);
}

/** The reply to HELP: the company's name and phone. */
export function helpReply(site: { companyName: string; phone: string }): string {
  return fill(SMS_REPLIES.help, { site: siteName(site.companyName), phone: site.phone });
}

export function optOutReply(site: { companyName: string }): string {
  return fill(SMS_REPLIES.optOut, { site: siteName(site.companyName) });
}

export function optInReply(site: { companyName: string }): string {
  return fill(SMS_REPLIES.optIn, { site: siteName(site.companyName) });
}

/**
 * The text carrying a confirmation code. With the site's host, a last line
 * "@host #code" lets the phone offer the code in the form by itself
 * (origin-bound one-time codes, read by Safari and Chrome).
 */
export function confirmationCodeText(code: string, minutes: number, site: { companyName: string; host?: string }): string {
  const text = fill(SMS_REPLIES.confirmationCode, { site: siteName(site.companyName), code: checked(code, /^\d{6}$/, "code"), minutes: String(minutes) });
  return site.host ? `${text}\n\n@${site.host} #${code}` : text;
}
