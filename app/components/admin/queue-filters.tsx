import type * as React from "react";
import { FilterBar, FilterField } from "~/components/admin/filter-bar";
import { LiveNote } from "~/components/admin/live-note";
import { Select } from "~/components/ui/select";
import { isFiltered, type QueueFilters as Filters } from "~/lib/queue-filters";

type Options = readonly { value: string; label: string }[];

/**
 * A console queue's filter bar (IVRs, orders): status, practice and age,
 * sent as a GET to the queue's own page.
 */
export function QueueFilterBar({
  label,
  page,
  idPrefix,
  filters,
  statusOptions,
  practices,
  ages,
}: {
  label: string;
  page: string;
  idPrefix: string;
  filters: Filters<string>;
  statusOptions: Options;
  practices: Options;
  ages: Options;
}) {
  return (
    <FilterBar label={label} action={page} resetHref={isFiltered(filters) ? page : null} key={JSON.stringify(filters)}>
      <FilterField label="Status" htmlFor={`${idPrefix}-status`}>
        <Select id={`${idPrefix}-status`} name="status" defaultValue={filters.status} options={statusOptions} />
      </FilterField>
      <FilterField label="Practice" htmlFor={`${idPrefix}-practice`} width="lg">
        <Select id={`${idPrefix}-practice`} name="practice" defaultValue={filters.practiceId} options={[{ value: "all", label: "All practices" }, ...practices]} />
      </FilterField>
      <FilterField label="Age" htmlFor={`${idPrefix}-age`}>
        <Select id={`${idPrefix}-age`} name="age" defaultValue={filters.age} options={ages} />
      </FilterField>
    </FilterBar>
  );
}

/** The line under a queue's filters: how many rows it shows (said as they change) and whether it updates by itself. */
export function QueueCount({ live, children }: { live: boolean; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
      <p className="text-sm text-muted-foreground" role="status">
        {children}
      </p>
      <LiveNote live={live} what="queue" />
    </div>
  );
}
