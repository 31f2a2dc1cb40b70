import { optionLabel } from "~/lib/schemas/fields";
import { bestTimeOptions, experienceOptions } from "~/lib/schemas/partner-callback-options";
import type { PartnerCallbackInput } from "~/lib/schemas/partner-callback";
import { callbacks } from "~/.server/db/schema";
import { defineKind } from "./record";

export const callback = defineKind({
  kind: "callback",
  table: callbacks,
  person: ({ firstName, lastName, email }: PartnerCallbackInput) => ({ firstName, lastName, email }),
  row: (input) => ({
    phone: input.phone,
    currentRole: input.currentRole ?? null,
    experience: input.experience ?? null,
    territory: input.territory ?? null,
    bestTimeToCall: input.bestTimeToCall ?? null,
    additionalInfo: input.additionalInfo ?? null,
  }),
  read: (r) => ({
    phone: r.phone,
    currentRole: r.currentRole,
    experience: optionLabel(experienceOptions, r.experience ?? undefined),
    territory: r.territory,
    bestTimeToCall: optionLabel(bestTimeOptions, r.bestTimeToCall ?? undefined),
    additionalInfo: r.additionalInfo,
  }),
  inbox: { phone: callbacks.phone, summary: callbacks.additionalInfo, text: [callbacks.additionalInfo] },
  mailTo: (env) => env.MAIL_TO_CALLBACK,
  notification: (_row, p) => ({
    subject: `Partner program callback request from ${p.firstName} ${p.lastName}`,
    heading: "A prospective 1099 partner asked for a callback.",
  }),
  confirmation: {
    subject: "Your partner program callback request",
    what: "request for a callback about our partner program",
    promise: "Our team will contact you within 24 hours to discuss the opportunity.",
  },
});
