import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { IconTile } from "~/components/ui/icon-tile";

/**
 * The centred card of the public account pages (sign in, forgot password,
 * set password): an icon, the page's h1, a line of explanation, and the form.
 */
export function AccountCard({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="flex min-h-[calc(100dvh-4rem)] items-center justify-center bg-muted px-4 py-16 sm:px-6">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <IconTile size="lg" round className="mb-2">
            <Icon aria-hidden className="size-6" />
          </IconTile>
          <h1 className="text-2xl font-bold tracking-tight text-navy">{title}</h1>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent className="flex flex-col gap-6">{children}</CardContent>
      </Card>
    </div>
  );
}

/** A quiet link under the form ("Back to sign in"). */
export function AccountFooterLink({ to, children, lead }: { to: string; children: React.ReactNode; lead?: string }) {
  return (
    <p className="text-center text-sm text-muted-foreground">
      {lead ? `${lead} ` : null}
      <a href={to} className="font-semibold text-primary underline-offset-4 hover:underline">
        {children}
      </a>
    </p>
  );
}
