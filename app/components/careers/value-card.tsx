import type { LucideIcon } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { IconTile } from "~/components/ui/icon-tile";

export function ValueCard({ icon: ValueIcon, title, description }: { icon: LucideIcon; title: string; description: string }) {
  return (
    <Card className="h-full">
      <CardHeader>
        <IconTile className="mb-2">
          <ValueIcon className="size-5" aria-hidden />
        </IconTile>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-sm leading-relaxed text-muted-foreground">{description}</p>
      </CardContent>
    </Card>
  );
}
