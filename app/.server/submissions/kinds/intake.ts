import { optionLabel } from "~/lib/schemas/fields";
import { roleOptions } from "~/lib/schemas/intake-options";
import type { IntakeInput } from "~/lib/schemas/intake";
import { intakes } from "~/.server/db/schema";
import { defineKind } from "./record";

export const intake = defineKind({
  kind: "intake",
  table: intakes,
  person: ({ firstName, lastName, email }: IntakeInput) => ({ firstName, lastName, email }),
  row: (input) => ({ phone: input.phone, organization: input.organization, role: input.role, query: input.query }),
  read: (r) => ({ phone: r.phone, organization: r.organization, role: optionLabel(roleOptions, r.role), query: r.query }),
  inbox: { organization: intakes.organization, phone: intakes.phone, summary: intakes.query, text: [intakes.query] },
  mailTo: (env) => env.MAIL_TO_INTAKE,
  notification: (row, p) => ({
    subject: `Free consultation request from ${p.firstName} ${p.lastName}, ${row.organization}`,
    heading: "A provider asked for a free consultation.",
  }),
  confirmation: {
    subject: "Your free consultation request",
    what: "request for a free 30-minute consultation",
    promise: "Our team will contact you within 24 hours by email or phone to schedule it.",
  },
});
