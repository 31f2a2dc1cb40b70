import { z } from "zod";
import { centsOf } from "~/lib/format";
import { PARTNER_PLANS } from "~/lib/partners";

/**
 * The forms of a partner's console page (/admin/partners/:id), told apart by
 * their `intent`: assign a practice, unassign one, set the upline and split,
 * set the plan. Browser and server run these.
 */

export const CHOOSE_PRACTICE = "Choose a practice from the list.";
export const SPLIT_MESSAGE = "Enter the sub-partner's share as a percent from 0 to 100 (70 or 72.5).";
export const FEE_MESSAGE = "Enter the monthly fee in dollars, more than 0 and at most $1,000,000 (250 or 250.00).";
export const PERCENT_MESSAGE = "Enter the percentage from 0.01 to 100 (5 or 2.5).";
export const ACCEPT_RISK_MESSAGE = "Accept the Anti-Kickback warning to set a percentage plan.";

/** A monthly fee above this is a typing mistake (and would not fit the column). */
export const MAX_FEE_CENTS = 100_000_000;

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** A percent typed ("72.5", "5%") as basis points, or null when it is not one with at most two decimals. */
export function bpsOf(value: string | undefined): number | null {
  const text = (value ?? "").trim().replace(/%$/, "").trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) return null;
  const bps = Math.round(Number(text) * 100);
  return bps <= 10_000 ? bps : null;
}

const practiceId = z.uuid({ error: CHOOSE_PRACTICE });

export const partnerActionSchema = z
  .discriminatedUnion(
    "intent",
    [
      z.object({ intent: z.literal("assign"), practiceId: z.preprocess(blankToUndefined, practiceId) }),
      z.object({ intent: z.literal("unassign"), practiceId }),
      z.object({
        intent: z.literal("upline"),
        /** Empty: no upline (the partner stands alone). */
        parentId: z.preprocess(blankToUndefined, z.uuid({ error: "Choose the upline partner from the list." }).optional()),
        split: z.string().optional(),
      }),
      z.object({
        intent: z.literal("plan"),
        plan: z.enum(PARTNER_PLANS, { error: "Choose a plan." }),
        monthlyFee: z.string().optional(),
        percent: z.string().optional(),
        acceptRisk: z.string().optional(),
      }),
    ],
    { error: "Unknown action" },
  )
  .superRefine((value, ctx) => {
    if (value.intent === "upline" && value.parentId && bpsOf(value.split) === null) ctx.addIssue({ code: "custom", path: ["split"], message: SPLIT_MESSAGE });
    if (value.intent === "plan") {
      const fee = centsOf(value.monthlyFee) ?? 0;
      if (value.plan === "fixed" && !(fee > 0 && fee <= MAX_FEE_CENTS)) ctx.addIssue({ code: "custom", path: ["monthlyFee"], message: FEE_MESSAGE });
      if (value.plan === "percentage") {
        if (!((bpsOf(value.percent) ?? 0) > 0)) ctx.addIssue({ code: "custom", path: ["percent"], message: PERCENT_MESSAGE });
        if (value.acceptRisk !== "on") ctx.addIssue({ code: "custom", path: ["acceptRisk"], message: ACCEPT_RISK_MESSAGE });
      }
    }
  });

export type PartnerAction = z.output<typeof partnerActionSchema>;

/** The one form of a partner-callback submission's page that makes its sender a partner. */
export const makePartnerSchema = z.object({ intent: z.literal("make-partner") });
