import { ArrowLeft, Hand, LogOut } from "lucide-react";
import * as React from "react";
import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/chats-detail";
import { ChatComposer, ChatHeading, ChatMessages } from "~/components/chat/chat-panel";
import { AnswerNotice, Field } from "~/components/forms/field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DateTime } from "~/components/ui/date-time";
import { Select } from "~/components/ui/select";
import { savedReplies } from "~/content/chat";
import { chatMessageSchema, formatWait } from "~/lib/chat";
import { isUuid } from "~/lib/ids";
import { privateMeta } from "~/lib/meta";
import { requireRole } from "~/.server/accounts";
import { closeChat, postChatMessage, readChatAsStaff, takeChat } from "~/.server/chat";
import { getDb } from "~/.server/db/client";
import { redirectWithFlash } from "~/.server/http/flash";
import { answerForm } from "~/.server/http/form-action";
import { MAX_TEXT_FORM_BYTES } from "~/.server/http/form-body";
import { clientInfo } from "~/.server/request-context";

export const meta: Route.MetaFunction = ({ matches, data }) => privateMeta(matches, `${data?.chat.reference ?? "Chat"} | Staff console`);

const STATE: Record<string, { label: string; variant: "default" | "success" | "outline" | "destructive" }> = {
  waiting: { label: "Waiting", variant: "destructive" },
  open: { label: "Being answered", variant: "default" },
  closed: { label: "Closed", variant: "outline" },
};

/** One chat: who it is, its messages (followed live), the answer box with saved replies, Take and Close. Every read is audited. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const me = await requireRole(request, "staff");
  if (!isUuid(params.id)) throw new Response("Not found", { status: 404 });
  const chat = await readChatAsStaff(getDb(), params.id, { email: me.email, ip: clientInfo(context).ip });
  if (!chat) throw new Response("Not found", { status: 404 });
  return {
    me: me.id,
    chat: {
      ...chat,
      createdAt: chat.createdAt.toISOString(),
      firstAnsweredAt: chat.firstAnsweredAt?.toISOString() ?? null,
      closedAt: chat.closedAt?.toISOString() ?? null,
      transcriptMailedAt: chat.transcriptMailedAt?.toISOString() ?? null,
      messages: chat.messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
    },
    replies: savedReplies,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await requireRole(request, "staff");
  if (!isUuid(params.id)) throw new Response("Not found", { status: 404 });
  const id = params.id;
  const page = `/admin/chats/${id}`;
  const actor = { id: me.id, email: me.email, ip: clientInfo(context).ip };
  const db = getDb();
  return answerForm(request, {
    read: { maxBytes: MAX_TEXT_FORM_BYTES, multiline: ["message"] },
    title: "Not sent",
    intents: {
      message: async ({ values, parse }) => {
        // Without JavaScript a saved reply is sent as chosen when the box is left empty.
        const saved = savedReplies.find((r) => r.id === values.savedReply);
        const from = !values.message?.trim() && saved ? { message: saved.body } : values;
        const { message } = parse(chatMessageSchema, { from });
        await postChatMessage(db, { chatId: id, side: "staff", authorId: me.id, message });
        return redirect(page, 303);
      },
      take: async () => {
        await takeChat(db, id, actor);
        return redirectWithFlash(page, { title: "Chat taken", description: "You are answering this chat.", variant: "success" });
      },
      close: async () => {
        await closeChat(db, id, { side: "staff", actor });
        return redirectWithFlash("/admin/chats", { title: "Chat closed", description: "The other side sees that the chat has ended.", variant: "success" });
      },
    },
  });
}

export default function ChatDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { chat, replies, me } = loaderData;
  const headingId = React.useId();
  const box = React.useRef<HTMLTextAreaElement>(null);
  const state = STATE[chat.status] ?? STATE.closed!;
  const closed = chat.status === "closed";
  const waited = chat.firstAnsweredAt ? (Date.parse(chat.firstAnsweredAt) - Date.parse(chat.createdAt)) / 1000 : null;
  return (
    <div className="flex flex-col gap-6">
      <Link to="/admin/chats" className="inline-flex w-fit items-center gap-1 text-sm font-semibold text-primary underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden className="size-4" />
        Chat queue
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{chat.reference}</h1>
        <Badge variant={state.variant}>{state.label}</Badge>
      </div>
      <AnswerNotice answer={actionData} title="Not sent" />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <section aria-label="Who is chatting" className="flex flex-col gap-3 rounded-lg border border-border bg-background p-4 text-sm lg:order-2">
          <h2 className="text-base font-semibold">{chat.who.kind === "visitor" ? "Visitor" : "Member"}</h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5">
            <dt className="text-muted-foreground">Name</dt>
            <dd className="font-medium break-words">{chat.who.name}</dd>
            <dt className="text-muted-foreground">Email</dt>
            <dd className="[overflow-wrap:anywhere]">{chat.who.email || "—"}</dd>
            {chat.who.kind === "member" ? (
              <>
                <dt className="text-muted-foreground">Practice</dt>
                <dd className="break-words">{chat.who.practice ?? "None"}</dd>
              </>
            ) : null}
            <dt className="text-muted-foreground">Started</dt>
            <dd>
              <DateTime value={chat.createdAt} />
            </dd>
            <dt className="text-muted-foreground">First answer</dt>
            <dd>{waited === null ? "Not answered yet" : `after ${formatWait(waited)}`}</dd>
            <dt className="text-muted-foreground">Answered by</dt>
            <dd>{chat.takenBy ?? "Nobody yet"}</dd>
            {chat.transcriptMailedAt ? (
              <>
                <dt className="text-muted-foreground">Transcript</dt>
                <dd>
                  mailed <DateTime value={chat.transcriptMailedAt} />
                </dd>
              </>
            ) : null}
          </dl>
          {closed ? null : (
            <div className="flex flex-wrap gap-2 border-t border-border pt-3">
              {chat.takenById !== me ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="take" />
                  <Button type="submit" size="sm">
                    <Hand aria-hidden />
                    {chat.takenBy ? "Take over" : "Take chat"}
                  </Button>
                </Form>
              ) : null}
              <Form method="post">
                <input type="hidden" name="intent" value="close" />
                <Button type="submit" size="sm" variant="outline">
                  <LogOut aria-hidden />
                  Close chat
                </Button>
              </Form>
            </div>
          )}
        </section>
        <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4 rounded-lg border border-border bg-background p-4 lg:order-1 lg:col-span-2">
          <ChatHeading id={headingId}>Messages</ChatHeading>
          <ChatMessages messages={chat.messages} viewer="staff" label={`Messages of ${chat.reference}`} />
          {closed ? (
            <p className="text-sm text-muted-foreground">
              This chat was closed <DateTime value={chat.closedAt} />.
            </p>
          ) : (
            <ChatComposer answer={actionData} count={chat.messages.length} label="Answer" textareaRef={box}>
              <Field label="Saved reply" name="savedReply" hint="Puts the reply in the box below, to send as it is or changed.">
                {(control) => (
                  <Select
                    {...control}
                    defaultValue=""
                    options={[{ value: "", label: "Choose a saved reply" }, ...replies.map((r) => ({ value: r.id, label: r.title }))]}
                    onChange={(e) => {
                      const reply = replies.find((r) => r.id === e.currentTarget.value);
                      if (reply && box.current) {
                        box.current.value = reply.body;
                        box.current.focus();
                      }
                    }}
                  />
                )}
              </Field>
            </ChatComposer>
          )}
        </section>
      </div>
    </div>
  );
}
