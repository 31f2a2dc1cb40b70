import { ArrowLeft, Clock, LogOut, ShieldAlert } from "lucide-react";
import * as React from "react";
import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/chat";
import { ChatComposer, ChatHeading, ChatMessages } from "~/components/chat/chat-panel";
import { AnswerNotice } from "~/components/forms/field";
import { PortalHeader } from "~/components/portal/portal-header";
import { useLiveStatus } from "~/components/portal/live-status";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { chatText } from "~/content/chat";
import { timeZoneOf } from "~/content/time-zones";
import { chatMessageSchema } from "~/lib/chat";
import { privateMeta } from "~/lib/meta";
import { TimeZoneProvider } from "~/lib/time-zone";
import { portalBrand } from "~/.server/branding";
import { chatOpenNow, closeChat, isMembersChat, memberChatId, memberMessageToInbox, postChatMessage, readChat, startMemberChat } from "~/.server/chat";
import { getDb } from "~/.server/db/client";
import { redirectWithFlash } from "~/.server/http/flash";
import { answerForm } from "~/.server/http/form-action";
import { MAX_TEXT_FORM_BYTES } from "~/.server/http/form-body";
import { mailQueued } from "~/.server/mail";
import { memberOf } from "./member.server";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Chat with support | Clinical Portal");

const PAGE = "/members/chat";

/** The member's chat with staff: the open one (or the one that ended within the hour), and whether staff answer now. */
export async function loader({ request }: Route.LoaderArgs) {
  const { user, practice } = await memberOf(request, "ivr.read");
  const db = getDb();
  const chatId = await memberChatId(db, user.id);
  const chat = chatId ? await readChat(db, chatId) : null;
  return {
    email: user.email,
    timeZone: timeZoneOf(practice?.timeZone),
    brand: practice ? await portalBrand(db, practice.id) : null,
    availability: chatOpenNow(),
    sentToInbox: new URL(request.url).searchParams.get("sent") === "1",
    chat: chat
      ? {
          id: chat.id,
          reference: chat.reference,
          status: chat.status,
          takenBy: chat.takenBy,
          messages: chat.messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
        }
      : null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { user, practice } = await memberOf(request, "ivr.read");
  const db = getDb();
  return answerForm(request, {
    read: { maxBytes: MAX_TEXT_FORM_BYTES, multiline: ["message"] },
    title: "Not sent",
    intents: {
      message: async ({ parse }) => {
        const { message } = parse(chatMessageSchema);
        const current = await memberChatId(db, user.id);
        const chat = current ? await readChat(db, current) : null;
        if (chat && chat.status !== "closed") {
          await postChatMessage(db, { chatId: chat.id, side: "member", authorId: user.id, message });
          return redirect(PAGE, 303);
        }
        if (!chatOpenNow().open) {
          // Outside the hours nothing waits in the queue: the message goes to the company inbox, answered by email.
          await memberMessageToInbox(db, { name: user.name, email: user.email, practice: practice?.name ?? null, message });
          mailQueued();
          return redirectWithFlash(`${PAGE}?sent=1`, chatText.sentToInbox);
        }
        await startMemberChat(db, { userId: user.id, practiceId: practice?.id ?? null, message });
        return redirect(PAGE, 303);
      },
      end: async ({ values }) => {
        const id = values.chatId ?? "";
        if (/^[0-9a-f-]{36}$/i.test(id) && (await isMembersChat(db, id, user.id))) await closeChat(db, id, { side: "member" });
        return redirect(PAGE, 303);
      },
    },
  });
}

export default function MemberChatPage({ loaderData, actionData }: Route.ComponentProps) {
  const { chat, availability, sentToInbox } = loaderData;
  const headingId = React.useId();
  const live = Boolean(chat && chat.status !== "closed");
  useLiveStatus(live, { stream: chat ? `/support/chat/events?chat=${chat.id}` : "/support/chat/events" });
  const going = chat && chat.status !== "closed";
  const status = going
    ? chat.status === "waiting"
      ? chatText.waiting
      : `${chat.takenBy ?? "A support specialist"} is answering your chat.`
    : chat
      ? chatText.closedByStaff
      : availability.open
        ? "Our team is online now: write below and a support specialist answers in minutes."
        : availability.why === "holiday"
          ? chatText.holiday
          : chatText.outsideHours;
  return (
    <TimeZoneProvider value={loaderData.timeZone}>
      <PortalHeader email={loaderData.email} title="Chat with support" brand={loaderData.brand} />
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6">
        <Link to="/members" className="inline-flex w-fit items-center gap-1 text-sm font-semibold text-primary underline-offset-4 hover:underline">
          <ArrowLeft aria-hidden className="size-4" />
          Back to the portal
        </Link>
        <AnswerNotice answer={actionData} title="Not sent" />
        <Card aria-labelledby={headingId}>
          <CardHeader>
            <ChatHeading id={headingId}>{chat && going ? `Your chat ${chat.reference}` : "Chat with support"}</ChatHeading>
            <CardDescription role="status" className="flex items-start gap-2">
              <Clock aria-hidden className="mt-0.5 size-4 shrink-0" />
              <span>
                {sentToInbox && !going ? `${chatText.sentToInbox.title}. ${chatText.sentToInbox.description} ` : ""}
                {status} {chatText.hoursLine}
              </span>
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {chat ? <ChatMessages messages={chat.messages} viewer="member" label={`Messages of chat ${chat.reference}`} /> : null}
            <p className="flex items-start gap-2 text-xs text-muted-foreground">
              <ShieldAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
              {chatText.privacy}
            </p>
            <ChatComposer answer={actionData} count={chat?.messages.length ?? 0} label={going ? "Your message" : availability.open ? "Start a chat" : "Leave a message"} />
            {going ? (
              <Form method="post" className="border-t border-border pt-4">
                <input type="hidden" name="intent" value="end" />
                <input type="hidden" name="chatId" value={chat.id} />
                <Button type="submit" variant="outline">
                  <LogOut aria-hidden />
                  End chat
                </Button>
              </Form>
            ) : null}
          </CardContent>
        </Card>
      </div>
    </TimeZoneProvider>
  );
}
