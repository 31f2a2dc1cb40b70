import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { openDatabase } from "~/.server/db/client";
import { outbox } from "~/.server/db/schema";

const work = mkdtempSync(path.join(tmpdir(), "outbox-migration-"));
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

/** The committed migrations up to (not including) the one that started keeping links encrypted. */
function migrationsBefore(tag: string): string {
  const dir = path.join(work, "drizzle");
  cpSync("drizzle", dir, { recursive: true });
  const journalFile = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === tag));
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

it("takes plain-text links out of mail queued before links were kept encrypted", async () => {
  const dataDir = path.join(work, "data");
  const before = await openDatabase({ dataDir, migrationsDir: migrationsBefore("0003_outbox_secrets_and_retention") });
  await before.db.execute(sql`
    insert into outbox (purpose, "to", subject, text, status) values
      ('account.invite', 'waiting@clinic.example', 'Invitation', ${"Hello,\n\nhttps://portal.example/set-password?token=AAA-bb_1\n\nBye"}, 'pending'),
      ('account.reset', 'sent@clinic.example', 'Reset', ${"Use http://localhost:3000/set-password?token=ZZZ now."}, 'sent'),
      ('contact.notification', 'info@site.example', 'Contact', ${"Message: I typed /set-password?token=mine"}, 'pending')`);
  await before.close();

  const after = await openDatabase({ dataDir });
  const rows = await after.db
    .select({ to: outbox.to, status: outbox.status, text: outbox.text, last_error: outbox.lastError })
    .from(outbox)
    .orderBy(outbox.to);
  await after.close();
  expect(rows).toEqual([
    { to: "info@site.example", status: "pending", text: "Message: I typed /set-password?token=mine", last_error: null },
    { to: "sent@clinic.example", status: "sent", text: "Use [link removed] now.", last_error: null },
    {
      to: "waiting@clinic.example",
      status: "failed",
      text: "Hello,\n\n[link removed]\n\nBye",
      last_error: "link removed from storage before it could be sent; send a new one",
    },
  ]);
});
