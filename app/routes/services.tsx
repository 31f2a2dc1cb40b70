import type { Route } from "./+types/services";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Services", "Services page.");

export default function ServicesPage() {
  return <h1>Services</h1>;
}
