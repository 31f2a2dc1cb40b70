import { data } from "react-router";
import type { Route } from "./+types/not-found";
import type { PageHandle } from "~/lib/page-scripts";
import { privateMeta } from "~/lib/meta";
import { NotFound } from "~/components/layout/not-found";
import { log } from "~/.server/log";

export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  log.warn({ path: pathname }, "page not found");
  return data(null, { status: 404 });
}

/** Plain HTML: the page is sent without JavaScript. */
export const handle: PageHandle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Page not found");

export default function NotFoundRoute() {
  return <NotFound />;
}
