import { data } from "react-router";

/** Ends a page's loader or action with 404: the nearest error boundary shows the not-found page in its frame. */
export function notFound(): never {
  throw data(null, { status: 404, statusText: "Not Found" });
}

/** A download's or an export's 404: plain text, never cached. */
export function notFoundResponse(): Response {
  return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/**
 * Downloads (files, CSV exports, IVR attachments and a thread's files, order and
 * invoice PDFs, the Forms Library's and Education's documents, logos) and
 * the status streams (and a partner's statement files) exist only at their plain address: their `.data` address
 * (React Router's data request) would answer the same bytes inline, without
 * the download headers, or hold a stream open. Routes match whatever the case
 * and after decoding (`/MEMBERS/%65vents`), and a data request drops trailing
 * slashes (`/members/events/.data`), so the path is read the same way here.
 */
const DOWNLOAD_OR_STREAM =
  /^\/(?:(?:admin|members|partners)\/(?:(?:.*\/)?(?:files|export|messages)\/.+|.*\.(?:pdf|csv)|events)|(?:forms-library|education)\/[^/]+\/.+|brand\/[^/]+\/logo|support\/chat\/events)$/;

export function isDownloadDataPath(pathname: string): boolean {
  if (!/\.data$/i.test(pathname)) return false;
  let path = pathname.slice(0, -".data".length);
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape: React Router would not match it either; read it as it is.
  }
  return DOWNLOAD_OR_STREAM.test(path.toLowerCase().replace(/\/+$/, ""));
}
