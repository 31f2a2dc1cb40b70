import { readFileSync } from "node:fs";
import path from "node:path";
import routeTable from "../../../app/routes";

type RouteEntry = { path?: string; index?: boolean; file: string; children?: RouteEntry[] };

/** A URL of the route table, with made-up values for its parameters. */
export type TableRoute = {
  /** The address to GET. */
  path: string;
  /** The address a form posts to: an index route is named with `?index`, else the post goes to its layout. */
  postPath: string;
  /** The route module, relative to app/. */
  file: string;
  /** True when the module has an action; a route without one answers a POST 405. */
  hasAction: boolean;
};

/** Made-up parameter values: every guard runs before anything is looked up. */
const PARAMETER_VALUES: Record<string, string> = {
  id: "00000000-0000-0000-0000-000000000000",
  file: "contact.csv",
};

function fill(segment: string): string {
  if (segment === "*") return "no-such-page";
  if (!segment.startsWith(":")) return segment;
  const name = segment.slice(1).replace(/\?$/, "");
  return PARAMETER_VALUES[name] ?? "00000000-0000-0000-0000-000000000000";
}

function hasAction(file: string): boolean {
  const source = readFileSync(path.join("app", file), "utf8");
  // Declared in the module, or re-exported from its `*.server.ts` (`export { action, loader } from "./x.server"`).
  return /^export\s+(?:async\s+)?(?:function\s+action\b|const\s+action\b)|^export\s*\{[^}]*\baction\b[^}]*\}\s*from\b/m.test(source);
}

function walk(entries: readonly RouteEntry[], parent: string): TableRoute[] {
  return entries.flatMap((entry) => {
    const segments = (entry.path ?? "").split("/").filter(Boolean).map(fill);
    const here = segments.length ? `${parent.replace(/\/$/, "")}/${segments.join("/")}` : parent;
    const own: TableRoute = { path: here, postPath: entry.index ? `${here}?index` : here, file: entry.file, hasAction: hasAction(entry.file) };
    return [own, ...walk(entry.children ?? [], here)];
  });
}

/** Every route of app/routes.ts, layouts and index routes included. */
export const tableRoutes: readonly TableRoute[] = walk(routeTable as RouteEntry[], "/");

const under = (prefix: string) => (r: TableRoute) => r.path === prefix || r.path.startsWith(`${prefix}/`);

/** The staff console's routes (/admin and below). */
export const consoleRoutes = tableRoutes.filter(under("/admin"));
/** The Clinical Portal's routes (/members and below). */
export const portalRoutes = tableRoutes.filter(under("/members"));
