import { Check, Copy } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { showToast } from "~/components/ui/toaster";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * The partner's referral link as text anyone can select (and copy without
 * JavaScript), with a Copy button once the page runs in the browser.
 */
export function ReferralLink({ link }: { link: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = React.useState(false);
  const copy = () =>
    void navigator.clipboard
      ?.writeText(link)
      .then(() => {
        setCopied(true);
        showToast({ title: "Link copied", description: "Paste it into a mail or a message to a practice.", variant: "success" });
      })
      .catch(() => showToast({ title: "Not copied", description: "Select the link and copy it yourself.", variant: "error" }));
  return (
    <div className="flex min-w-0 flex-col gap-3 sm:flex-row sm:items-center">
      <p className="min-w-0 flex-1 rounded-md border border-input bg-background px-3 py-2 font-mono text-sm break-all select-all" data-testid="referral-link">
        {link}
      </p>
      {hydrated ? (
        <Button type="button" variant="outline" onClick={copy} className="w-fit">
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? "Copied" : "Copy link"}
        </Button>
      ) : null}
    </div>
  );
}
