import type { Route } from "./+types/press";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Press", "Press page.");

export default function PressPage() {
  return <h1>Press</h1>;
}
