import { sql } from "drizzle-orm";
import type { Db } from "~/.server/db/client";

/**
 * Makes the database refuse audit rows (those naming `target`, or every one),
 * as a full disk or a lost connection would, to show that a change and its
 * audit row commit together or not at all. `auditWorks` undoes it.
 */
export async function auditFails(db: Db, target?: string) {
  // The target is an id the test made: never outside input.
  const when = target ? `new.target = '${target.replace(/'/g, "''")}'` : "true";
  await db.execute(
    sql.raw(`create or replace function audit_refuses() returns trigger language plpgsql as $$
      begin
        if ${when} then raise exception 'audit row refused'; end if;
        return new;
      end $$`),
  );
  await db.execute(sql`drop trigger if exists audit_refuses on audit_log`);
  await db.execute(sql`create trigger audit_refuses before insert on audit_log for each row execute function audit_refuses()`);
}

export async function auditWorks(db: Db) {
  await db.execute(sql`drop trigger if exists audit_refuses on audit_log`);
}
