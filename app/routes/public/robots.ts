import { siteOrigin } from "~/.server/env";
export function loader() {
  // The configured origin, never the request's Host.
  const origin = siteOrigin();
  const body = ["User-agent: *", "Disallow: /members", "Disallow: /forms-library", "Disallow: /education", "Disallow: /admin", "Disallow: /api/", "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
