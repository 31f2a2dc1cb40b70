/** Contexts of the sealed columns: a value copied into another column does not open. */
export const SEALED = {
  clinical: "ivrs.clinical",
  draft: "ivrs.draft",
  signer: "ivrs.attestation_signer",
  message: "ivrs.request_message",
  fileName: "ivr_files.name",
  fileContent: "ivr_files.content",
  result: "ivr_verifications.result",
  note: "ivr_history.note",
  raw271: "eligibility_checks.raw_271",
  eligibilitySummary: "eligibility_checks.summary",
} as const;
