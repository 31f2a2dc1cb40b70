import { Check, Copy } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

/** The set-password link, shown once when mail delivery is off, with a button that copies it. */
export function OneTimeLink({ title, message, link }: { title: string; message: string; link: string }) {
  const [copied, setCopied] = React.useState(false);
  const id = React.useId();
  return (
    <div role="status" className="flex min-w-0 flex-col gap-2 rounded-lg border border-warning-border bg-warning-soft p-4 text-sm">
      <p className="font-semibold text-warning">{title}</p>
      <p className="text-foreground">{message}</p>
      <div className="flex min-w-0 flex-col gap-2 sm:flex-row">
        <label htmlFor={id} className="sr-only">
          Set-password link
        </label>
        <Input id={id} readOnly value={link} onFocus={(e) => e.currentTarget.select()} textSize="xs" className="min-w-0 flex-1 font-mono" />
        <Button type="button" variant="outline" onClick={() => void navigator.clipboard?.writeText(link).then(() => setCopied(true))}>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? "Copied" : "Copy link"}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">This link is not shown again. Set SMTP_URL to have the site mail such links itself.</p>
    </div>
  );
}
