import { MessagesSquare, Send } from "lucide-react";
import * as React from "react";
import { Form, useNavigation } from "react-router";
import { Field } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { DateTime } from "~/components/ui/date-time";
import { Textarea } from "~/components/ui/textarea";
import { submittedValues } from "~/lib/form-result";

/** One chat message as a page shows it (loader data). */
export type ChatMessageItem = { id: string; side: "visitor" | "member" | "staff"; author: string; body: string; createdAt: Date | string };

type Answer = { intent?: string; fieldErrors?: Record<string, string | undefined>; values?: Record<string, unknown> } | undefined;

export const chatErrorsOf = (answer: unknown, intent: string): Record<string, string | undefined> => {
  const a = answer as Answer;
  return a && a.intent === intent && a.fieldErrors ? a.fieldErrors : {};
};

export const chatTypedOf = (answer: unknown, intent: string): Record<string, unknown> => ((answer as Answer)?.intent === intent ? submittedValues(answer) : {});

/**
 * A chat's messages, oldest first, in a scrolling box that follows the newest
 * (focusable, so a keyboard scrolls it too). A message that arrives after the
 * page opened, from the other side, is read out in a polite live region.
 */
export function ChatMessages({ messages, viewer, label }: { messages: readonly ChatMessageItem[]; viewer: "visitor" | "member" | "staff"; label: string }) {
  const box = React.useRef<HTMLDivElement>(null);
  const announcement = useAnnouncement(messages, viewer);
  React.useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length]);
  const mine = (side: ChatMessageItem["side"]) => (viewer === "staff" ? side === "staff" : side !== "staff");
  return (
    <>
      <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="chat-announcement">
        {announcement}
      </div>
      <div ref={box} role="region" aria-label={label} tabIndex={0} className="max-h-[28rem] min-h-32 overflow-y-auto rounded-lg border border-border bg-muted/40 p-3 focus-visible:outline-2 focus-visible:outline-ring">
        <ol className="flex flex-col gap-3">
        {messages.map((m) => (
          <li key={m.id} className={`flex max-w-[85%] flex-col gap-1 rounded-lg border p-3 text-sm ${mine(m.side) ? "self-end border-primary/30 bg-primary-soft" : "self-start border-border bg-background"}`}>
            <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted-foreground">
              <span className="font-semibold text-foreground">{m.author}</span>
              <DateTime value={m.createdAt} />
            </p>
            <p className="break-words whitespace-pre-line">{m.body}</p>
          </li>
        ))}
        </ol>
      </div>
    </>
  );
}

function useAnnouncement(messages: readonly ChatMessageItem[], viewer: "visitor" | "member" | "staff") {
  const seen = React.useRef<Set<string> | null>(null);
  const [text, setText] = React.useState("");
  React.useEffect(() => {
    if (seen.current === null) {
      seen.current = new Set(messages.map((m) => m.id));
      return;
    }
    const fresh = messages.filter((m) => !seen.current!.has(m.id));
    for (const m of fresh) seen.current.add(m.id);
    const theirs = fresh.filter((m) => (viewer === "staff" ? m.side !== "staff" : m.side === "staff")).at(-1);
    if (theirs) setText(`New message from ${theirs.author}: ${theirs.body}`);
  }, [messages, viewer]);
  return text;
}

/**
 * The box to write the next message: a plain post (it works without
 * JavaScript), emptied once the chat has one more message. `children` goes
 * before the box (staff's saved replies).
 */
export function ChatComposer({
  answer,
  count,
  label = "Your message",
  action,
  children,
  textareaRef,
}: {
  answer: unknown;
  count: number;
  label?: string;
  action?: string;
  children?: React.ReactNode;
  textareaRef?: React.Ref<HTMLTextAreaElement>;
}) {
  const navigation = useNavigation();
  const errors = chatErrorsOf(answer, "message");
  const typed = chatTypedOf(answer, "message");
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "message";
  return (
    <Form key={count} method="post" action={action} noValidate className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="message" />
      {children}
      <Field label={label} name="message" required={!children} error={errors.message} hint="Enter sends; Shift+Enter starts a new line.">
        {(control) => (
          <Textarea
            {...control}
            ref={textareaRef}
            rows={3}
            maxLength={2000}
            defaultValue={typeof typed.message === "string" ? typed.message : undefined}
            onKeyDown={(e) => {
              // Enter sends, Shift+Enter starts a new line (as chat boxes do).
              if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                e.currentTarget.form?.requestSubmit();
              }
            }}
          />
        )}
      </Field>
      <Button type="submit" className="self-start" disabled={busy}>
        <Send aria-hidden />
        {busy ? "Sending..." : "Send"}
      </Button>
    </Form>
  );
}

export function ChatHeading({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <h2 id={id} className="flex items-center gap-2 text-xl font-semibold text-navy">
      <MessagesSquare aria-hidden className="size-5 text-primary" />
      {children}
    </h2>
  );
}
