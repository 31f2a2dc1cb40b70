import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { ComplianceProgram } from "~/content/types";
import { CheckList } from "./check-list";

/** One of the compliance programs with the policies it covers. */
export function ProgramCard({ program }: { program: ComplianceProgram }) {
  return (
    <Card className="h-full">
      <CardHeader>
        <CardTitle>{program.title}</CardTitle>
        <CardDescription>{program.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <CheckList items={program.policies} label={`${program.title} policies`} />
      </CardContent>
    </Card>
  );
}
