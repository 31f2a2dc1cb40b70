import { Ban, Play, RotateCw } from "lucide-react";
import type { Route } from "./+types/jobs";
import { DataTable, EmptyRow, Td, HeadRow } from "~/components/admin/data-table";
import { RowActionForm } from "~/components/admin/row-action-form";
import { FilterBar, FilterField } from "~/components/admin/filter-bar";
import { StatusBadge } from "~/components/ui/status-badge";
import { AnswerNotice } from "~/components/forms/field";
import { schemaValidator, useFormSubmission } from "~/components/forms/use-form-submission";
import { DateTime } from "~/components/ui/date-time";
import { Pager } from "~/components/ui/pager";
import { Select } from "~/components/ui/select";
import { JOB_VIEW_LABELS, JOB_VIEWS } from "~/lib/jobs";
import { countOf } from "~/lib/format";
import { privateMeta } from "~/lib/meta";
import { consoleNotSaved } from "~/lib/schemas/console-fields";
import { JOB_REFUSED_TITLE, jobActionSchema } from "~/lib/schemas/console-jobs";
import { requireRole } from "~/.server/accounts";
import { getDb } from "~/.server/db/client";
import { redirectWithFlash } from "~/.server/http/flash";
import { jobKindLabel, jobKinds } from "~/.server/job-kinds";
import { cancelJob, getJob, listJobs, parseJobFilters, retryJob, type JobFilters } from "~/.server/jobs";
import { clientInfo } from "~/.server/request-context";
import { Refused } from "~/.server/refused";
import { answerRowAction } from "./row-action.server";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Jobs | Staff console");

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "staff");
  const filters = parseJobFilters(new URL(request.url).searchParams);
  const list = await listJobs(getDb(), filters);
  const registry = jobKinds as Record<string, { retry: { maxAttempts: number } } | undefined>;
  return {
    filters,
    list: {
      ...list,
      rows: list.rows.map((job) => ({ ...job, label: jobKindLabel(job.kind), maxAttempts: registry[job.kind]?.retry.maxAttempts ?? null })),
    },
  };
}

/** The jobs page with these filters (and only its own query parameters). */
function jobsHref(filters: JobFilters): string {
  const params = new URLSearchParams();
  if (filters.view !== "open") params.set("view", filters.view);
  if (filters.cursor) params.set(filters.cursor.direction, filters.cursor.value);
  const query = params.toString();
  return query ? `/admin/jobs?${query}` : "/admin/jobs";
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireRole(request, "staff");
  const db = getDb();
  const actor = { email: me.email, ip: clientInfo(context).ip };
  const back = jobsHref(parseJobFilters(new URL(request.url).searchParams));
  const gone = () => new Refused("That job does not exist.", null, 404);
  /** The job a row's button names; one gone since the list was drawn is said at the top of the list. */
  const jobOf = async (jobId: string) => {
    const job = await getJob(db, jobId);
    if (!job) throw gone();
    return job;
  };
  return answerRowAction(request, {
    title: JOB_REFUSED_TITLE,
    schema: jobActionSchema,
    intents: {
      cancel: async ({ jobId }) => {
        await jobOf(jobId);
        if (!(await cancelJob(db, jobId, actor))) throw new Refused("Only a waiting or failed job can be cancelled.");
        return redirectWithFlash(back, { title: "Job cancelled", description: "It will not run, and no longer counts as failed.", variant: "success" });
      },
      retry: async ({ jobId }) => {
        const job = await jobOf(jobId);
        const result = await retryJob(db, jobId, actor);
        if (result === "missing") throw gone();
        if (result === "not-waiting") throw new Refused("That job is running or done: there is nothing to retry.");
        if (result === "key-busy") throw new Refused("Another job for the same record is already waiting or running: it does this work.");
        return redirectWithFlash(back, {
          title: job.status === "queued" ? "Job queued to run now" : "Job queued again",
          description: "A worker will start it right away.",
          variant: "success",
        });
      },
    },
  });
}

const validate = schemaValidator(() => import("~/lib/schemas/console-jobs").then((m) => m.jobActionSchema));

const VIEW_OPTIONS = JOB_VIEWS.map((v) => ({ value: v, label: JOB_VIEW_LABELS[v] }));

type JobsData = Route.ComponentProps["loaderData"];
type JobRow = JobsData["list"]["rows"][number];

export default function Jobs({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, list } = loaderData;
  const filtered = filters.view !== "open";
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold tracking-tight">Jobs</h1>
      <p className="max-w-3xl text-sm text-muted-foreground">
        Work the site does in the background: checks, reminders and housekeeping. A job that fails is tried again later, and after its last attempt
        waits here for you: retry it once its cause is fixed, or cancel it. Failed jobs come first.
      </p>

      {/* With JavaScript a refusal or a failure to save is a toast from the row's form; without, the page's action data. */}
      <AnswerNotice answer={actionData} title={JOB_REFUSED_TITLE} />

      <FilterBar label="Filter jobs" action="/admin/jobs" resetHref={filtered ? "/admin/jobs" : null} key={filters.view}>
        <FilterField label="Show" htmlFor="jobs-view" width="lg">
          <Select id="jobs-view" name="view" defaultValue={filters.view} options={VIEW_OPTIONS} />
        </FilterField>
      </FilterBar>

      <p className="text-sm text-muted-foreground" role="status">
        {`${countOf(list.total, list.capped, "job", "jobs")}${filtered ? `: ${JOB_VIEW_LABELS[filters.view].toLowerCase()}` : " failed, waiting or running"}.`}
      </p>

      <DataTable label="Job list" stacked>
        <HeadRow columns={["Job", "State", "Next run", "Last error", { srOnly: "Actions" }]} />
        <tbody>
          {list.rows.length === 0 ? (
            <EmptyRow colSpan={5}>{filtered ? "No job in this state." : "Nothing failed, waiting or running."}</EmptyRow>
          ) : (
            list.rows.map((job) => <JobRowView key={job.id} job={job} />)
          )}
        </tbody>
      </DataTable>

      <Pager
        previous={list.previous}
        next={list.next}
        label="Job pages"
        labels={filters.view === "done" || filters.view === "cancelled" ? { first: "Newest", previous: "Newer jobs", next: "Older jobs" } : undefined}
      />
    </div>
  );
}

function attemptsText(job: JobRow): string {
  const of = job.maxAttempts === null ? "" : ` of ${job.maxAttempts}`;
  return `${job.attempts}${of} ${job.attempts === 1 && !of ? "attempt" : "attempts"}`;
}

function JobRowView({ job }: { job: JobRow }) {
  // Each button's form answers with a redirect back to this page and its message, or a refusal (a toast).
  const retry = useFormSubmission({ validate, success: null, failure: consoleNotSaved, resetOnSuccess: false });
  const cancel = useFormSubmission({ validate, success: null, failure: consoleNotSaved, resetOnSuccess: false });
  const busy = retry.pending || cancel.pending;
  const canRetry = job.status === "failed" || job.status === "queued" || job.status === "cancelled";
  const canCancel = job.status === "failed" || job.status === "queued";
  const named = <span className="sr-only"> {job.label}</span>;
  return (
    <tr className="hover:bg-muted/60">
      <Td data-label="Job" wrap minWidth="min-w-56" className="max-w-md">
        <span className="flex flex-col gap-0.5">
          <span className="font-semibold">{job.label}</span>
          <span className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{job.key ?? job.kind}</span>
        </span>
      </Td>
      <Td data-label="State" wrap minWidth="min-w-32">
        <span className="flex flex-col items-start gap-1">
          <StatusBadge kind="job" status={job.status} />
          <span className="text-xs text-muted-foreground">{attemptsText(job)}</span>
        </span>
      </Td>
      <Td data-label="Next run" wrap minWidth="min-w-40">
        {job.status === "queued" ? (
          <DateTime value={job.runAt} />
        ) : job.status === "running" ? (
          "Running now"
        ) : job.status === "failed" ? (
          "Not until retried"
        ) : (
          <span className="text-muted-foreground">
            Finished <DateTime value={job.finishedAt} />
          </span>
        )}
      </Td>
      <Td data-label="Last error" wrap minWidth="min-w-48" className="max-w-sm text-xs [overflow-wrap:anywhere]">
        {job.lastError ?? <span className="text-muted-foreground">None</span>}
      </Td>
      {/* On a phone the buttons take the whole line: their words say what they do without a label. */}
      <Td data-label="Actions" className="max-sm:before:hidden">
        <div className="flex flex-wrap gap-2 sm:flex-nowrap">
          {canRetry ? (
            <RowActionForm submission={retry} intent="retry" idName="jobId" id={job.id} variant={job.status === "queued" ? "outline" : "default"} disabled={busy}>
              {job.status === "queued" ? <Play aria-hidden /> : <RotateCw aria-hidden />}
              {job.status === "queued" ? "Run now" : "Retry"}
              {named}
            </RowActionForm>
          ) : null}
          {canCancel ? (
            <RowActionForm submission={cancel} intent="cancel" idName="jobId" id={job.id} variant="outline" disabled={busy}>
              <Ban aria-hidden />
              Cancel
              {named}
            </RowActionForm>
          ) : null}
        </div>
      </Td>
    </tr>
  );
}
