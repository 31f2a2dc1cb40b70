import { Clock, LogOut, Mail, MessageSquarePlus, ShieldAlert } from "lucide-react";
import * as React from "react";
import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/support-chat";
import { ChatComposer, ChatHeading, ChatMessages, chatErrorsOf, chatTypedOf } from "~/components/chat/chat-panel";
import { AnswerNotice, Field, RequiredNote } from "~/components/forms/field";
import { Honeypot } from "~/components/forms/honeypot";
import { PageHero } from "~/components/layout/page-hero";
import { Section } from "~/components/layout/section";
import { useLiveStatus } from "~/components/portal/live-status";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { chatText } from "~/content/chat";
import { chatMessageSchema, visitorChatSchema } from "~/lib/chat";
import { isHoneypotFilled } from "~/lib/form-result";
import { pageMeta } from "~/lib/meta";
import { LIMITS } from "~/lib/schemas/fields";
import {
  chatOpenNow,
  closeChat,
  forgetVisitorChat,
  mailTranscript,
  postChatMessage,
  readChat,
  rememberVisitorChat,
  startVisitorChat,
  visitorChatId,
  visitorChatOf,
} from "~/.server/chat";
import { getDb } from "~/.server/db/client";
import { redirectWithFlash } from "~/.server/http/flash";
import { answerForm } from "~/.server/http/form-action";
import { limitSubmissions, MAX_TEXT_FORM_BYTES } from "~/.server/http/form-body";
import { mailQueued } from "~/.server/mail";
import { submitContact } from "~/.server/submissions";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Live Chat", "Chat with a Cardinal Biologics support specialist, Monday to Friday, 8 AM to 6 PM Eastern. Outside those hours, leave a message.");

/** The page shows the visitor's own chat: no shared cache may keep it. */
export function headers() {
  return { "Cache-Control": "private, no-store", Vary: "Cookie" };
}

const PAGE = "/support/chat";

/** The visitor's chat (from their cookie), and whether staff answer chat now. */
export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  const cookie = await visitorChatOf(request);
  const chatId = cookie ? await visitorChatId(db, cookie.id, cookie.token) : null;
  const chat = chatId ? await readChat(db, chatId) : null;
  const availability = chatOpenNow();
  return {
    availability,
    sentToInbox: new URL(request.url).searchParams.get("sent") === "1",
    chat:
      chat && chat.who.kind === "visitor"
        ? {
            id: chat.id,
            reference: chat.reference,
            status: chat.status,
            email: chat.who.email,
            takenBy: chat.takenBy,
            transcriptMailed: chat.transcriptMailedAt !== null,
            messages: chat.messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
          }
        : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  // The limit of every public form, counted before a byte of the body is read.
  const limited = await limitSubmissions(context, "chat");
  if (limited) return limited;
  const db = getDb();
  const ownChat = async () => {
    const cookie = await visitorChatOf(request);
    const id = cookie ? await visitorChatId(db, cookie.id, cookie.token) : null;
    if (!id) throw redirect(PAGE, 303);
    return id;
  };
  return answerForm(request, {
    read: { maxBytes: MAX_TEXT_FORM_BYTES, multiline: ["message"] },
    title: "Not sent",
    intents: {
      start: async ({ formData, parse }) => {
        if (isHoneypotFilled(formData)) return redirect(PAGE, 303);
        const input = parse(visitorChatSchema);
        if (!chatOpenNow().open) {
          // Outside the hours the message is a contact message: the inbox, its notification and the visitor's confirmation.
          await submitContact(db, { ...input, company: undefined }, null);
          mailQueued();
          return redirectWithFlash(`${PAGE}?sent=1`, chatText.sentToInbox);
        }
        const started = await startVisitorChat(db, input);
        return redirect(PAGE, { status: 303, headers: { "Set-Cookie": await rememberVisitorChat({ id: started.id, token: started.token }) } });
      },
      message: async ({ parse }) => {
        const id = await ownChat();
        const { message } = parse(chatMessageSchema);
        await postChatMessage(db, { chatId: id, side: "visitor", authorId: null, message });
        return redirect(PAGE, 303);
      },
      end: async () => {
        await closeChat(db, await ownChat(), { side: "visitor" });
        return redirect(PAGE, 303);
      },
      transcript: async () => {
        await mailTranscript(db, await ownChat());
        return redirectWithFlash(PAGE, chatText.transcriptMailed);
      },
      new: async () => redirect(PAGE, { status: 303, headers: { "Set-Cookie": await forgetVisitorChat() } }),
    },
  });
}

export default function SupportChatPage({ loaderData, actionData }: Route.ComponentProps) {
  const { availability, chat, sentToInbox } = loaderData;
  const live = Boolean(chat && chat.status !== "closed");
  useLiveStatus(live, { stream: chat ? `/support/chat/events?chat=${chat.id}` : "/support/chat/events" });
  const rateLimited = (actionData as { rateLimited?: boolean } | undefined)?.rateLimited;
  return (
    <>
      <PageHero title="Live Chat" lead={chatText.hoursLine}>
        <p className="flex items-center gap-2 text-sm font-medium">
          <Clock aria-hidden className="size-4" />
          {availability.open ? "Our team is online now." : availability.why === "holiday" ? "Closed today for the holiday." : "Our team is offline now."}
        </p>
      </PageHero>
      <Section muted>
        <div className="mx-auto flex max-w-2xl flex-col gap-6">
          {rateLimited ? (
            <p role="alert" className="rounded-md border border-destructive/30 bg-destructive-soft px-4 py-3 text-sm font-medium text-destructive">
              Too many messages from your address. Please wait a minute and try again.
            </p>
          ) : null}
          <AnswerNotice answer={actionData} title="Not sent" />
          {chat ? <VisitorChat chat={chat} answer={actionData} /> : sentToInbox ? <SentToInbox /> : <StartChat open={availability.open} holiday={!availability.open && availability.why === "holiday"} answer={actionData} />}
        </div>
      </Section>
    </>
  );
}

type VisitorChatData = NonNullable<Route.ComponentProps["loaderData"]["chat"]>;

function VisitorChat({ chat, answer }: { chat: VisitorChatData; answer: unknown }) {
  const headingId = React.useId();
  const closed = chat.status === "closed";
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader>
        <ChatHeading id={headingId}>Your chat {chat.reference}</ChatHeading>
        <CardDescription role="status">
          {closed ? chatText.closedByStaff : chat.status === "waiting" ? chatText.waiting : `${chat.takenBy ?? "A support specialist"} is answering your chat.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <ChatMessages messages={chat.messages} viewer="visitor" label={`Messages of chat ${chat.reference}`} />
        {closed ? null : (
          <>
            <p className="flex items-start gap-2 text-xs text-muted-foreground">
              <ShieldAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
              {chatText.privacy}
            </p>
            <ChatComposer answer={answer} count={chat.messages.length} />
          </>
        )}
        <div className="flex flex-wrap gap-3 border-t border-border pt-4">
          <Form method="post">
            <input type="hidden" name="intent" value="transcript" />
            <Button type="submit" variant="outline">
              <Mail aria-hidden />
              Mail me the transcript
            </Button>
          </Form>
          {closed ? (
            <Form method="post">
              <input type="hidden" name="intent" value="new" />
              <Button type="submit">
                <MessageSquarePlus aria-hidden />
                Start a new chat
              </Button>
            </Form>
          ) : (
            <Form method="post">
              <input type="hidden" name="intent" value="end" />
              <Button type="submit" variant="outline">
                <LogOut aria-hidden />
                End chat
              </Button>
            </Form>
          )}
        </div>
        <p className="text-xs text-muted-foreground">The transcript goes to {chat.email}.</p>
      </CardContent>
    </Card>
  );
}

function StartChat({ open, holiday, answer }: { open: boolean; holiday: boolean; answer: unknown }) {
  const navigation = useNavigation();
  const errors = chatErrorsOf(answer, "start");
  const typed = chatTypedOf(answer, "start");
  const text = (name: string) => (typeof typed[name] === "string" ? (typed[name] as string) : undefined);
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "start";
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" size="xl">
          {open ? "Start a chat" : "Leave a message"}
        </CardTitle>
        <CardDescription>{open ? "A support specialist answers in minutes. Tell us who you are and what you need." : holiday ? chatText.holiday : chatText.outsideHours}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" noValidate className="relative flex flex-col gap-5">
          <input type="hidden" name="intent" value="start" />
          <RequiredNote />
          <Honeypot />
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="First name" name="firstName" required error={errors.firstName}>
              {(c) => <Input {...c} autoComplete="given-name" maxLength={LIMITS.name} defaultValue={text("firstName")} />}
            </Field>
            <Field label="Last name" name="lastName" required error={errors.lastName}>
              {(c) => <Input {...c} autoComplete="family-name" maxLength={LIMITS.name} defaultValue={text("lastName")} />}
            </Field>
          </div>
          <Field label="Email" name="email" required error={errors.email} hint={open ? "Where we send the transcript if you ask for it." : "Where we answer you."}>
            {(c) => <Input {...c} type="email" autoComplete="email" maxLength={LIMITS.email} defaultValue={text("email")} />}
          </Field>
          <Field label="Message" name="message" required error={errors.message} hint={chatText.privacy}>
            {(c) => <Textarea {...c} rows={4} maxLength={2000} defaultValue={text("message")} />}
          </Field>
          <Button type="submit" className="self-start" disabled={busy}>
            <MessageSquarePlus aria-hidden />
            {busy ? "Sending..." : open ? "Start chat" : "Send message"}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

function SentToInbox() {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" size="xl">
          {chatText.sentToInbox.title}
        </CardTitle>
        <CardDescription>We received your message and mailed you a confirmation. {chatText.sentToInbox.description}</CardDescription>
      </CardHeader>
    </Card>
  );
}
