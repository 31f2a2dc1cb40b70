import { and, eq, sql } from "drizzle-orm";
import type { NotificationEvent } from "~/lib/notifications";
import type { Db } from "~/.server/db/client";
import { ivrFollowers, notificationChoices, orderFollowers, outbox, user } from "~/.server/db/schema";
import { notDemoMember } from "~/.server/demo/scope";

/** What members follow to hear of its changes by mail, and where its followers are kept. */
const FOLLOWED = {
  ivr: { table: ivrFollowers, of: ivrFollowers.ivrId },
  order: { table: orderFollowers, of: orderFollowers.orderId },
} as const;

/**
 * Queues a status mail to every follower of the IVR or order `id`, in the
 * caller's transaction: followers whose account is disabled, and the person
 * who made the change (`except`), get none, and nor do the live demo's
 * members (its sample data mails nobody). The mail's purpose is
 * `<kind>.status` unless the caller names another (a reminder). With an `event`
 * (app/lib/notifications.ts), a follower who turned that event off by mail gets none. Answers how many were queued. The one helper both
 * lifecycles call; the lifecycle wakes the mail worker after its commit.
 */
export async function mailFollowers(
  tx: Db,
  {
    kind,
    id,
    except,
    mail,
    purpose = `${kind}.status`,
    event,
  }: { kind: keyof typeof FOLLOWED; id: string; except: string | null; mail: { subject: string; text: string }; purpose?: string; event?: NotificationEvent },
): Promise<number> {
  const { table, of } = FOLLOWED[kind];
  const followers = await tx
    .select({ email: user.email })
    .from(table)
    .innerJoin(user, eq(user.id, table.userId))
    .where(
      and(
        eq(of, id),
        eq(user.disabled, false),
        notDemoMember(user.id),
        event
          ? sql`not exists (select 1 from ${notificationChoices} where ${notificationChoices.userId} = ${user.id} and ${notificationChoices.event} = ${event} and ${notificationChoices.byMail} = false)`
          : undefined,
      ),
    );
  const recipients = followers.map((f) => f.email).filter((email) => email !== except);
  if (recipients.length === 0) return 0;
  await tx.insert(outbox).values(recipients.map((to) => ({ purpose, to, subject: mail.subject, text: mail.text })));
  return recipients.length;
}
