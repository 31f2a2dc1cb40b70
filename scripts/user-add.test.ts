import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "~/.server/db/client";
import { practiceOfUser } from "~/.server/practices";
import { findUserByEmail } from "~/.server/accounts/accounts";

function userAdd(dataDir: string, ...args: string[]) {
  const r = spawnSync("npx", ["tsx", "scripts/user-add.ts", ...args], {
    encoding: "utf8",
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

describe("npm run user:add --practice", () => {
  it("puts members in the named practice, creating it once, and refuses it for staff", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "user-add-"));
    const first = userAdd(dataDir, "--email", "lee@example.com", "--password", "long password one", "--role", "member", "--practice", "Sunrise Wound Care");
    expect(first.out).toContain("Created lee@example.com (member, practice Sunrise Wound Care (new)).");
    const second = userAdd(dataDir, "--email", "kim@example.com", "--password", "long password two", "--role", "member", "--practice", "sunrise  wound care");
    expect(second.out).toContain("Created kim@example.com (member, practice Sunrise Wound Care).");
    const staff = userAdd(dataDir, "--email", "ops@example.com", "--password", "long password three", "--role", "staff", "--practice", "X");
    expect(staff.status).toBe(2);
    expect(staff.out).toContain("--practice is for members");

    const database = await openDatabase({ dataDir });
    try {
      const lee = await findUserByEmail(database.db, "lee@example.com");
      const kim = await findUserByEmail(database.db, "kim@example.com");
      const a = await practiceOfUser(database.db, lee!.id);
      expect(a?.name).toBe("Sunrise Wound Care");
      expect((await practiceOfUser(database.db, kim!.id))?.id).toBe(a?.id);
      expect(await findUserByEmail(database.db, "ops@example.com")).toBeUndefined();
    } finally {
      await database.close();
    }
  }, 120_000);
});
