import { LogOut } from "lucide-react";
import * as React from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { showToast } from "~/components/ui/toaster";
import { outcomeOf } from "~/lib/form-result";

/**
 * Signs out through /sign-out. Success redirects home, where the "Signed out"
 * toast shows; a failure shows the Error toast here. Works without JavaScript too.
 */
export function SignOutButton() {
  const fetcher = useFetcher();
  React.useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data === undefined) return;
    const outcome = outcomeOf(fetcher.data);
    if (outcome.kind === "notice") showToast({ ...outcome.toast, variant: "error" });
    else if (outcome.kind !== "success") showToast({ title: "Error", description: "An error occurred during sign out", variant: "error" });
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form method="post" action="/sign-out">
      <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"}>
        <LogOut aria-hidden />
        {fetcher.state !== "idle" ? "Signing out..." : "Sign Out"}
      </Button>
    </fetcher.Form>
  );
}
