import { describe, expect, it } from "vitest";
import { upsertUser } from "~/.server/accounts/accounts";
import { suiteDatabase } from "../../../tests/integration/support/database";
import { findOrCreatePractice, membershipOfUser, practiceOfUser, setMemberPractice } from "./index";

describe("practices", () => {
  const database = suiteDatabase("pglite");

  it("finds a practice by its name whatever the spacing and case, creating it once", async () => {
    const first = await findOrCreatePractice(database.db, "  Sunrise  Wound Care ");
    expect(first.created).toBe(true);
    expect(first.practice.name).toBe("Sunrise Wound Care");
    const again = await findOrCreatePractice(database.db, "sunrise wound care");
    expect(again.created).toBe(false);
    expect(again.practice.id).toBe(first.practice.id);
  });

  it("puts a member in one practice and moves them", async () => {
    const { user } = await upsertUser(database.db, { email: "nurse@example.com", role: "member", password: "a long enough password" });
    const a = await findOrCreatePractice(database.db, "Practice A");
    const b = await findOrCreatePractice(database.db, "Practice B");
    expect(await practiceOfUser(database.db, user.id)).toBeNull();
    await setMemberPractice(database.db, user.id, a.practice.id, "admin");
    expect((await practiceOfUser(database.db, user.id))?.name).toBe("Practice A");
    await setMemberPractice(database.db, user.id, b.practice.id, "billing");
    expect((await practiceOfUser(database.db, user.id))?.name).toBe("Practice B");
    expect((await membershipOfUser(database.db, user.id))?.role).toBe("billing");
  });
});
