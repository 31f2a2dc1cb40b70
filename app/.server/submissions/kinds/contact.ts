import type { ContactInput } from "~/lib/schemas/contact";
import { contactMessages } from "~/.server/db/schema";
import { defineKind } from "./record";

export const REPLY_PROMISE = "A member of our team will get back to you within 24 hours.";

export const contact = defineKind({
  kind: "contact",
  table: contactMessages,
  person: ({ firstName, lastName, email }: ContactInput) => ({ firstName, lastName, email }),
  row: (input) => ({ company: input.company ?? null, message: input.message }),
  read: (r) => ({ company: r.company, message: r.message }),
  inbox: { organization: contactMessages.company, summary: contactMessages.message, text: [contactMessages.message] },
  mailTo: (env) => env.MAIL_TO_CONTACT,
  notification: (_row, p) => ({
    subject: `Contact message from ${p.firstName} ${p.lastName}`,
    heading: "A visitor sent a message through the website's contact form.",
  }),
  confirmation: { subject: "We received your message", what: "message", promise: REPLY_PROMISE },
});
