import type { FormAnswer } from "../form-result";
import type { ContactInput } from "./contact";
import { LIMITS, type FieldErrors } from "./fields";

type ContactField = keyof ContactInput;

// ---------------------------------------------------------------------------
// Without JavaScript the form posts to /contact, which has no page of its
// own. A stored message (or any other outcome but bad input) returns to
// /#contact with a one-time flash toast; bad input returns with the fields
// to fix named in the query, and the form marks them.

const STATUS_PARAM = "contact";
const FIELDS_PARAM = "fields";

/** Messages for fields named in the query; the exact rule that failed is not carried over. */
export const contactFieldHints: Record<ContactField, string> = {
  firstName: `Enter your first name (up to ${LIMITS.name} characters)`,
  lastName: `Enter your last name (up to ${LIMITS.name} characters)`,
  email: "Enter a valid email address",
  company: `Company must be ${LIMITS.short} characters or fewer`,
  message: `Enter your message (up to ${LIMITS.long.toLocaleString("en-US")} characters)`,
};

function isContactField(name: string): name is ContactField {
  return Object.hasOwn(contactFieldHints, name);
}

/** Where a plain form post with bad input returns to. */
export function contactInvalidPath(fieldErrors: FieldErrors): string {
  const params = new URLSearchParams();
  params.set(STATUS_PARAM, "invalid");
  params.set(FIELDS_PARAM, Object.keys(fieldErrors).filter(isContactField).join(","));
  return `/?${params.toString()}#contact`;
}

/** The bad-input answer a return path stands for, or undefined when the query carries none. */
export function contactAnswerFromSearch(params: URLSearchParams): FormAnswer | undefined {
  if (params.get(STATUS_PARAM) !== "invalid") return undefined;
  const fieldErrors: FieldErrors = {};
  for (const name of (params.get(FIELDS_PARAM) ?? "").split(",")) {
    if (isContactField(name)) fieldErrors[name] = contactFieldHints[name];
  }
  return { ok: false, fieldErrors: Object.keys(fieldErrors).length ? fieldErrors : { form: "Please check the form" } };
}
