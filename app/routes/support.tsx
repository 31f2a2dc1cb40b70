import type { Route } from "./+types/support";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Support", "Support page.");

export default function SupportPage() {
  return <h1>Support</h1>;
}
