import { z } from "zod";
import { isValidGtin, TISSUE_ID, TISSUE_ID_RULE } from "~/lib/identifiers";
import { RECALL_BY, type RecallBy } from "~/lib/inventory/recalls";
import { LIMITS, optionValues, requiredText } from "./common";
import { LOT, LOT_RULE } from "./order";

/**
 * The console's recall: what to look for (a lot, a tissue identifier or a
 * GTIN, with the same character rules as when the unit was shipped, so a
 * value that could never have been recorded is said at once), and, to start
 * it, the reason the practices read.
 */

export const RECALL_REASON_MAX = 1000;

const VALUE_MISSING: Record<RecallBy, string> = {
  lot: "Enter the lot",
  tissue: "Enter the tissue identifier",
  gtin: "Enter the GTIN",
};

/** What is wrong with `value` as a value of `by`, or null. */
export function recallValueIssue(by: RecallBy, value: string): string | null {
  if (value === "") return VALUE_MISSING[by];
  if (by === "lot") return LOT.test(value) ? null : LOT_RULE;
  if (by === "tissue") return TISSUE_ID.test(value) ? null : TISSUE_ID_RULE;
  if (!/^\d{14}$/.test(value)) return "A GTIN is 14 digits";
  return isValidGtin(value) ? null : "This GTIN's check digit is wrong: check the digits against the label";
}

const searchShape = {
  by: z.enum(optionValues(RECALL_BY), { error: "Choose what to look for" }),
  value: z.string({ error: "Enter what to look for" }).trim().max(LIMITS.name, "At most 100 characters"),
};

function checkValue(v: { by: RecallBy; value: string }, ctx: z.RefinementCtx) {
  const issue = recallValueIssue(v.by, v.value);
  if (issue) ctx.addIssue({ code: "custom", path: ["value"], message: issue });
}

/** The search (a GET form: its address can be shared). */
export const recallSearchSchema = z.object(searchShape).superRefine(checkValue);

/** Quarantine and notify: the search it acts on and the reason. */
export const recallStartSchema = z
  .object({ ...searchShape, reason: requiredText("Reason", RECALL_REASON_MAX, "Say why these units are recalled: the practices read it") })
  .superRefine(checkValue);

export type RecallSearch = z.output<typeof recallSearchSchema>;
export type RecallStartInput = z.output<typeof recallStartSchema>;
