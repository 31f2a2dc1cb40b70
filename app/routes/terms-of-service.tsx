import type { Route } from "./+types/terms-of-service";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Terms", "Terms page.");

export default function TermsPage() {
  return <h1>Terms</h1>;
}
