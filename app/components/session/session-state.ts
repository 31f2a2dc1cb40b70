/**
 * Whether this page's session is known to have ended (the session watch
 * found out). Background work that would post a form (a draft's autosave)
 * holds off then: a post now would lead to sign-in, which only the person's
 * own sending should do.
 */
let ended = false;

export function sessionHasEnded(): boolean {
  return ended;
}

export function setSessionEnded(value: boolean) {
  ended = value;
}
