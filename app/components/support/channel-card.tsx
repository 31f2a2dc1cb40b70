import { Clock, Mail, MessageSquare, Phone, Timer, type LucideIcon } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { IconTile } from "~/components/ui/icon-tile";
import { telHref } from "~/config/site";
import type { SupportChannel } from "~/content/types";
import { useSite } from "~/lib/use-site";
import { cn } from "~/lib/utils";
import { mailtoHref } from "./mailto";

const channelIcons = { phone: Phone, email: Mail, chat: MessageSquare } as const;

/** One way to reach support, with its hours, response time and a working action. */
export function ChannelCard({ channel }: { channel: SupportChannel }) {
  const site = useSite();
  const ChannelIcon = channelIcons[channel.kind];
  return (
    <Card className="flex h-full flex-col">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <IconTile>
            <ChannelIcon aria-hidden className="size-5" />
          </IconTile>
          <Badge variant="outline">{channel.category}</Badge>
        </div>
        <CardTitle className="mt-3">{channel.title}</CardTitle>
        <CardDescription>{channel.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="space-y-2 text-sm">
          <ChannelFact icon={Clock} label="Hours">
            {channel.hours}
          </ChannelFact>
          <ChannelFact icon={Timer} label="Response time" className="font-semibold text-success">
            {channel.response}
          </ChannelFact>
          {channel.kind === "phone" ? (
            <ChannelFact icon={Phone} label="Phone number" className="font-semibold text-foreground">
              {site.phone}
            </ChannelFact>
          ) : null}
          {channel.kind === "email" ? (
            <ChannelFact icon={Mail} label="Email address" className="break-all font-semibold text-foreground">
              {site.supportEmail}
            </ChannelFact>
          ) : null}
        </ul>
      </CardContent>
      <CardFooter>
        <ChannelAction kind={channel.kind} />
      </CardFooter>
    </Card>
  );
}

function ChannelFact({
  icon: FactIcon,
  label,
  className,
  children,
}: {
  icon: LucideIcon;
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <li className="flex min-w-0 items-start gap-2">
      <FactIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
      <span className={cn("min-w-0", className)}>
        <span className="sr-only">{label}: </span>
        {children}
      </span>
    </li>
  );
}

function ChannelAction({ kind }: { kind: SupportChannel["kind"] }) {
  const site = useSite();
  switch (kind) {
    case "phone":
      return (
        <Button asChild className="w-full">
          <a href={telHref(site.phone)}>
            <Phone aria-hidden />
            Call Support
          </a>
        </Button>
      );
    case "email":
      return (
        <Button asChild className="w-full">
          <a href={mailtoHref(site.supportEmail, "Support request")}>
            <Mail aria-hidden />
            Email Support
          </a>
        </Button>
      );
    case "chat":
      return (
        <Button asChild className="w-full">
          <Link to="/support/chat">
            <MessageSquare aria-hidden />
            Start a Conversation
          </Link>
        </Button>
      );
  }
}
