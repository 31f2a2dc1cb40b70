import type { Route } from "./+types/brand-logo";
import { readLogo } from "~/.server/branding";
import { getDb } from "~/.server/db/client";
import { notFoundResponse } from "~/.server/http/not-found";
import { isUuid } from "~/lib/ids";

/**
 * A practice's or a partner's logo: public (the referral page and mails show
 * it to anyone), its checked type, never sniffed. Its address carries the
 * hash of its bytes (`?v=`), so at that address it never changes and may be
 * kept a year; any other address of it is checked again each time (the
 * strong ETag answers 304).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (!isUuid(params.id)) return notFoundResponse();
  const logo = await readLogo(getDb(), params.id.toLowerCase());
  if (!logo) return notFoundResponse();
  const etag = `"${logo.sha256}"`;
  const version = new URL(request.url).searchParams.get("v");
  const headers = {
    ETag: etag,
    "Cache-Control": version && logo.sha256.startsWith(version) && version.length >= 16 ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  };
  const asked = request.headers.get("If-None-Match");
  if (asked && asked.split(",").some((tag) => tag.trim() === etag)) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(logo.bytes), {
    headers: { ...headers, "Content-Type": logo.mimeType, "Content-Length": String(logo.bytes.byteLength), "Content-Disposition": "inline" },
  });
}
