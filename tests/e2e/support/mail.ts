import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";

export type CapturedMail = { to: string[]; subject: string; body: string; raw: string };

function decode(raw: string): CapturedMail["body"] {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n");
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head)) {
    const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  if (/Content-Transfer-Encoding: base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

/** Every mail the test server's SMTP server has received so far. */
export function capturedMails(): CapturedMail[] {
  const dir = process.env.MAIL_CAPTURE_DIR!;
  return readdirSync(dir)
    .sort()
    .map((f) => {
      const { to, raw } = JSON.parse(readFileSync(path.join(dir, f), "utf8")) as { to: string[]; raw: string };
      const head = raw.split(/\r?\n\r?\n/)[0] ?? "";
      const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(head)?.[1]?.replace(/\r?\n[ \t]/g, " ") ?? "";
      return { to, raw, subject: decodeSubject(subject), body: decode(raw) };
    });
}

function decodeSubject(subject: string): string {
  return subject.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))), "latin1").toString("utf8"),
  );
}

/** Waits until a mail to `to` whose body contains `marker` has arrived, and returns it. */
export async function waitForMail(to: string, marker: string): Promise<CapturedMail> {
  let found: CapturedMail | undefined;
  // Looks every quarter second: the server's worker sends within a moment, and the default
  // intervals would stretch to a second apart while it does.
  await expect
    .poll(() => {
      found = capturedMails().find((m) => m.to.includes(to) && m.body.includes(marker));
      return Boolean(found);
    }, { timeout: 15_000, intervals: [100, 250], message: `mail to ${to} containing ${marker}` })
    .toBe(true);
  return found!;
}
