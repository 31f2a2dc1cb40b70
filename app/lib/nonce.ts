import * as React from "react";

/** The response's script nonce, provided on the server; empty in the browser, which hides it anyway. */
export const NonceContext = React.createContext("");

export function useNonce(): string {
  return React.useContext(NonceContext);
}
