import type { IconName } from "./types";

/**
 * The referral landing page (/r/CODE): what a sales partner's contacts read
 * about us, in a few lines, under "<partner> invites you to ...".
 */
export const referralPitch = {
  invitesTo: "Wound-care grafts, with the paperwork done for you.",
  lead: "Order skin substitutes and amniotic grafts for your patients, with the insurance verification, prior authorisation and billing support handled by our reimbursement team.",
  points: [
    { icon: "shield-check", title: "Same-day insurance verification", text: "Send an IVR online; results come back in 30 minutes to 3 hours on business days." },
    { icon: "monitor", title: "One portal for the whole practice", text: "IVRs, orders, invoices and stock in one place, with a role for each person." },
    { icon: "headphones", title: "People who answer", text: "Reimbursement specialists by phone and email, and emergency support around the clock." },
  ] satisfies readonly { icon: IconName; title: string; text: string }[],
  /** Under the buttons: why the partner will know. */
  attribution: (partner: string) => `You came by a link from ${partner}: if you ask for portal access or a consultation in the next 90 days, we let ${partner} know, so they can help you get started.`,
} as const;
