import { attachmentDisposition } from "~/.server/submissions";
import type { StoredFile } from "./library";

/**
 * A library or education file as a download: always an attachment, never
 * sniffed, of the type its bytes were found to be when uploaded. A public
 * guide may be kept by caches for a short while; the rest is private.
 */
export function fileDownload(file: StoredFile, { publicFile = false }: { publicFile?: boolean } = {}): Response {
  const body = new Uint8Array(file.bytes);
  return new Response(body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(body.byteLength),
      "Content-Disposition": attachmentDisposition(file.fileName),
      "Cache-Control": publicFile ? "public, max-age=300" : "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
