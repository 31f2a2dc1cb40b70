import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sources } from "../../tests/support/sources";
import { mailPurposeLabel, statusSubject } from "./mail";
import { KINDS } from "./submission-kinds";

/** Every purpose key the server writes: literal ones, and the form kinds' `${kind}.notification` / `.confirmation`. */
function purposesWritten(): string[] {
  const found = new Set<string>();
  for (const file of sources("app/.server")) {
    const source = readFileSync(file, "utf8");
    for (const m of source.matchAll(/purpose: "([a-z-]+\.[a-z.-]+)"/g)) found.add(m[1]!);
    // accounts.ts writes `account.${purpose}` for its two password links.
    if (/purpose: `account\.\$\{purpose\}`/.test(source)) ["account.invite", "account.reset"].forEach((p) => found.add(p));
    for (const m of source.matchAll(/purpose: `\$\{draft\.kind\}\.([a-z]+)`/g)) {
      for (const kind of KINDS) found.add(`${kind}.${m[1]}`);
    }
  }
  return [...found].sort();
}

describe("mail purposes in words", () => {
  it("gives the words staff read in the outbox", () => {
    expect(mailPurposeLabel("contact.notification")).toBe("Contact form: notification to the company");
    expect(mailPurposeLabel("contact.confirmation")).toBe("Contact form: confirmation to the sender");
    expect(mailPurposeLabel("intake.notification")).toBe("Consultation request: notification to the company");
    expect(mailPurposeLabel("account.invite")).toBe("Invitation to the portal");
    expect(mailPurposeLabel("account.reset")).toBe("Password reset");
    expect(mailPurposeLabel("account.sign-in-link")).toBe("Sign-in link");
    expect(mailPurposeLabel("account.sign-in-limited")).toBe("Sign-in limited notice");
  });

  it("has words for every purpose the server writes", () => {
    const purposes = purposesWritten();
    // The scan itself must find the kinds of mail there are, or this test proves nothing.
    expect(purposes).toEqual(expect.arrayContaining(["account.invite", "account.sign-in-link", "callback.confirmation", "intake.notification"]));
    expect(purposes.length).toBeGreaterThanOrEqual(12);
    for (const purpose of purposes) expect(mailPurposeLabel(purpose), purpose).not.toMatch(/^Other mail/);
  });

  it("still reads as something for a key nobody gave words to", () => {
    expect(mailPurposeLabel("newsletter.weekly")).toBe("Other mail (newsletter.weekly)");
    expect(mailPurposeLabel("contact.reminder")).toBe("Other mail (contact.reminder)");
  });
});

describe("status mail subjects", () => {
  it("read the reference, a colon and the status in words", () => {
    expect(statusSubject("IVR-000123", "Needs information")).toBe("IVR-000123: needs information");
    expect(statusSubject("ORD-000045", "Shipped")).toBe("ORD-000045: shipped");
  });
});
