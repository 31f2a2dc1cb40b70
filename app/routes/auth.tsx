import type { Route } from "./+types/auth";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Auth", "Auth page.");

export default function AuthPage() {
  return <h1>Auth</h1>;
}
