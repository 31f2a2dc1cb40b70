import type { Route } from "./+types/careers";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Careers", "Careers page.");

export default function CareersPage() {
  return <h1>Careers</h1>;
}
