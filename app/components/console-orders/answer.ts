import type { RecordAnswer } from "~/components/record/record-form";

/** The forms of the console's order page, by the `intent` each posts. */
export type OrderIntent = "confirm" | "cancel" | "ship" | "tracking" | "deliver" | "invoice" | "payment";

/** The confirm step of a plain post's cancel: the reason typed goes on to the second step. */
export type OrderCancelStep = { ok: false; confirm: "cancel"; reason: string };

/** What the order page's action answers when it does not redirect: a form's answer, or the cancel's confirm step. */
export type OrderAnswer = RecordAnswer<OrderIntent, OrderCancelStep>;

/** Heads a change the order's state (or a rule of the step) refuses. */
export const ORDER_REFUSED = "Not done";
