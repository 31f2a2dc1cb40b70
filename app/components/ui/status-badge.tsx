import { IVR_STATUS_LABELS, type IvrStatus } from "~/lib/ivr";
import { JOB_STATE_LABELS, type JobState } from "~/lib/jobs";
import { MAIL_STATE_LABELS, type MailState } from "~/lib/mail";
import { ACCESS_REQUEST_STATE_LABELS, type AccessRequestState } from "~/lib/partners";
import { INVOICE_STATE_LABELS, ORDER_STATUS_LABELS, type InvoiceState, type OrderStatus } from "~/lib/orders";
import { STATUS_LABELS, type Status } from "~/lib/submissions";
import { cn } from "~/lib/utils";

/**
 * Every status the site shows (a submission's, a mail's, an IVR's, an
 * order's, an invoice's, a background job's) as one kind of small coloured label. The words are
 * the vocabulary modules' (lib/submissions, lib/mail, lib/ivr, lib/orders);
 * the colour says what the status means to the reader: new, waiting on
 * someone, good, bad, or over. Text and colour both carry the meaning; every
 * pair passes WCAG AA contrast (app.css).
 */
type Tone = "new" | "waiting" | "good" | "bad" | "over";

const TONES: Record<Tone, string> = {
  new: "bg-primary-soft text-primary border-primary/30",
  waiting: "bg-warning-soft text-warning border-warning-border",
  good: "bg-success-soft text-success border-success/30",
  bad: "bg-destructive-soft text-destructive border-destructive/30",
  over: "bg-muted text-muted-foreground border-border",
};

const SUBMISSION: Record<Status, Tone> = { new: "new", in_progress: "waiting", closed: "over" };

const MAIL: Record<MailState, Tone> = { pending: "waiting", sent: "good", failed: "bad", dismissed: "over" };

const IVR: Record<IvrStatus, Tone> = {
  draft: "over",
  submitted: "new",
  in_review: "waiting",
  needs_information: "waiting",
  covered: "good",
  prior_auth_required: "waiting",
  prior_auth_submitted: "waiting",
  prior_auth_approved: "good",
  prior_auth_denied: "bad",
  not_covered: "bad",
  expired: "over",
  cancelled: "over",
};

const ORDER: Record<OrderStatus, Tone> = {
  suggested: "waiting",
  awaiting_approval: "waiting",
  submitted: "new",
  confirmed: "waiting",
  shipped: "waiting",
  delivered: "good",
  invoiced: "waiting",
  paid: "good",
  cancelled: "over",
};

const INVOICE: Record<InvoiceState, Tone> = { open: "waiting", overdue: "bad", paid: "good" };

const JOB: Record<JobState, Tone> = { queued: "waiting", running: "new", done: "good", failed: "bad", cancelled: "over" };

const ACCESS_REQUEST: Record<AccessRequestState, Tone> = { pending: "waiting", approved: "good", declined: "over" };

const KINDS = {
  submission: { labels: STATUS_LABELS, tones: SUBMISSION },
  mail: { labels: MAIL_STATE_LABELS, tones: MAIL },
  ivr: { labels: IVR_STATUS_LABELS, tones: IVR },
  order: { labels: ORDER_STATUS_LABELS, tones: ORDER },
  invoice: { labels: INVOICE_STATE_LABELS, tones: INVOICE },
  job: { labels: JOB_STATE_LABELS, tones: JOB },
  "access-request": { labels: ACCESS_REQUEST_STATE_LABELS, tones: ACCESS_REQUEST },
};

type Kinds = typeof KINDS;
export type StatusKind = keyof Kinds;

export function StatusBadge<K extends StatusKind>({ kind, status, className }: { kind: K; status: keyof Kinds[K]["tones"] & string; className?: string }) {
  const { labels, tones } = KINDS[kind] as { labels: Record<string, string>; tones: Record<string, Tone> };
  return (
    <span className={cn("inline-flex items-center whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold", TONES[tones[status] ?? "over"], className)}>
      {labels[status] ?? status}
    </span>
  );
}
