import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { practiceMembers, practices } from "~/.server/db/schema";

/**
 * A condition that leaves the live demo's practice out: for every job and
 * mail that picks practices' records by itself (expiries, draft removal,
 * eligibility checks, reminders, reorders, expiry notices). The demo's
 * sample data never reaches a payer's connector or a mail, and stays as
 * seeded. `practiceId` is the column naming the record's practice.
 */
export function outsideDemo(practiceId: PgColumn | SQL): SQL {
  return sql`${practiceId} not in (select ${practices.id} from ${practices} where ${practices.demo})`;
}

/**
 * A condition that leaves out the members of the live demo's practice: no
 * mail is ever addressed to them (followers' status mails, reminders, notices
 * to a practice's members), whoever changed the record. `userId` is the
 * column naming the user.
 */
export function notDemoMember(userId: PgColumn | SQL): SQL {
  return sql`${userId} not in (select ${practiceMembers.userId} from ${practiceMembers} inner join ${practices} on ${practices.id} = ${practiceMembers.practiceId} where ${practices.demo})`;
}
