import { BadgeCheck } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { ComplianceFramework } from "~/content/types";
import { CheckList } from "./check-list";

/** A regulatory framework with its status badge and key requirements. */
export function FrameworkCard({ framework }: { framework: ComplianceFramework }) {
  return (
    <Card className="flex h-full flex-col">
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <CardTitle>{framework.name}</CardTitle>
          <Badge variant="success">
            <BadgeCheck aria-hidden />
            <span className="sr-only">Status: </span>
            {framework.status}
          </Badge>
        </div>
        <CardDescription>{framework.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1">
        <p className="mb-3 text-sm font-semibold text-navy">Key requirements</p>
        <CheckList items={framework.requirements} label={`${framework.name} requirements`} />
      </CardContent>
    </Card>
  );
}
