import { ExternalLink as ExternalIcon } from "lucide-react";
import type * as React from "react";

/** Opens in a new tab, without handing the opener or referrer to the other site. */
export function ExternalLink({ children, showIcon = true, ...props }: React.ComponentProps<"a"> & { href: string; showIcon?: boolean }) {
  return (
    <a target="_blank" rel="noopener noreferrer" {...props}>
      {children}
      {showIcon ? <ExternalIcon aria-hidden /> : null}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
