import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { privateMeta } from "~/lib/meta";
import { NotFound } from "~/components/layout/not-found";
import { log } from "~/.server/log";

export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  log.warn({ path: pathname }, "page not found");
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Page not found");

export default function NotFoundRoute() {
  return <NotFound />;
}
