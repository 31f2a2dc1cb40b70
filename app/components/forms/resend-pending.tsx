import * as React from "react";
import { flushPending } from "./pending-submissions";

/** Re-sends kept submissions when a page opens and whenever the connection comes back. */
export function ResendPendingSubmissions() {
  React.useEffect(() => {
    void flushPending();
    const onOnline = () => void flushPending();
    window.addEventListener("online", onOnline);
    return () => window.removeEventListener("online", onOnline);
  }, []);
  return null;
}
