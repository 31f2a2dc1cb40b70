import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { NonceContext } from "~/lib/nonce";
import { log } from "~/.server/log";
import { clientContext } from "~/.server/request-context";
import { scriptsAfterPaintStream } from "~/.server/http/scripts-after-paint";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // The nonce server.ts put in the Content-Security-Policy header: every inline script carries it. A page
  // rendered for the page cache has none (its policy names its inline scripts' hashes instead).
  const nonce = loadContext.get(clientContext).nonce || undefined;
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const app = (
      <NonceContext value={nonce ?? ""}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext>
    );
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        // The app's scripts start after the first paint (scripts-after-paint.ts).
        const afterPaint = scriptsAfterPaintStream();
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        pipe(afterPaint).pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors before the shell reject and are logged by handleError.
        if (shellRendered) log.error({ err: error }, "render error");
      },
    });
  });
}

/** Every unexpected server error is logged once, with the path; aborted requests are not errors. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  log.error({ err: error, method: request.method, path: new URL(request.url).pathname }, "unhandled error");
};

// Used by the HTTP entry (server.ts), which reaches them through build.entry.module, never from source: bundled
// into server.js too, they would be second copies (another parsed environment, another database handle).
export { checkReady, startRuntime, stopRuntime } from "~/.server/runtime";
export { clientContext } from "~/.server/request-context";
export { log, runInRequest } from "~/.server/log";
export { allowedHosts, embedFrameOrigins, env, siteIsHttps } from "~/.server/env";
export { isAllowedHost } from "~/.server/http/hosts";
export { controlCharacterParameter, createHttpServer } from "~/.server/http/limits";
export { isDownloadDataPath } from "~/.server/http/not-found";
export { encodingFor, renderPages, wantsOwnPage, writePageFiles } from "~/.server/http/page-cache";
export { newNonce, securityHeaders } from "~/.server/http/security-headers";
export { LARGEST_FORM_BODY_BYTES } from "~/lib/uploads";
