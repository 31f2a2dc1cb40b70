import type { LucideIcon } from "lucide-react";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

/** A compact feature tile: decorative icon, title and one or two sentences. */
export function FeatureCard({ icon: FeatureIcon, title, description }: { icon: LucideIcon; title: string; description: string }) {
  return (
    <Card className="h-full">
      <CardHeader className="pb-6">
        <span className="flex size-11 items-center justify-center rounded-lg bg-primary-soft text-primary">
          <FeatureIcon aria-hidden className="size-5" />
        </span>
        <CardTitle className="mt-3">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
    </Card>
  );
}
