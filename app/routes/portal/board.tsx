import { roleMay } from "~/lib/practice-roles";
import { FilePlus2, Search, Trash2 } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/board";
import { DataTable, EmptyRow, Td, HeadRow } from "~/components/admin/data-table";
import { CalendarDate, DateTime } from "~/components/ui/date-time";
import { ConfirmButton } from "~/components/ui/confirm-button";
import { AnswerNotice, FormNotice } from "~/components/forms/field";
import { OrdersTable } from "~/components/orders/orders-table";
import { FrameLink } from "~/components/portal/frame-view";
import { KeysetPager } from "~/components/ui/keyset-pager";
import { ReverifySoonMark } from "~/components/ivr/reverify-soon-mark";
import { BoardAuthorisation } from "~/components/ivr/authorisation-status";
import { UnreadMark } from "~/components/conversation/unread-mark";
import { useLiveStatus } from "~/components/portal/live-status";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { StatusBadge } from "~/components/ui/status-badge";
import { IVR_DRAFT_LIMITS, IVR_STATUS_LABELS, IVR_STATUSES, isIvrStatus, type IvrStatus } from "~/lib/ivr";
import { privateMeta } from "~/lib/meta";
import { useSite } from "~/lib/use-site";
import { cn } from "~/lib/utils";
import { getDb, getReadDb } from "~/.server/db/client";
import { redirectWithFlash } from "~/.server/http/flash";
import { answerForm, type Answer } from "~/.server/http/form-action";
import { findPatientIds } from "~/.server/patients";
import { cursorOf, timestampKey, uuidKey } from "~/.server/db/keyset";
import { boardCounts, discardDraft, listDrafts, practiceBoardPage, practiceEligibilityLines, type DraftRow } from "~/.server/ivr";
import { boardEligibilityLine } from "~/lib/eligibility";
import { EligibilityLine } from "~/components/portal/eligibility-line";
import { practiceOrdersPage } from "~/.server/orders";
import { unreadThreads } from "~/.server/conversations";
import { Refused } from "~/.server/refused";
import { actorOf, idParam, memberOf, requirePractice } from "./member.server";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Clinical Portal");

const BOARD_STATUSES = IVR_STATUSES.filter((s) => s !== "draft");
const FIND_MAX = 60;
/** What only a reference can be: "IVR-000123", "ivr123", "123". */
const REFERENCE_ONLY = /^\s*(ivr-?)?\d{1,9}\s*$/i;

/** The orders the board shows: the latest changed; the ORDER FORM tab lists them all. */
const BOARD_ORDERS = 10;

export async function loader({ request }: Route.LoaderArgs) {
  const { user, practice, role } = await memberOf(request, "ivr.read");
  // Billing reads the board; the roles that write IVRs have drafts and a New IVR button.
  const writes = role === null || roleMay(role, "ivr.write");
  const url = new URL(request.url);
  const status = url.searchParams.get("status");
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, FIND_MAX);
  const filter = { status: isIvrStatus(status) && status !== "draft" ? status : null, q };
  if (!practice) {
    return { writes, practice: null, filter, rows: [], after: null, before: null, counts: {}, total: 0, drafts: [], orders: [], moreOrders: false, now: new Date().toISOString() };
  }
  const db = getReadDb();
  // A reference ("IVR-000123", "123") finds its IVR; anything else finds the IVRs of the patients it names
  // (part of a name, a date of birth, a member id), through the practice's patient search.
  const reference = q !== "" && REFERENCE_ONLY.test(q);
  const patientIds = q && !reference ? [...(await findPatientIds(db, practice.id, q))] : null;
  const number = reference ? Number(q.replace(/\D/g, "")) : null;
  const at = cursorOf(url.searchParams, timestampKey, uuidKey);
  const [page, counts, drafts, orders] = await Promise.all([
    practiceBoardPage(db, practice.id, { filter: { status: filter.status, number, patientIds }, at }),
    boardCounts(db, practice.id),
    writes ? listDrafts(db, { practiceId: practice.id, userId: user.id }) : [],
    practiceOrdersPage(db, practice.id, { size: BOARD_ORDERS }),
  ]);
  const total = Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0);
  // The rows whose conversation holds a message from staff the member has not read: one query for the ids shown,
  // on the primary as the menu's counts (a thread read a moment ago is not marked again).
  const [eligibility, unread] = await Promise.all([
    practiceEligibilityLines(db, page.rows.map((r) => r.id)),
    unreadThreads(getDb(), { userId: user.id, side: "member", practiceId: practice.id, ids: [...page.rows.map((r) => r.id), ...orders.rows.map((o) => o.id)] }),
  ]);
  return {
    writes,
    practice: { name: practice.name },
    filter,
    rows: page.rows.map((r) => ({ ...r, eligibilityLine: boardEligibilityLine(eligibility.get(r.id) ?? null), unread: unread.has(r.id) })),
    after: page.after,
    before: page.before,
    counts,
    total,
    drafts,
    orders: orders.rows.map((o) => ({ ...o, unread: unread.has(o.id) })),
    moreOrders: orders.after !== null,
    now: new Date().toISOString(),
  };
}

function hrefOf(status: IvrStatus | null, q: string) {
  const params = new URLSearchParams();
  if (status) params.set("status", status);
  if (q) params.set("q", q);
  const query = params.toString();
  return query ? `/members?${query}` : "/members";
}

function ageOf(from: Date | string | null, now: string): string {
  if (!from) return "—";
  const days = Math.floor((Date.parse(now) - new Date(from).getTime()) / 86_400_000);
  if (days <= 0) return "Today";
  return days === 1 ? "1 day" : `${days} days`;
}

export type BoardAnswer = { ok: false; confirm: "discard"; id: string } | Answer;

/** Discards one of the member's drafts, after a confirmation (a dialog, or without JavaScript a second step). */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, practice } = await requirePractice(request, "ivr.write");
  return answerForm(request, {
    title: "Not discarded",
    intents: {
      discard: async ({ values }) => {
        const id = idParam(values.draftId ?? "");
        if (values.confirmed !== "1") return data({ ok: false as const, confirm: "discard" as const, id });
        if (!(await discardDraft(getDb(), { practiceId: practice.id, userId: user.id, id, actor: actorOf(user, context) }))) {
          throw new Refused("This draft was sent or is already gone.", null, 404);
        }
        return redirectWithFlash("/members", { title: "Draft discarded", description: "The draft and any files with it are gone." });
      },
    },
  });
}

export default function PortalBoard({ loaderData, actionData }: Route.ComponentProps) {
  const { writes, practice, filter, rows, after, before, counts, total, drafts, orders, moreOrders, now } = loaderData;
  const site = useSite();
  const live = useLiveStatus(Boolean(practice));
  const navigation = useNavigation();
  const answer = actionData as BoardAnswer | undefined;
  const confirming = answer && "confirm" in answer ? answer.id : null;

  return (
    <section aria-labelledby="board-heading" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="board-heading" className="text-xl font-semibold text-navy">
            Status board
          </h2>
          <p className="text-sm text-muted-foreground">
            {practice
              ? `The IVRs and orders of ${practice.name}. Changes show here as soon as they are made.`
              : "Track your insurance verification requests, your orders and their status."}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <FrameLink src={site.portalFrames.status} label="Open the previous status board" />
          {practice && writes ? (
            <Button asChild>
              <Link to="/members/ivrs/new">
                <FilePlus2 aria-hidden />
                New IVR
              </Link>
            </Button>
          ) : null}
        </div>
      </div>

      {!practice ? (
        <FormNotice
          notice={{
            title: "Your account is not part of a practice yet",
            description: "Insurance verification requests and orders belong to a practice. Ask your practice's administrator or our support team to add your account to your practice.",
          }}
        />
      ) : (
        <>
          <AnswerNotice answer={answer} title="Not discarded" />
          {drafts.length > 0 ? <DraftsList drafts={drafts} confirming={confirming} busy={navigation.state !== "idle"} /> : null}

          <p className="sr-only" aria-live="polite">
            {live ? "The board updates by itself." : ""}
          </p>

          <section aria-labelledby="board-ivrs-heading" className="flex flex-col gap-4">
            <h3 id="board-ivrs-heading" className="text-lg font-semibold text-navy">
              IVRs
            </h3>
            <nav aria-label="Filter IVRs by status" className="flex flex-wrap gap-2">
              <StatusChip href={hrefOf(null, filter.q)} active={!filter.status} label="All" count={total} />
              {BOARD_STATUSES.filter((s) => counts[s] || filter.status === s).map((s) => (
                <StatusChip key={s} href={hrefOf(s, filter.q)} active={filter.status === s} label={IVR_STATUS_LABELS[s]} count={counts[s] ?? 0} />
              ))}
            </nav>
  
            <Form method="get" role="search" className="flex flex-col gap-1">
              {filter.status ? <input type="hidden" name="status" value={filter.status} /> : null}
              <div className="flex flex-wrap items-end gap-2">
                <div className="flex flex-col gap-1">
                  <label htmlFor="board-q" className="text-sm font-medium">
                    Reference or patient
                  </label>
                  <Input
                    id="board-q"
                    name="q"
                    type="search"
                    defaultValue={filter.q}
                    placeholder="IVR-000123 or a name"
                    maxLength={FIND_MAX}
                    aria-describedby="board-q-hint"
                    fullWidth={false}
                    className="w-64 max-w-full"
                  />
                </div>
                <Button type="submit" variant="outline">
                  <Search aria-hidden />
                  Find
                </Button>
                {filter.q ? (
                  <Link to={hrefOf(filter.status, "")} className="self-center text-sm text-primary underline-offset-4 hover:underline">
                    Clear
                  </Link>
                ) : null}
              </div>
              <p id="board-q-hint" className="text-xs text-muted-foreground">
                Part of the patient&rsquo;s name, a date of birth or a member id finds their IVRs too.
              </p>
            </Form>
  
            <DataTable label="IVRs of your practice" stacked>
              <HeadRow columns={["Reference", "Patient", "Product", "Date of service", "Age", "Status"]} />
              <tbody>
                {rows.length === 0 ? (
                  <EmptyRow colSpan={6}>{total === 0 ? "No IVRs yet: send your first from the IVR FORM tab." : "No IVR matches this filter."}</EmptyRow>
                ) : (
                  rows.map((r) => (
                    <tr key={r.id} data-ivr={r.reference}>
                      <Td data-label="Reference" className="font-medium">
                        <span className="flex flex-col items-start gap-1">
                          <Link to={`/members/ivrs/${r.id}`} className="text-primary underline-offset-4 hover:underline">
                            {r.reference}
                          </Link>
                          {r.unread ? <UnreadMark /> : null}
                        </span>
                      </Td>
                      <Td data-label="Patient">{r.initials || "—"}</Td>
                      <Td data-label="Product" wrap minWidth="min-w-32">
                        {r.product || "—"}
                      </Td>
                      <Td data-label="Date of service">{r.dateOfService ?? "—"}</Td>
                      <Td data-label="Age">{ageOf(r.submittedAt, now)}</Td>
                      <Td data-label="Status">
                        <span className="inline-flex flex-wrap items-center gap-1.5">
                          <StatusBadge kind="ivr" status={r.status} />
                          {r.reverifySoon ? <ReverifySoonMark /> : null}
                          <BoardAuthorisation authorisation={r.authorisation} />
                        </span>
                        {r.eligibilityLine ? <EligibilityLine line={r.eligibilityLine} compact /> : null}
                      </Td>
                    </tr>
                  ))
                )}
              </tbody>
            </DataTable>
            <KeysetPager label="More IVRs" before={before} after={after} newer="Newer" older="Older" summary="Latest change first." hash="board-ivrs-heading" />
          </section>

          <section aria-labelledby="board-orders-heading" className="flex flex-col gap-4">
            <div className="flex flex-wrap items-end justify-between gap-3">
              <h3 id="board-orders-heading" className="text-lg font-semibold text-navy">
                Orders
              </h3>
              <Link to="/members/orders" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
                Order grafts from a verified IVR
              </Link>
            </div>
            <OrdersTable rows={orders} label="Orders of your practice" empty="No orders yet: order grafts from a covered IVR on the ORDER FORM tab." />
            {moreOrders ? (
              <p className="text-sm text-muted-foreground">
                The {BOARD_ORDERS} latest changed.{" "}
                <Link to="/members/orders#practice-orders-heading" className="font-medium text-primary underline-offset-4 hover:underline">
                  All your practice&rsquo;s orders
                </Link>
              </p>
            ) : null}
          </section>
        </>
      )}
    </section>
  );
}

/** "M.H. · Membrane Wrap", or what is still missing. */
function draftName(d: DraftRow): string {
  return `${d.initials || "No patient yet"} · ${d.product || "no product yet"}`;
}

/** The member's drafts: whom and what for, when saved, and when the housekeeping removes them; resume or discard each. */
function DraftsList({ drafts, confirming, busy }: { drafts: readonly DraftRow[]; confirming: string | null; busy: boolean }) {
  const going = drafts.filter((d) => d.removalSoon);
  return (
    <section aria-labelledby="drafts-heading" className="flex flex-col gap-3 rounded-xl border border-border p-4">
      <h3 id="drafts-heading" className="font-semibold text-navy">
        Your drafts
      </h3>
      {going.length > 0 ? (
        <FormNotice
          notice={{
            title: going.length === 1 ? "A draft will be removed soon" : `${going.length} drafts will be removed soon`,
            description: `Drafts not saved for ${IVR_DRAFT_LIMITS.keptDays} days are removed, with their files. Resume a draft and change anything to keep it, or send it.`,
          }}
        />
      ) : null}
      <ul className="flex flex-col divide-y divide-border">
        {drafts.map((d) => (
          <li key={d.id} data-draft={d.id} className="flex flex-col gap-2 py-2 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="min-w-0">
                <span className="font-medium">{draftName(d)}</span>
                <span className="text-muted-foreground">
                  {" "}
                  · saved <DateTime value={d.updatedAt} />
                </span>
                {d.removalSoon ? (
                  <span className="block font-medium text-warning">
                    Removed on <CalendarDate value={d.removedOn} /> unless saved again
                  </span>
                ) : null}
              </span>
              <span className="flex flex-wrap gap-2">
                <Button asChild variant="outline" size="sm">
                  <Link to={`/members/ivrs/new?draft=${d.id}`} aria-label={`Resume the draft ${draftName(d)}`}>
                    Resume
                  </Link>
                </Button>
                <Form method="post">
                  <input type="hidden" name="intent" value="discard" />
                  <input type="hidden" name="draftId" value={d.id} />
                  <ConfirmButton
                    variant="ghost-destructive"
                    size="sm"
                    title="Discard this draft?"
                    description={`The draft for ${draftName(d)} and any files with it are deleted. This cannot be undone.`}
                    confirmLabel="Discard the draft"
                    pending={busy}
                  >
                    <Trash2 aria-hidden />
                    Discard<span className="sr-only"> the draft {draftName(d)}</span>
                  </ConfirmButton>
                </Form>
              </span>
            </div>
            {confirming === d.id ? (
              <Form method="post" className="flex flex-col gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3">
                <p className="font-semibold">Discard the draft for {draftName(d)}?</p>
                <p>The draft and any files with it are deleted. This cannot be undone.</p>
                <input type="hidden" name="intent" value="discard" />
                <input type="hidden" name="draftId" value={d.id} />
                <input type="hidden" name="confirmed" value="1" />
                <div className="flex flex-wrap gap-2">
                  <Button type="submit" variant="destructive" size="sm">
                    Discard the draft
                  </Button>
                  <Button asChild variant="outline" size="sm">
                    <Link to="/members">Keep it</Link>
                  </Button>
                </div>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function StatusChip({ href, active, label, count }: { href: string; active: boolean; label: string; count: number }) {
  return (
    <Link
      to={href}
      aria-current={active ? "page" : undefined}
      className={cn(
        "inline-flex min-h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring",
        active ? "border-primary bg-primary text-primary-foreground hover:bg-primary/90" : "border-border hover:bg-muted",
      )}
    >
      {label}
      <span className={cn("rounded-full px-1.5 text-xs", active ? "bg-primary-hover" : "bg-muted")}>{count}</span>
    </Link>
  );
}
