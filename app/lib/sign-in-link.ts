/** How long a mailed sign-in link works; said on the pages and in the mail, used by the server. */
export const SIGN_IN_LINK_MINUTES = 15;
