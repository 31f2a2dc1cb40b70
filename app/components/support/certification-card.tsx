import { Award } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { IconTile } from "~/components/ui/icon-tile";
import type { Certification } from "~/content/types";

/** A certification or license with its type and validity note; `detail` adds a line such as a license number. */
export function CertificationCard({ certification, detail }: { certification: Certification; detail?: string }) {
  return (
    <div className="flex h-full min-w-0 items-start gap-4 rounded-xl border border-border bg-background p-5 shadow-sm">
      <IconTile round>
        <Award aria-hidden className="size-5" />
      </IconTile>
      <div className="min-w-0">
        <h3 className="font-semibold leading-snug text-foreground">{certification.name}</h3>
        <p className="mt-1 text-sm text-muted-foreground">{certification.type}</p>
        {detail ? <p className="mt-1 break-words text-sm font-semibold text-foreground">{detail}</p> : null}
        <Badge variant="outline" className="mt-3 whitespace-normal">
          {certification.validity}
        </Badge>
      </div>
    </div>
  );
}
