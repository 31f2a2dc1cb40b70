import { signedCookie } from "~/.server/http/signed-cookie";

/**
 * A visitor's way back to their chat: the chat's id and the token it was
 * started with (the database keeps only the token's hash), signed, for a day.
 * A chat is over long before; a new one replaces it.
 */
const chatCookie = signedCookie("chat", { maxAge: 24 * 60 * 60 });

export type VisitorChatCookie = { id: string; token: string };

export async function visitorChatOf(request: Request): Promise<VisitorChatCookie | null> {
  const value: unknown = await chatCookie().parse(request.headers.get("Cookie"));
  if (typeof value !== "object" || value === null) return null;
  const { id, token } = value as Partial<VisitorChatCookie>;
  return typeof id === "string" && typeof token === "string" && /^[0-9a-f-]{36}$/i.test(id) ? { id, token } : null;
}

export function rememberVisitorChat(chat: VisitorChatCookie): Promise<string> {
  return chatCookie().serialize(chat);
}

export function forgetVisitorChat(): Promise<string> {
  return chatCookie().serialize("", { maxAge: 0 });
}
