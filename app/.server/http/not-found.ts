import { data } from "react-router";

/** Ends a page's loader or action with 404: the nearest error boundary shows the not-found page in its frame. */
export function notFound(): never {
  throw data(null, { status: 404, statusText: "Not Found" });
}

/** A download's or an export's 404: plain text, never cached. */
export function notFoundResponse(): Response {
  return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
