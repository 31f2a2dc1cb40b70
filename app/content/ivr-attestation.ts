/**
 * The attestation a provider's office signs on an IVR, by typing the signer's
 * name. Its version is stored with every signature: a change of wording gets
 * a new version, and old signatures keep pointing at the text they signed.
 */
export const IVR_ATTESTATION = {
  version: "2026-11-1",
  text:
    "I attest that the information in this request is accurate and complete to the best of my knowledge, " +
    "that it is supported by the patient's medical record, that the patient has authorised the release of " +
    "this information for verification of benefits, and that I am authorised to sign for the practice.",
} as const;
