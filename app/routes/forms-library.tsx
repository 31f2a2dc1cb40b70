import type { Route } from "./+types/forms-library";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "FormsLibrary", "FormsLibrary page.");

export default function FormsLibraryPage() {
  return <h1>FormsLibrary</h1>;
}
