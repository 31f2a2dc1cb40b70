import { CircleCheck, CircleSlash } from "lucide-react";
import { Badge } from "~/components/ui/badge";

/** Active or Disabled, in words (the colour only repeats them). */
export function AccountStatus({ disabled }: { disabled: boolean }) {
  return disabled ? (
    <Badge variant="destructive">
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
