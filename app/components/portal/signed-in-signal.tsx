import * as React from "react";

/** localStorage key a signed-in page touches, so an open sign-in page in another tab follows. */
export const SIGNED_IN_KEY = "portal:signed-in";

export function SignedInSignal() {
  React.useEffect(() => {
    try {
      localStorage.setItem(SIGNED_IN_KEY, String(Date.now()));
    } catch {
      // storage disabled: the other tab follows when it is next shown
    }
  }, []);
  return null;
}
