import { redirect } from "react-router";

// Signed-in only (SPEC section 6). Accounts are not available yet, so every
// visitor is sent to the sign-in page before any content is rendered.
export function loader() {
  throw redirect("/auth");
}

export default function EducationPage() {
  return null;
}
