import { data } from "react-router";
import type { Route } from "./+types/ivrs-detail";
import { IVR_REFUSED, type IvrCancelStep } from "~/components/console-ivrs/answer";
import { isUuid } from "~/lib/ids";
import { IVR_STATUS_LABELS, type IvrStatus } from "~/lib/ivr";
import { needsInformationSchema } from "~/lib/schemas/ivr";
import { verificationSchema } from "~/lib/schemas/verification";
import { verificationFormDefaults } from "~/lib/verification-words";
import { requireRole } from "~/.server/accounts";
import { getDb } from "~/.server/db/client";
import { redirectWithFlash } from "~/.server/http/flash";
import { answerForm } from "~/.server/http/form-action";
import { MAX_TEXT_FORM_BYTES } from "~/.server/http/form-body";
import { notFound } from "~/.server/http/not-found";
import { ivrEligibility, moveIvr, readEligibilityAsStaff, readIvrAsStaff, recordVerification, requestEligibilityCheck, requestInformation, todayUtc } from "~/.server/ivr";
import { inTransaction } from "~/.server/db/transaction";
import { ordersOfIvr } from "~/.server/orders";
import { authorisationViews, recordAuthorisation } from "~/.server/authorisations";
import { authorisationSchema } from "~/lib/schemas/authorisation";
import { products } from "~/content/products";
import { getPractice } from "~/.server/practices";
import { clientInfo } from "~/.server/request-context";
import { conversationIntents, threadForPage } from "~/.server/conversations/page";
import { benefitFilterOf, eligibilityView, payerVerificationValues, fromPayerOf, VERIFICATION_FIELD_LABELS } from "./ivrs-eligibility.server";
import { defaultValidUntil, filesView, historyView, ivrSections, ivrSummary, NETWORK_CHOICES, ordersView, outcomeOptions, verificationsView } from "./ivrs-view.server";

/** Opening the page is a staff read of patient data: readIvrAsStaff writes its audit row. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const me = await requireRole(request, "staff");
  if (!isUuid(params.id)) notFound();
  const db = getDb();
  const actor = { email: me.email, ip: clientInfo(context).ip };
  const detail = await readIvrAsStaff(db, { id: params.id, actor });
  if (!detail) notFound();
  const [practice, orders, authorisations, eligibility, messages] = await Promise.all([
    getPractice(db, detail.row.practiceId),
    ordersOfIvr(db, { ivrId: detail.row.id, practiceId: null }),
    authorisationViews(db, detail.row.id, todayUtc()),
    // The payer's answer is the patient's data too: its read is audited on its own (`ivr.eligibility`).
    readEligibilityAsStaff(db, { ivrId: detail.row.id, patientId: detail.row.patientId, actor }),
    // The conversation with the practice (read with the IVR, audited above); opening the page marks it read.
    threadForPage(db, { kind: "ivr", id: detail.row.id }, me.id),
  ]);
  const status = detail.row.status;
  const lastVerification = detail.verifications[0];
  const payer = payerVerificationValues(eligibility.latest?.summary);
  // The payer's figures fill the form unless a verification recorded after the answer says otherwise.
  const answerIsNewer = eligibility.latest && (!lastVerification || eligibility.latest.answeredAt > lastVerification.verifiedAt);
  const fromVerification = verificationFormDefaults(lastVerification);
  const keptFromLast = Object.fromEntries(Object.entries(fromVerification).filter(([, v]) => v !== ""));
  const verifyDefaults = answerIsNewer ? { ...fromVerification, ...payer } : { ...fromVerification, ...payer, ...keptFromLast };
  const payerFields = Object.keys(payer).filter((name) => verifyDefaults[name] === payer[name]);
  return {
    id: detail.row.id,
    reference: detail.reference,
    status,
    practice: practice ? { id: practice.id, name: practice.name } : null,
    // An admin can see who else read this patient's data.
    patientAccess: me.role === "admin" && detail.patient ? { href: `/admin/patients/${detail.patient.id}`, reference: detail.patient.reference } : null,
    submittedAt: detail.row.submittedAt,
    validUntil: detail.row.validUntil,
    summary: ivrSummary(detail),
    sections: ivrSections(detail),
    warnings: detail.warnings,
    requestMessage: detail.requestMessage,
    files: filesView(detail.files),
    history: historyView(detail.history),
    verifications: verificationsView(detail.verifications),
    outcomes: outcomeOptions(status),
    networks: NETWORK_CHOICES,
    validUntilDefault: defaultValidUntil(todayUtc()),
    // A prior-auth decision, or a second verification, starts from what the last one found.
    verifyDefaults,
    eligibility: eligibilityView(eligibility, benefitFilterOf(new URL(request.url).searchParams)),
    payerPrefill: { fields: payerFields.map((name) => VERIFICATION_FIELD_LABELS[name] ?? name), answeredAt: eligibility.latest?.answeredAt ?? null },
    orders: ordersView(orders),
    authorisations,
    authorisationProducts: products.map((p) => ({ value: p.slug, label: p.name })),
    messages,
  };
}

/** The moves without a form of their own: a button each, and what the flash says once made. */
const MOVES: Record<"review" | "prior-auth-sent" | "cancel", { to: IvrStatus; done: string }> = {
  review: { to: "in_review", done: "Review started" },
  "prior-auth-sent": { to: "prior_auth_submitted", done: "Prior authorization marked as submitted" },
  cancel: { to: "cancelled", done: "IVR cancelled" },
};

/**
 * The IVR's work, one intent per form, answered by the one form answerer
 * (decision 009): a move the lifecycle's table refuses heads the page, a
 * verification whose dates break a rule is said beside the date, and a
 * database failure answers 503 with what was typed kept.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await requireRole(request, "staff");
  if (!isUuid(params.id)) notFound();
  const id = params.id;
  const db = getDb();
  const actor = { email: me.email, ip: clientInfo(context).ip };
  const back = `/admin/ivrs/${id}`;
  const done = (title: string, description: string) => redirectWithFlash(back, { title, description, variant: "success" });
  const move = async (intent: keyof typeof MOVES) => {
    const { to, done: title } = MOVES[intent];
    if (!(await moveIvr(db, { id, to, actor }))) notFound();
    return done(title, `The IVR is now ${IVR_STATUS_LABELS[to]}.`);
  };

  return answerForm(request, {
    read: { maxBytes: MAX_TEXT_FORM_BYTES, multiline: ["message", "noteToPractice", "body"] },
    title: IVR_REFUSED,
    intents: {
      message: conversationIntents({ db, ref: { kind: "ivr", id }, practiceId: null, side: "staff", author: { id: me.id, email: me.email }, here: back }).message,
      review: () => move("review"),
      "prior-auth-sent": () => move("prior-auth-sent"),
      cancel: async ({ values }) => {
        // Cancelling is confirmed first: in a dialog, or without JavaScript in a second step.
        if (values.confirmed !== "1") return data({ ok: false, confirm: "cancel", intent: "cancel" } satisfies IvrCancelStep & { intent: "cancel" });
        return move("cancel");
      },
      eligibility: async () => {
        const asked = await inTransaction(db, (tx) => requestEligibilityCheck(tx, { ivrId: id, why: "again", requestedBy: me.email }));
        if (asked.queued) return done("Eligibility check asked", "The payer's answer shows on this page once it comes.");
        return redirectWithFlash(back, { title: "No check asked", description: asked.message, variant: "default" });
      },
      information: async ({ parse }) => {
        const { message } = parse(needsInformationSchema);
        if (!(await requestInformation(db, { id, actor, message, askedBy: me.id }))) notFound();
        return done("Information requested", "The practice sees your message and can answer it.");
      },
      authorisation: async ({ parse }) => {
        const input = parse(authorisationSchema);
        await recordAuthorisation(db, { ivrId: id, actor, input });
        return done("Authorisation saved", `${input.authorisedApplications} applications from ${input.validFrom} to ${input.validTo}.`);
      },
      verify: async ({ parse }) => {
        const input = parse(verificationSchema);
        // Which values staff kept from the payer's latest answer: recorded with the verification.
        const fromPayer = fromPayerOf(input, payerVerificationValues((await ivrEligibility(db, id)).latest?.summary));
        if (!(await recordVerification(db, { id, actor, input, fromPayer }))) notFound();
        return done("Verification recorded", `The IVR is now ${IVR_STATUS_LABELS[input.outcome]}.`);
      },
    },
  });
}
