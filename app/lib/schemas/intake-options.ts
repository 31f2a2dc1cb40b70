import type { Option } from "./fields";

export type IntakeRole =
  | "physician"
  | "practice-manager"
  | "administrator"
  | "nurse"
  | "billing"
  | "industry-representative"
  | "other";

/** The role is descriptive data only (SPEC section 3). */
export const roleOptions = [
  { value: "physician", label: "Physician" },
  { value: "practice-manager", label: "Practice Manager" },
  { value: "administrator", label: "Administrator" },
  { value: "nurse", label: "Nurse" },
  { value: "billing", label: "Billing Staff" },
  { value: "industry-representative", label: "Industry Representative" },
  { value: "other", label: "Other" },
] as const satisfies readonly [Option<IntakeRole>, ...Option<IntakeRole>[]];
