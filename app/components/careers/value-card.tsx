import type { LucideIcon } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";

export function ValueCard({ icon: ValueIcon, title, description }: { icon: LucideIcon; title: string; description: string }) {
  return (
    <Card className="h-full">
      <CardHeader>
        <span className="mb-2 inline-flex size-11 items-center justify-center rounded-lg bg-primary-soft text-primary">
          <ValueIcon className="size-5" aria-hidden />
        </span>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-sm leading-relaxed text-muted-foreground">{description}</p>
      </CardContent>
    </Card>
  );
}
