import type { Route } from "./+types/apply";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Apply", "Apply page.");

export default function ApplyPage() {
  return <h1>Apply</h1>;
}
