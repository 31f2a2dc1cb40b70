import type { Db } from "~/.server/db/client";
import { LINK_PLACEHOLDER, queueLinkMail } from "~/.server/mail/outbox";

/**
 * A password-reset mail queued as the app queues one (its link kept apart,
 * sealed, until it is sent), the link ending `expiresInMs` from now: a link
 * already expired when that is negative.
 */
export function queueResetMail(db: Db, { to, link, expiresInMs, after = "" }: { to: string; link: string; expiresInMs: number; after?: string }) {
  return queueLinkMail(db, {
    purpose: "account.reset",
    to,
    subject: "Reset your portal password",
    text: `Choose a new password: ${LINK_PLACEHOLDER}${after}`,
    link,
    linkExpiresAt: new Date(Date.now() + expiresInMs),
  });
}
