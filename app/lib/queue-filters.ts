/**
 * The console queues' filters (IVRs and orders), read from the page's URL:
 * `status` (a status, "open" for what waits on staff, or "all"), `practice`
 * (a practice's id, or all) and `age` (waiting longer than 1, 3 or 7 days).
 * Anything else in the URL falls back to the default, so a hand-edited or
 * stale link still shows a queue. Browser-safe.
 */

/** The ages a queue can be filtered to: waiting longer than this many days. */
export const QUEUE_AGE_DAYS = [1, 3, 7] as const;

export type QueueAge = "all" | `${(typeof QUEUE_AGE_DAYS)[number]}`;

export type QueueFilters<Status extends string> = { status: Status | "open" | "all"; practiceId: string | "all"; age: QueueAge };

const AGES: readonly string[] = ["all", ...QUEUE_AGE_DAYS.map(String)];

/** The filters in a queue's URL, among the queue's `statuses`; each one missing or unknown is its default (open, all, all). */
export function parseQueueFilters<Status extends string>(params: URLSearchParams, statuses: readonly Status[]): QueueFilters<Status> {
  const status = params.get("status") ?? "open";
  const practice = params.get("practice") ?? "all";
  const age = params.get("age") ?? "all";
  return {
    status: status === "all" || status === "open" || (statuses as readonly string[]).includes(status) ? (status as Status | "open" | "all") : "open",
    practiceId: /^[0-9a-f-]{36}$/i.test(practice) ? practice.toLowerCase() : "all",
    age: AGES.includes(age) ? (age as QueueAge) : "all",
  };
}

/** The filters as the URL's query (without "?"): each one at its default left out, so the plain queue's link is bare. */
export function queueQuery(filters: QueueFilters<string>): string {
  const params = new URLSearchParams();
  if (filters.status !== "open") params.set("status", filters.status);
  if (filters.practiceId !== "all") params.set("practice", filters.practiceId);
  if (filters.age !== "all") params.set("age", filters.age);
  return params.toString();
}

/** Whether any filter is off its default (the page then offers to reset them). */
export function isFiltered(filters: QueueFilters<string>): boolean {
  return queueQuery(filters) !== "";
}

/** How many days an age filter asks an item to have waited; null for any age. */
export function queueAgeDays(age: QueueAge): number | null {
  return age === "all" ? null : Number(age);
}

/** The age filter's choices in a queue's words: "Any age", then "`over` 1 day", "`over` 3 days"… */
export function queueAgeOptions(over: string): { value: QueueAge; label: string }[] {
  return [{ value: "all", label: "Any age" }, ...QUEUE_AGE_DAYS.map((days) => ({ value: `${days}` as const, label: `${over} ${days} ${days === 1 ? "day" : "days"}` }))];
}
