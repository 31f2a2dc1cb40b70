import type { Route } from "./+types/ordering";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Ordering", "Ordering page.");

export default function OrderingPage() {
  return <h1>Ordering</h1>;
}
