import { CircleCheck, CircleSlash } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/lib/utils";

/** Active or Disabled, in words (the colour only repeats them). */
export function AccountStatus({ disabled }: { disabled: boolean }) {
  return disabled ? (
    <Badge variant="outline" className={cn("border-destructive/40 bg-destructive/5 text-destructive")}>
      <CircleSlash aria-hidden />
      Disabled
    </Badge>
  ) : (
    <Badge variant="success">
      <CircleCheck aria-hidden />
      Active
    </Badge>
  );
}
