import { RouterContextProvider } from "react-router";
import { appCode } from "../../support/second-factor";
import { getAuth } from "~/.server/accounts/auth";
import { clientContext } from "~/.server/request-context";

export type ActionAnswer = { status: number; body: unknown; headers: Headers };

/** A request context as server.ts builds it, from one client address. */
export function contextFrom(ip = "203.0.113.7") {
  const context = new RouterContextProvider();
  context.set(clientContext, { ip, requestId: "test", nonce: "" });
  return context;
}

/** What an action returned, whether a Response (redirect) or data() with an init. */
export async function answerOf(result: unknown): Promise<ActionAnswer> {
  if (result instanceof Response) {
    const text = await result.text();
    return { status: result.status, body: text ? safeJson(text) : null, headers: result.headers };
  }
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = result as { data: unknown; init?: ResponseInit | null };
    return { status: init?.status ?? 200, body: data, headers: new Headers(init?.headers) };
  }
  return { status: 200, body: result, headers: new Headers() };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A form post the way the browser's fetcher path answers: data, not a redirect. */
export function formPost(path: string, fields: Record<string, string> | URLSearchParams | FormData, headers: Record<string, string> = {}) {
  const body = fields instanceof FormData || fields instanceof URLSearchParams ? fields : new URLSearchParams(fields);
  const request = new Request(`http://localhost${path}`, { method: "POST", body, headers: { "X-Resend": "1", ...headers } });
  // FormData bodies get their multipart type and length from Request; give URLSearchParams its length too.
  return withLength(request);
}

async function withLength(request: Request): Promise<Request> {
  const buffer = await request.arrayBuffer();
  const headers = new Headers(request.headers);
  headers.set("Content-Length", String(buffer.byteLength));
  return new Request(request.url, { method: "POST", headers, body: buffer });
}

/** A session's cookie after signing in through Better Auth, the way the browser would hold it. */
export async function signInCookie(email: string, password: string): Promise<string> {
  const response = await getAuth().api.signInEmail({ body: { email, password }, asResponse: true });
  const pairs = (r: Response) =>
    r.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  const body = (await response.clone().json().catch(() => null)) as { twoFactorRedirect?: boolean } | null;
  if (!body?.twoFactorRedirect) return pairs(response);
  // An account with the test app (staff and admins): the code it shows now, as the second step sends it.
  const verified = await getAuth().api.verifyTOTP({ body: { code: appCode() }, headers: new Headers({ cookie: pairs(response) }), asResponse: true });
  if (!verified.ok) throw new Error(`the test app's code was refused: ${verified.status}`);
  return pairs(verified);
}

/** A route module's loader or action. */
export type RouteFunction = (args: never) => Promise<unknown>;

/** Calls a route's loader or action as the router would, from `ip`, and reads its answer (a thrown 404 included). */
export function routeCaller(ip: string) {
  return async (route: RouteFunction, request: Request | Promise<Request>, params: Record<string, string> = {}) =>
    answerOf(await route({ request: await request, context: contextFrom(ip), params } as never).catch((thrown: unknown) => thrown));
}

/** Calls a public form's action as the router would, from `ip` (the default client otherwise), and reads its answer; what it throws fails the test. */
export async function callAction(action: RouteFunction, request: Request | Promise<Request>, ip?: string): Promise<ActionAnswer> {
  return answerOf(await action({ request: await request, context: contextFrom(ip), params: {} } as never));
}
