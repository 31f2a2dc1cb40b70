import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkConfirmation, CONFIRMATION_ATTEMPTS, CONFIRMATION_MESSAGES, newConfirmation, type PendingConfirmation } from "./confirmation";

const key = randomBytes(32);
const USER = "0b6a3e52-4f1c-4a55-9d36-7c1f2f0e9a11";
const PHONE = "+16025550142";
const start = new Date("2026-03-02T15:00:00Z");
const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);

/** A wrong code for this pending one: any six digits but the right one. */
const wrongFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("confirmation codes", () => {
  it("are six digits, kept only as a keyed hash, good for ten minutes", () => {
    const { code, pending } = newConfirmation(USER, PHONE, { now: start, key });
    expect(code).toMatch(/^\d{6}$/);
    expect(pending.phone).toBe(PHONE);
    expect(pending.attempts).toBe(0);
    expect(pending.expiresAt).toEqual(at(10));
    expect(JSON.stringify(pending)).not.toContain(code);
  });

  it("differ from one to the next", () => {
    const codes = new Set(Array.from({ length: 20 }, () => newConfirmation(USER, PHONE, { key }).code));
    expect(codes.size).toBeGreaterThan(15);
  });

  it("confirm the number with the right code, however it was spaced", () => {
    const { code, pending } = newConfirmation(USER, PHONE, { now: start, key });
    expect(checkConfirmation(pending, code, USER, { now: at(9), key })).toEqual({ result: "confirmed", phone: PHONE });
    expect(checkConfirmation(pending, ` ${code.slice(0, 3)} ${code.slice(3)} `, USER, { now: at(9), key }).result).toBe("confirmed");
    expect(checkConfirmation(pending, `${code.slice(0, 3)}-${code.slice(3)}`, USER, { now: at(9), key }).result).toBe("confirmed");
  });

  it("count a wrong code, and refuse every code after the fifth wrong one", () => {
    const { code, pending } = newConfirmation(USER, PHONE, { now: start, key });
    let stored: PendingConfirmation = pending;
    for (let n = 1; n <= CONFIRMATION_ATTEMPTS; n++) {
      const check = checkConfirmation(stored, wrongFor(code), USER, { now: at(1), key });
      expect(check).toMatchObject({ result: "wrong", attempts: n, left: CONFIRMATION_ATTEMPTS - n });
      if (check.result === "wrong") stored = { ...stored, attempts: check.attempts };
    }
    expect(checkConfirmation(stored, code, USER, { now: at(1), key })).toEqual({ result: "locked", message: CONFIRMATION_MESSAGES.locked });
  });

  it("say so when the fifth wrong code spends it", () => {
    const { code, pending } = newConfirmation(USER, PHONE, { now: start, key });
    const last = checkConfirmation({ ...pending, attempts: CONFIRMATION_ATTEMPTS - 1 }, wrongFor(code), USER, { now: at(1), key });
    expect(last).toMatchObject({ result: "wrong", left: 0, message: CONFIRMATION_MESSAGES.locked });
  });

  it("do not count a slip that is not six digits", () => {
    const { pending } = newConfirmation(USER, PHONE, { now: start, key });
    expect(checkConfirmation(pending, "12345", USER, { now: at(1), key })).toEqual({ result: "malformed", message: CONFIRMATION_MESSAGES.malformed });
    expect(checkConfirmation(pending, "abcdef", USER, { now: at(1), key }).result).toBe("malformed");
  });

  it("expire after ten minutes, even the right code", () => {
    const { code, pending } = newConfirmation(USER, PHONE, { now: start, key });
    expect(checkConfirmation(pending, code, USER, { now: at(10), key })).toEqual({ result: "expired", message: CONFIRMATION_MESSAGES.expired });
  });

  it("match only the account and the number they were made for, with the key they were made with", () => {
    const { code, pending } = newConfirmation(USER, PHONE, { now: start, key });
    expect(checkConfirmation(pending, code, "another-user", { now: at(1), key }).result).toBe("wrong");
    expect(checkConfirmation({ ...pending, phone: "+16025550199" }, code, USER, { now: at(1), key }).result).toBe("wrong");
    expect(checkConfirmation(pending, code, USER, { now: at(1), key: randomBytes(32) }).result).toBe("wrong");
  });
});
