import * as React from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { useRootData } from "~/lib/use-site";

// Loaded only on a signed-in page (and only with a kept form to restore), never with a visitor's page.
const SessionWatch = React.lazy(() => import("./session-watch"));
const KeptFormRestore = React.lazy(() => import("./kept-form-restore"));

/**
 * What follows a signed-in page's session: the watch (keep-alive while
 * typing, "Stay signed in" before the idle limit, the notice once it ended)
 * and, after signing in again, the form that was sent after the session ended,
 * filled in again.
 */
export function SessionFollowers() {
  const data = useRootData();
  const hydrated = useHydrated();
  if (!hydrated || !data) return null;
  return (
    <React.Suspense fallback={null}>
      {data.session ? <SessionWatch idleMinutes={data.session.idleMinutes} /> : null}
      {data.keptForm ? <KeptFormRestore form={data.keptForm} /> : null}
    </React.Suspense>
  );
}
