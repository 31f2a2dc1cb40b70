import { ArrowRight, Briefcase, CheckCircle2, Clock, DollarSign, MapPin } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import type { JobPosting } from "~/content/types";

/** Where Apply Now leads: the partner program has its own callback form. */
export function applyHref(job: JobPosting): string {
  return job.slug === "partner-representative"
    ? "/partner-callback"
    : `/apply?${new URLSearchParams({ position: job.slug }).toString()}`;
}

function DetailList({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <div className="min-w-0">
      <h4 className="text-sm font-semibold tracking-wide text-navy uppercase">{title}</h4>
      <ul className="mt-3 space-y-2 text-sm leading-relaxed text-muted-foreground">
        {items.map((item) => (
          <li key={item} className="flex gap-2">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            <span className="min-w-0 break-words">{item}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function JobCard({ job }: { job: JobPosting }) {
  const facts = [
    { icon: MapPin, label: "Location", value: job.location },
    { icon: Briefcase, label: "Employment type", value: job.type },
    { icon: DollarSign, label: "Compensation", value: job.salary },
  ];
  return (
    <Card className="overflow-hidden">
      <CardHeader gap="lg" bottom="lg" className="border-b border-border bg-muted/60">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Badge>{job.department}</Badge>
          <span className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
            <Clock className="size-4" aria-hidden />
            {job.posted}
          </span>
        </div>
        <CardTitle size="lg" tone="navy" className="sm:text-2xl">{job.title}</CardTitle>
        <dl className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {facts.map(({ icon: FactIcon, label, value }) => (
            <div key={label} className="flex items-center gap-1.5">
              <FactIcon className="size-4 shrink-0 text-primary" aria-hidden />
              <dt className="sr-only">{label}</dt>
              <dd className="font-medium text-foreground">{value}</dd>
            </div>
          ))}
        </dl>
      </CardHeader>
      <CardContent padding="all">
        <p className="max-w-3xl leading-relaxed text-foreground">{job.description}</p>
        <div className="mt-6 grid gap-6 md:grid-cols-3">
          <DetailList title="Responsibilities" items={job.responsibilities} />
          <DetailList title="Requirements" items={job.requirements} />
          <DetailList title="Benefits" items={job.benefits} />
        </div>
      </CardContent>
      <CardFooter rule="lg" className="flex-wrap justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          {job.slug === "partner-representative"
            ? "Request a callback to learn about the partner program."
            : "Applications are reviewed on a rolling basis."}
        </p>
        <Button asChild>
          <Link to={applyHref(job)}>
            Apply Now<span className="sr-only"> for {job.title}</span>
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
