import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import type { GetManualChunk, ManualChunkMeta } from "rollup";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

/**
 * Scripts are grouped so that a page loads a handful, not thirty:
 * - `framework`: React, react-dom and React Router, on every page;
 * - `site`: everything the root and the home page use (header, footer, toasts,
 *   the contact form), which every hydrated page uses too;
 * - `ui`: the packages only other pages use (dialogs, menus, selects);
 * - the rest is left to Rollup's own split, by route.
 * A module goes in a group only if a route of that group really uses it: an
 * import from a package's index (`radix-ui`, `lucide-react`) counts only the
 * names imported, not every module the index re-exports.
 */
const FRAMEWORK = /\/node_modules\/(react|react-dom|scheduler|react-router|@react-router\/[^/]+|cookie|set-cookie-parser|turbo-stream)\//;

/** The routes of the landing page, whose modules make the `site` group. */
const LANDING = new Set(["app/root.tsx", "app/routes/public/home.tsx"].map((file) => path.resolve(file)));

const withoutQuery = (id: string) => id.split("?")[0] ?? id;

/** The first and second captured groups of every match of `pattern` (which has the g flag) in `code`. */
function captures(code: string, pattern: RegExp): [string, string][] {
  return [...code.matchAll(pattern)].map((m) => [m[1] ?? "", m[2] ?? ""]);
}

/** The module among `ids` that an import of `specifier` resolved to. */
function resolved(ids: readonly string[], specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return ids.find((id) => id.includes(`/node_modules/${specifier}/`));
  const tail = specifier.replace(/^(\.\.?\/)+/, "/");
  return ids.find((id) => withoutQuery(id).endsWith(tail));
}

/** A package's index that only re-exports other modules. */
function isIndex(code: string | null, id: string): code is string {
  if (!code || !id.includes("/node_modules/")) return false;
  const lines = code.split("\n").filter((line) => line.trim() && !/^\s*(\/\/|\/\*|\*)/.test(line));
  return lines.length > 20 && lines.every((line) => /^\s*(import|export)\b|^\s*[\w$]+,?\s*$|^\s*\};?\s*$/.test(line));
}

/** The modules of an index that the names imported from it come from. */
function namedTargets(code: string, importedIds: readonly string[], names: Set<string>): string[] {
  const from = new Map<string, string>([
    ...captures(code, /import\s*\*\s*as\s+([\w$]+)\s+from\s*["']([^"']+)["']/g),
    ...captures(code, /export\s*\*\s*as\s+([\w$]+)\s+from\s*["']([^"']+)["']/g),
  ]);
  for (const [list, specifier] of captures(code, /export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    for (const part of list.split(",")) from.set(part.trim().split(/\s+as\s+/).pop() ?? "", specifier);
  }
  return [...names].flatMap((name) => {
    const specifier = from.get(name);
    const id = specifier === undefined ? undefined : resolved(importedIds, specifier);
    return id ? [id] : [];
  });
}

/** The names a module imports from `specifier` (`import { A, B as C } from "…"`), or null for anything else. */
function importedNames(code: string, specifier: string): Set<string> | null {
  const quoted = specifier.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const lists = captures(code, new RegExp(`import\\s*(?:type\\s*)?\\{([^}]*)\\}\\s*from\\s*["'](${quoted})["']`, "g"));
  const names = new Set(lists.flatMap(([list]) => list.split(",").map((part) => part.trim().split(/\s+as\s+/)[0] ?? "")).filter(Boolean));
  return names.size ? names : null;
}

/** Every module the given routes use, following an index only through the names imported from it. */
function usedBy(routes: Set<string>, meta: ManualChunkMeta): Set<string> {
  const seen = new Set<string>();
  const stack = [...meta.getModuleIds()].filter((id) => routes.has(withoutQuery(id)));
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    const info = seen.has(id) ? null : meta.getModuleInfo(id);
    seen.add(id);
    if (!info) continue;
    for (const dep of info.importedIds) {
      const index = meta.getModuleInfo(dep);
      const code = info.code ?? "";
      if (index && isIndex(index.code, dep)) {
        const specifier = captures(code, /from\s*["']([^"']+)["']()/g).find(([s]) => resolved([dep], s))?.[0];
        const names = specifier === undefined ? null : importedNames(code, specifier);
        if (names) {
          stack.push(...namedTargets(index.code, index.importedIds, names));
          continue;
        }
      }
      stack.push(dep);
    }
  }
  return seen;
}

function chunkOf(): GetManualChunk {
  let site: Set<string> | undefined;
  return (id, meta) => {
    if (FRAMEWORK.test(id)) return "framework";
    site ??= usedBy(LANDING, meta);
    if (id.includes("/app/routes/") || id === "\0vite/preload-helper.js") return undefined;
    if (site.has(id)) return "site";
    // Left unnamed, a package the site does not use would be pulled into `site`
    // along with the package index that re-exports it.
    if (id.includes("/node_modules/")) return "ui";
    return undefined;
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
  environments: { client: { build: { rollupOptions: { output: { manualChunks: chunkOf() } } } } },
});
