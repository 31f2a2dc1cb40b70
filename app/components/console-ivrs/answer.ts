import type { RecordAnswer } from "~/components/record/record-form";

/** The forms of the console's IVR page, by the `intent` each posts. */
export type IvrIntent = "review" | "prior-auth-sent" | "cancel" | "information" | "verify" | "authorisation" | "eligibility";

/** The confirm step of a plain post's cancel. */
export type IvrCancelStep = { ok: false; confirm: "cancel" };

/** What the IVR page's action answers when it does not redirect: a form's answer, or the cancel's confirm step. */
export type IvrAnswer = RecordAnswer<IvrIntent, IvrCancelStep>;

/** Heads a change the IVR's state refuses. */
export const IVR_REFUSED = "Not done";
