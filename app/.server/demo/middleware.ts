import type { MiddlewareFunction } from "react-router";
import { getUser } from "~/.server/accounts";
import { demoIdentity, demoRefusal, hasDemoCookie, isDemoPath, isWrite } from "./index";

/**
 * Root middleware: a write (any method but GET and HEAD) to a page of the
 * portal in the live demo is answered "This is a demo: nothing is saved"
 * before any route's middleware or action runs, so nothing (no row, no rate
 * limit count, no kept form, no job) is written and no action can forget it.
 * requireUser refuses it again, should a route be reached some other way.
 */
export const demoWritesMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (isWrite(request) && isDemoPath(new URL(request.url).pathname) && (await hasDemoCookie(request)) && !(await getUser(request)) && (await demoIdentity())) {
    throw await demoRefusal(request);
  }
  return next();
};

/** Whether a page is seen in the live demo: a page of the portal, the demo's cookie, no session of one's own. */
export async function inDemo(request: Request, url: URL): Promise<boolean> {
  if (!isDemoPath(url.pathname) || !(await hasDemoCookie(request))) return false;
  return !(await getUser(request));
}
