import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { Badge } from "~/components/ui/badge";

export type HeroBadge = { icon?: LucideIcon; label: string };

/** The light badges in a page hero's eyebrow, each with an optional icon. */
export function HeroBadges({ badges }: { badges: readonly HeroBadge[] }) {
  return (
    <>
      {badges.map(({ icon: Icon, label }) => (
        <Badge key={label} variant="inverse">
          {Icon ? <Icon aria-hidden /> : null}
          {label}
        </Badge>
      ))}
    </>
  );
}

/** The row of buttons under a page hero's lead. */
export function HeroActions({ children }: { children: React.ReactNode }) {
  return <div className="flex flex-wrap gap-3">{children}</div>;
}
