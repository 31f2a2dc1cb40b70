/**
 * What the password pages need without zod: the shape of a password link's
 * token and the texts of their answers.
 */

/** Tokens are 32 random bytes in base64url (43 characters); anything else is not one. */
export const PASSWORD_TOKEN = /^[\w-]{20,100}$/;

/** A link that was used, expired, or never was one. */
export const expiredLinkNotice = {
  title: "This link is no longer valid",
  description: "Password links work once and expire: invitations after 72 hours, reset links after one hour.",
} as const;

export const passwordTexts = {
  /** set-password: bad input, without JavaScript (with it, the fields say it as they are typed). */
  checkPassword: { title: "Check the password", description: "Fix the fields marked below and try again." },
  notSaved: { title: "Not saved", description: "We could not save your password just now. Please try again in a moment.", variant: "error" },
  /** forgot-password: the request could not be taken (the database gone, say). */
  notSent: { title: "Not sent", description: "We could not take your request just now. Please try again in a moment.", variant: "error" },
  sent: { title: "Check your email" },
} as const;
