import type { Route } from "./+types/education";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Education", "Education page.");

export default function EducationPage() {
  return <h1>Education</h1>;
}
