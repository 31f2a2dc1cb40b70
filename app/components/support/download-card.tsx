import { Download as DownloadIcon, FileText, Send } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { IconTile } from "~/components/ui/icon-tile";
import type { Download } from "~/content/types";
import { useSite } from "~/lib/use-site";
import { mailtoHref } from "./mailto";

/** A guide of the Forms Library: downloaded at its address; without one (the library unreadable), a copy asked by mail. */
export function DownloadCard({ resource }: { resource: Download }) {
  const site = useSite();
  return (
    <Card className="flex h-full flex-col">
      <CardHeader>
        <IconTile>
          <FileText aria-hidden className="size-5" />
        </IconTile>
        <CardTitle className="mt-3">{resource.title}</CardTitle>
        <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
          {resource.type}
          {resource.size ? (
            <>
              {" "}
              <span aria-hidden>·</span>
              <span className="sr-only">,</span> {resource.size}
            </>
          ) : null}
        </p>
      </CardHeader>
      <CardContent className="flex-1">
        <CardDescription>{resource.description}</CardDescription>
      </CardContent>
      <CardFooter>
        {resource.href ? (
          <Button asChild variant="secondary" className="w-full">
            <a href={resource.href} download aria-label={`Download the ${resource.title} (${resource.type}, ${resource.size ?? ""})`}>
              <DownloadIcon aria-hidden />
              Download
            </a>
          </Button>
        ) : (
          <Button asChild variant="secondary" className="w-full">
            <a
              href={mailtoHref(site.supportEmail, `Document request: ${resource.title} (${resource.type})`)}
              aria-label={`Request a copy of the ${resource.title}`}
            >
              <Send aria-hidden />
              Request a Copy
            </a>
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
