import { Download, FileUp, MessageSquare, Send } from "lucide-react";
import * as React from "react";
import { Form, useNavigation } from "react-router";
import { Field } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { DateTime } from "~/components/ui/date-time";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { DOCUMENT_REQUEST_KINDS } from "~/content/document-requests";
import { formatBytes } from "~/lib/format";
import { submittedValues } from "~/lib/form-result";
import { LIMITS } from "~/lib/schemas/fields";

/** One message as the page shows it (the server's ThreadMessage, as loader data). */
export type ThreadMessageView = {
  id: string;
  side: "member" | "staff";
  author: string;
  body: string;
  createdAt: Date | string;
  request: { kind: string; label: string; answeredAt: Date | string | null; file: { id: string; name: string; mimeType: string; size: number } | null } | null;
};

type Answer = { intent?: string; fieldErrors?: Record<string, string | undefined>; values?: Record<string, unknown> } | undefined;

const errorsOf = (answer: unknown, intent: string): Record<string, string | undefined> => {
  const a = answer as Answer;
  return a && a.intent === intent && a.fieldErrors ? a.fieldErrors : {};
};

/**
 * The conversation on an IVR or an order: its messages oldest first, each
 * with its author, side and time; a request for a document shows its upload
 * slot to the practice, or the file once answered. New messages (brought by
 * the live stream's reload) are read out in a polite live region. The forms
 * are plain posts: they work without JavaScript (post, redirect, flash).
 */
export function Thread({
  messages,
  viewer,
  mayWrite,
  fileHref,
  answer,
  reference,
  replySlot,
}: {
  messages: readonly ThreadMessageView[];
  /** whose page it is: the practice's (it answers requests) or staff's (it asks for documents) */
  viewer: "member" | "staff";
  mayWrite: boolean;
  fileHref: (fileId: string) => string;
  answer?: unknown;
  reference: string;
  /** A form that answers one message, drawn under it (the member's answer to staff's question, which sends the IVR again). */
  replySlot?: { messageId: string; slot: React.ReactNode } | null;
}) {
  const headingId = React.useId();
  const announcement = useNewMessageAnnouncement(messages);
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4 rounded-xl border border-border p-4 sm:p-6">
      <h3 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-navy">
        <MessageSquare aria-hidden className="size-5" />
        Messages
      </h3>
      <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="thread-announcement">
        {announcement}
      </div>
      {messages.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No messages yet. {viewer === "member" ? "Questions about" : "Write to the practice about"} {reference} here.
        </p>
      ) : (
        <ol aria-label={`Messages on ${reference}`} className="flex flex-col gap-3">
          {messages.map((m) => (
            <li key={m.id} className={`flex flex-col gap-2 rounded-lg border p-3 text-sm ${m.side === viewer ? "border-border bg-background sm:ml-8" : "border-primary/30 bg-muted sm:mr-8"}`}>
              <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted-foreground">
                <span className="font-semibold text-foreground">{m.author}</span>
                <span>{m.side === "staff" ? "Verification team" : "Practice"}</span>
                <DateTime value={m.createdAt} />
              </p>
              <p className="break-words whitespace-pre-line">{m.body}</p>
              {m.request ? <RequestSlot message={m} viewer={viewer} mayWrite={mayWrite} fileHref={fileHref} answer={answer} /> : null}
              {replySlot?.messageId === m.id ? replySlot.slot : null}
            </li>
          ))}
        </ol>
      )}
      {mayWrite ? <Composer viewer={viewer} answer={answer} count={messages.length} /> : null}
    </section>
  );
}

/** What the live region says: the newest message's author and text, once one arrives after the page opened. */
function useNewMessageAnnouncement(messages: readonly ThreadMessageView[]) {
  const seen = React.useRef<Set<string> | null>(null);
  const [text, setText] = React.useState("");
  React.useEffect(() => {
    if (seen.current === null) {
      seen.current = new Set(messages.map((m) => m.id));
      return;
    }
    const fresh = messages.filter((m) => !seen.current!.has(m.id));
    const answered = messages.filter((m) => m.request?.file && !seen.current!.has(`${m.id}:answered`));
    for (const m of messages) {
      seen.current.add(m.id);
      if (m.request?.file) seen.current.add(`${m.id}:answered`);
    }
    const last = fresh.at(-1);
    if (last) setText(`New message from ${last.author}: ${last.body}`);
    else if (answered.length > 0) setText(`${answered.at(-1)!.request!.label} uploaded.`);
  }, [messages]);
  // The answered marks start as they were when the page opened.
  React.useEffect(() => {
    if (seen.current) for (const m of messages) if (m.request?.file) seen.current.add(`${m.id}:answered`);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return text;
}

function RequestSlot({ message, viewer, mayWrite, fileHref, answer }: { message: ThreadMessageView; viewer: "member" | "staff"; mayWrite: boolean; fileHref: (id: string) => string; answer: unknown }) {
  const request = message.request!;
  const navigation = useNavigation();
  const id = React.useId();
  if (request.file) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border bg-background p-2">
        <span className="min-w-0 break-words">
          <span className="font-medium">{request.label}</span>
          <span className="text-muted-foreground">
            {" "}
            · {request.file.name} · {formatBytes(request.file.size)} · uploaded <DateTime value={request.answeredAt} />
          </span>
        </span>
        <a href={fileHref(request.file.id)} className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline" download>
          <Download aria-hidden className="size-4" />
          Download<span className="sr-only"> {request.label}</span>
        </a>
      </div>
    );
  }
  if (viewer === "staff" || !mayWrite) {
    return (
      <p className="rounded-md border border-dashed border-border bg-background p-2">
        Asked for: <span className="font-medium">{request.label}</span> (not uploaded yet)
      </p>
    );
  }
  const a = answer as Answer;
  const mine = a?.intent === "document" && a.values?.messageId === message.id;
  const error = mine || (a?.intent === "document" && !a.values) ? errorsOf(answer, "document").document : undefined;
  const busy = navigation.state === "submitting" && navigation.formData?.get("messageId") === message.id;
  return (
    <Form method="post" encType="multipart/form-data" aria-labelledby={id} className="flex flex-col gap-2 rounded-md border border-dashed border-primary/50 bg-background p-3">
      <p id={id} className="font-medium">
        Upload: {request.label}
      </p>
      <input type="hidden" name="intent" value="document" />
      <input type="hidden" name="messageId" value={message.id} />
      <Field label={`File for ${request.label}`} name="document" required error={error} hint="PDF, JPEG or PNG, up to 10 MB.">
        {(control) => <input {...control} type="file" accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png" className="text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-muted file:px-3 file:py-1.5" />}
      </Field>
      <Button type="submit" variant="outline" className="self-start" disabled={busy}>
        <FileUp aria-hidden />
        {busy ? "Uploading..." : "Upload"}
      </Button>
    </Form>
  );
}

function Composer({ viewer, answer, count }: { viewer: "member" | "staff"; answer: unknown; count: number }) {
  const navigation = useNavigation();
  const errors = errorsOf(answer, "message");
  const typed = (answer as Answer)?.intent === "message" ? submittedValues(answer) : {};
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "message";
  // A new message empties the form (it is drawn anew once the thread has one more).
  return (
    <Form key={count} method="post" className="flex flex-col gap-3 border-t border-border pt-4">
      <input type="hidden" name="intent" value="message" />
      <Field label="New message" name="body" required error={errors.body}>
        {(control) => <Textarea {...control} rows={3} maxLength={LIMITS.long} defaultValue={typeof typed.body === "string" ? typed.body : undefined} />}
      </Field>
      {viewer === "staff" ? (
        <Field label="Ask for a document" name="requestKind" error={errors.requestKind} hint="The practice gets an upload slot for it.">
          {(control) => (
            <Select {...control} defaultValue={typeof typed.requestKind === "string" ? typed.requestKind : ""} options={[{ value: "", label: "No document: a plain message" }, ...DOCUMENT_REQUEST_KINDS]} />
          )}
        </Field>
      ) : null}
      <Button type="submit" className="self-start" disabled={busy}>
        <Send aria-hidden />
        {busy ? "Sending..." : "Send"}
      </Button>
    </Form>
  );
}
