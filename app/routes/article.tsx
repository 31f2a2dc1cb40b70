import type { Route } from "./+types/article";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Article", "Article page.");

export default function ArticlePage() {
  return <h1>Article</h1>;
}
