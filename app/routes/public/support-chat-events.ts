import type { Route } from "./+types/support-chat-events";
import { getUser } from "~/.server/accounts";
import { chatScope, isMembersChat, visitorChatId, visitorChatOf } from "~/.server/chat";
import { getDb } from "~/.server/db/client";
import { statusStream } from "~/.server/events/stream";

/**
 * One chat's events as server-sent events (ids and states only; the page
 * reloads its own data): for the visitor whose cookie holds the chat's token,
 * or the member whose chat it is. Anyone else gets 404.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const chatId = new URL(request.url).searchParams.get("chat") ?? "";
  if (!/^[0-9a-f-]{36}$/i.test(chatId)) throw new Response("Not found", { status: 404 });
  const db = getDb();
  const cookie = await visitorChatOf(request);
  let allowed = cookie?.id === chatId && (await visitorChatId(db, chatId, cookie.token)) !== null;
  if (!allowed) {
    const user = await getUser(request);
    allowed = Boolean(user && (await isMembersChat(db, chatId, user.id)));
  }
  if (!allowed) throw new Response("Not found", { status: 404 });
  return statusStream(request, { scope: chatScope(chatId), stillAllowed: async () => true });
}
