import type { Route } from "./+types/insurance";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Insurance", "Insurance page.");

export default function InsurancePage() {
  return <h1>Insurance</h1>;
}
