import { redirect } from "react-router";
import type { ToastText } from "~/content/forms";
import { signedCookie } from "./signed-cookie";

/**
 * A one-time message carried across a redirect: a plain form post (JavaScript
 * off) is answered with a redirect back to its page, which shows the message
 * once as the same toast the fetcher path would show.
 *
 * The message belongs to the page it was sent to: it carries that page's path
 * and only a request for that path takes it. Another tab of the same browser
 * reloading its data at that moment (a live board answering the very change the
 * message reports) leaves it for the page that asked.
 *
 * The cookie is signed: a flash someone else made (a link's page setting a
 * cookie for this site, a tampered value) is ignored and cleared, so no one
 * can put their own words in a toast on our pages.
 */
const flashCookie = signedCookie("flash", { maxAge: 60 });

export type Flash = ToastText;
type SentFlash = Flash & { path?: string };

function isFlash(value: unknown): value is SentFlash {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Flash).title === "string" &&
    typeof (value as Flash).description === "string"
  );
}

export async function redirectWithFlash(to: string, flash: Flash): Promise<Response> {
  const sent: SentFlash = { ...flash, path: new URL(to, "http://site.invalid").pathname };
  return redirect(to, { status: 303, headers: { "Set-Cookie": await flashCookie().serialize(sent) } });
}

/**
 * The pending flash for this request's page, if any, and the header that clears
 * it. `url` is the page's address (a loader's `url`: a data request's own
 * address ends in `.data`).
 */
export async function takeFlash(request: Request, url: URL = new URL(request.url)): Promise<{ flash: Flash | null; headers: HeadersInit }> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("flash=")) return { flash: null, headers: {} };
  const value: unknown = await flashCookie().parse(header).catch(() => null);
  if (isFlash(value) && value.path !== undefined && value.path !== url.pathname) return { flash: null, headers: {} };
  return {
    flash: isFlash(value) ? { title: value.title, description: value.description, variant: value.variant } : null,
    headers: { "Set-Cookie": await flashCookie().serialize("", { maxAge: 0 }) },
  };
}
