import { Mail } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { IconTile } from "~/components/ui/icon-tile";
import type { SupportTopic } from "~/content/types";
import { useSite } from "~/lib/use-site";
import { CheckList } from "./check-list";
import { mailtoHref } from "./mailto";

/** A help topic with its article count; the action asks support about it by email. */
export function TopicCard({ topic }: { topic: SupportTopic }) {
  const site = useSite();
  return (
    <Card className="flex h-full flex-col">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <IconTile>
            <Icon name={topic.icon} className="size-5" />
          </IconTile>
          <Badge>{topic.articles} articles</Badge>
        </div>
        <CardTitle className="mt-3">{topic.title}</CardTitle>
        <CardDescription>{topic.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1">
        <CheckList items={topic.topics} label={`${topic.title} topics`} />
      </CardContent>
      <CardFooter>
        <Button asChild variant="outline" className="w-full">
          <a href={mailtoHref(site.supportEmail, `Question about ${topic.title}`)}>
            <Mail aria-hidden />
            Ask About This Topic
            <span className="sr-only">: {topic.title}</span>
          </a>
        </Button>
      </CardFooter>
    </Card>
  );
}
