import type * as React from "react";
import { cn } from "~/lib/utils";
import { fieldLook } from "./input";

export function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return <textarea className={cn(fieldLook, "w-full min-h-28 py-2 text-base", className)} {...props} />;
}
