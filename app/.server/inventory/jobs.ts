/**
 * The stock's scheduled work: reorders checked daily for every practice that
 * holds stock (units expire, so stock falls below par without anyone acting),
 * and the weekly count of units expiring within 30 days mailed to each
 * practice that has some (counts only).
 */
import { outsideDemo } from "~/.server/demo/scope";
import { and, count, eq, gte, isNotNull, isNull, lte } from "drizzle-orm";
import { addDays } from "~/lib/calendar";
import { EXPIRING_SOON_DAYS } from "~/lib/inventory/units";
import type { Db } from "~/.server/db/client";
import { orderUnits, outbox, parLevels, practices } from "~/.server/db/schema";
import { activeMemberEmails } from "~/.server/practices";
import { afterCommit, inTransaction } from "~/.server/db/transaction";
import { siteOrigin } from "~/.server/env";
import { log } from "~/.server/log";
import { mailQueued } from "~/.server/mail";
import { runReorder } from "./reorder";

/** Checks every stock-holding practice with par levels; answers how many reorders were drafted or placed. */
export async function reorderAllPractices(db: Db, today: string): Promise<number> {
  const holding = await db
    .selectDistinct({ id: practices.id })
    .from(practices)
    .innerJoin(parLevels, eq(parLevels.practiceId, practices.id))
    .where(and(eq(practices.holdsStock, true), eq(practices.demo, false)));
  let made = 0;
  for (const { id } of holding) {
    const result = await runReorder(db, { practiceId: id, today });
    made += result.placed.length + result.suggested.length;
  }
  return made;
}

/**
 * After a unit leaves the shelf (an application, a disposition): a reorder
 * if the practice is now below par. Never fails the change that called it:
 * the daily run tries again.
 */
export async function reorderAfterStockChange(db: Db, practiceId: string, today: string): Promise<void> {
  try {
    await runReorder(db, { practiceId, today });
  } catch (error) {
    log.error({ err: error, practiceId }, "reorder after a stock change failed; the daily run will try again");
  }
}

/** Mails each practice with usable units expiring within 30 days how many there are; answers how many practices were told. */
export async function mailExpiringSoon(db: Db, today: string): Promise<number> {
  const soon = await db
    .select({ practiceId: orderUnits.practiceId, n: count() })
    .from(orderUnits)
    .where(
      and(
        isNotNull(orderUnits.stockedAt),
        isNull(orderUnits.disposition),
        isNull(orderUnits.recallId),
        gte(orderUnits.expiresOn, today),
        lte(orderUnits.expiresOn, addDays(today, EXPIRING_SOON_DAYS)),
        outsideDemo(orderUnits.practiceId),
      ),
    )
    .groupBy(orderUnits.practiceId);
  if (soon.length === 0) return 0;
  return inTransaction(db, async (tx) => {
    const members = await activeMemberEmails(tx, soon.map((s) => s.practiceId));
    for (const { practiceId, n } of soon) {
      const units = `${n} ${n === 1 ? "unit" : "units"}`;
      for (const { email } of members.filter((m) => m.practiceId === practiceId))
        await tx.insert(outbox).values({
          purpose: "inventory.expiring",
          to: email,
          subject: `${units} of your stock expire within ${EXPIRING_SOON_DAYS} days`,
          text: `${units} on your shelf expire within ${EXPIRING_SOON_DAYS} days. Use them first, or record them when they expire.\n\n${siteOrigin()}/members/inventory\n`,
        });
    }
    afterCommit(tx, mailQueued);
    return soon.length;
  });
}
