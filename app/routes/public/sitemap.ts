import { siteOrigin } from "~/.server/env";
import { articleBodies } from "~/content/articles";

/** Public pages worth indexing; signed-in pages and forms' results are left out. */
const PATHS = [
  "/", "/products", "/services", "/insurance", "/support", "/compliance", "/ordering", "/press",
  "/intake", "/terms-of-service", "/careers", "/apply", "/partner-callback", "/request-access", "/auth",
];

export function loader() {
  // The configured origin, never the request's Host.
  const origin = siteOrigin();
  const paths = [...PATHS, ...articleBodies.map((a) => `/article/${a.id}`)];
  const urls = paths.map((p) => `  <url><loc>${origin}${p}</loc></url>`).join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
