import type { Route } from "./+types/products";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Products", "Products page.");

export default function ProductsPage() {
  return <h1>Products</h1>;
}
