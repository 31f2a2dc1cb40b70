import { Bell, BellOff, XCircle } from "lucide-react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmButton } from "~/components/ui/confirm-button";

type Cancel = {
  /** The record's reference, in the dialog's title: "Cancel IVR-…?". */
  reference: string;
  /** What cancelling means, in the dialog. */
  description: string;
  /** The button that opens the dialog ("Cancel order") and the one that confirms it ("Cancel the order"). */
  label: string;
  confirmLabel: string;
};

/**
 * The actions beside an IVR's or an order's heading: follow it by mail or stop,
 * and cancel it (after a confirm dialog) when `cancel` is given. Both post to the
 * page's own action with an `intent`.
 */
export function FollowAndCancel({ following, busy, cancel }: { following: boolean; busy: boolean; cancel: Cancel | null }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Form method="post">
        <input type="hidden" name="intent" value={following ? "unfollow" : "follow"} />
        <Button type="submit" variant="outline" disabled={busy}>
          {following ? <BellOff aria-hidden /> : <Bell aria-hidden />}
          {following ? "Stop mails" : "Follow by mail"}
        </Button>
      </Form>
      {cancel ? (
        <Form method="post">
          <input type="hidden" name="intent" value="cancel" />
          <ConfirmButton
            variant="destructive"
            title={`Cancel ${cancel.reference}?`}
            description={cancel.description}
            confirmLabel={cancel.confirmLabel}
            pending={busy}
            pendingText="Cancelling..."
          >
            <XCircle aria-hidden />
            {cancel.label}
          </ConfirmButton>
        </Form>
      ) : null}
    </div>
  );
}

/**
 * Without JavaScript the confirm dialog cannot open: the action answers a first
 * cancel with `confirm`, and the page shows this panel, whose button posts the
 * cancel again, confirmed.
 */
export function CancelPanel({ reference, description, confirmLabel, keepTo }: { reference: string; description: string; confirmLabel: string; keepTo: string }) {
  return (
    <Form method="post" className="flex flex-col gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-4">
      <p className="font-semibold">Cancel {reference}?</p>
      <p className="text-sm">{description}</p>
      <input type="hidden" name="intent" value="cancel" />
      <input type="hidden" name="confirmed" value="1" />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="destructive">
          {confirmLabel}
        </Button>
        <Button asChild variant="outline">
          <Link to={keepTo}>Keep it</Link>
        </Button>
      </div>
    </Form>
  );
}
