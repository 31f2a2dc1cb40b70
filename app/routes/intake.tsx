import type { Route } from "./+types/intake";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Intake", "Intake page.");

export default function IntakePage() {
  return <h1>Intake</h1>;
}
