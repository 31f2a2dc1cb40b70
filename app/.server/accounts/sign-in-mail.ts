import type { Db } from "~/.server/db/client";
import { outbox } from "~/.server/db/schema";
import { siteOrigin } from "~/.server/env";
import { SIGN_IN_LINK_MINUTES } from "~/lib/sign-in-link";
import { LINK_PLACEHOLDER, queueLinkMail } from "~/.server/mail";

/**
 * The two mails of a limited sign-in: the one-use sign-in link, and the
 * notice to an account's owner that its password sign-in was paused. Neither
 * names anything but the account's own address.
 */

/** The page a sign-in link opens; its GET only shows a button, so a mail scanner fetching it uses nothing up. */
export const SIGN_IN_LINK_PATH = "/sign-in-link";

/** The address of a sign-in link, always on the configured origin: a forged Host must never reach a mail. */
export function signInLinkUrl(token: string): string {
  return `${siteOrigin()}${SIGN_IN_LINK_PATH}?token=${encodeURIComponent(token)}`;
}

export async function queueSignInLinkMail(db: Db, { email, token }: { email: string; token: string }) {
  await queueLinkMail(db, {
    purpose: "account.sign-in-link",
    to: email,
    subject: "Your portal sign-in link",
    text: [
      "Hello,",
      "",
      `Someone asked for a link to sign in to your portal account. If it was you, sign in with this link (it works once and expires in ${SIGN_IN_LINK_MINUTES} minutes):`,
      "",
      LINK_PLACEHOLDER,
      "",
      "If it was not you, ignore this message: nobody can sign in without it, and your password stays as it is.",
      "",
    ].join("\n"),
    link: signInLinkUrl(token),
    linkExpiresAt: new Date(Date.now() + SIGN_IN_LINK_MINUTES * 60_000),
  });
}

export const LIMITED_SIGN_IN_SUBJECT = "Sign-in to your portal account was limited";

/** Carries no secret, so it is an ordinary outbox row. */
export async function queueLimitedSignInMail(db: Db, { email }: { email: string }) {
  const origin = siteOrigin();
  await db.insert(outbox).values({
    purpose: "account.sign-in-limited",
    to: email,
    subject: LIMITED_SIGN_IN_SUBJECT,
    text: [
      "Hello,",
      "",
      "Sign-in to your portal account was limited after repeated wrong passwords.",
      "",
      `If it was not you, nothing is needed: your password still works after a minute, or use a sign-in link (on ${origin}/auth, choose "Email me a sign-in link").`,
      "",
      `If it was you and you have forgotten your password, choose a new one at ${origin}/forgot-password.`,
      "",
    ].join("\n"),
  });
}
