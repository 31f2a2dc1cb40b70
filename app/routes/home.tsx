import type { Route } from "./+types/home";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Home", "Home page.");

export default function HomePage() {
  return <h1>Home</h1>;
}
