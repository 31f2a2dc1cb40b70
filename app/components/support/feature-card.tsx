import type { LucideIcon } from "lucide-react";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { IconTile } from "~/components/ui/icon-tile";

/** A compact feature tile: decorative icon, title and one or two sentences. */
export function FeatureCard({ icon: FeatureIcon, title, description }: { icon: LucideIcon; title: string; description: string }) {
  return (
    <Card className="h-full">
      <CardHeader bottom="lg">
        <IconTile>
          <FeatureIcon aria-hidden className="size-5" />
        </IconTile>
        <CardTitle className="mt-3">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
    </Card>
  );
}
