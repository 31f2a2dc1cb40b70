import { attachmentDisposition } from "~/.server/submissions";
import type { Document } from "./documents";

/** A PDF as a download: never cached (it names a practice's order), never sniffed. */
export function pdfDownload(document: Document): Response {
  const body = new Uint8Array(document.bytes);
  return new Response(body, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(body.byteLength),
      "Content-Disposition": attachmentDisposition(document.fileName),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
