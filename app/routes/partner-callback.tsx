import type { Route } from "./+types/partner-callback";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "PartnerCallback", "PartnerCallback page.");

export default function PartnerCallbackPage() {
  return <h1>PartnerCallback</h1>;
}
