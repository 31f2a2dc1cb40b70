import type { Route } from "./+types/members";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Members", "Members page.");

export default function MembersPage() {
  return <h1>Members</h1>;
}
