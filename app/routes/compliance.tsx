import type { Route } from "./+types/compliance";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Compliance", "Compliance page.");

export default function CompliancePage() {
  return <h1>Compliance</h1>;
}
