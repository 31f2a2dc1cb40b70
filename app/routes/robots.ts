export function loader({ request }: { request: Request }) {
  const origin = process.env.PUBLIC_URL?.replace(/\/$/, "") || new URL(request.url).origin;
  const body = ["User-agent: *", "Disallow: /members", "Disallow: /forms-library", "Disallow: /education", "Disallow: /admin", "Disallow: /api/", "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
