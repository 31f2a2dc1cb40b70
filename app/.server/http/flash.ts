import { createCookie, redirect } from "react-router";
import type { ToastText } from "~/content/forms";
import { env } from "~/.server/env";

/**
 * A one-time message carried across a redirect: a plain form post (JavaScript
 * off) is answered with a redirect back to its page, which shows the message
 * once as the same toast the fetcher path would show.
 */
const flashCookie = createCookie("flash", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  // Secure whenever the site is served over https; plain http only on a local machine.
  secure: env().PUBLIC_URL?.startsWith("https:") ?? false,
  maxAge: 60,
});

export type Flash = ToastText;

function isFlash(value: unknown): value is Flash {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Flash).title === "string" &&
    typeof (value as Flash).description === "string"
  );
}

export async function redirectWithFlash(to: string, flash: Flash): Promise<Response> {
  return redirect(to, { status: 303, headers: { "Set-Cookie": await flashCookie.serialize(flash) } });
}

/** The pending flash, if any, and the header that clears it. */
export async function takeFlash(request: Request): Promise<{ flash: Flash | null; headers: HeadersInit }> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("flash=")) return { flash: null, headers: {} };
  const value: unknown = await flashCookie.parse(header).catch(() => null);
  return {
    flash: isFlash(value) ? { title: value.title, description: value.description, variant: value.variant } : null,
    headers: { "Set-Cookie": await flashCookie.serialize("", { maxAge: 0 }) },
  };
}
