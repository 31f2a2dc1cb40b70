import { Clock, Timer } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/chats";
import { DataTable, EmptyRow, HeadRow, Td } from "~/components/admin/data-table";
import { Badge } from "~/components/ui/badge";
import { DateTime } from "~/components/ui/date-time";
import { chatText } from "~/content/chat";
import { formatWait } from "~/lib/chat";
import { privateMeta } from "~/lib/meta";
import { requireRole } from "~/.server/accounts";
import { chatOpenNow, chatQueue, waitFigures, type QueueRow } from "~/.server/chat";
import { getDb } from "~/.server/db/client";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Chat | Staff console");

/**
 * The chat queue: chats waiting for staff (oldest first, with how long they
 * have waited), those being answered, and those of the past week with how
 * long each waited for its first answer; above them, the week's figures
 * against the support page's promise. It follows new chats and messages live.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "staff");
  const db = getDb();
  const [queue, figures] = await Promise.all([chatQueue(db), waitFigures(db)]);
  const iso = (r: QueueRow) => ({ ...r, createdAt: r.createdAt.toISOString(), firstAnsweredAt: r.firstAnsweredAt?.toISOString() ?? null, closedAt: r.closedAt?.toISOString() ?? null, lastMessageAt: r.lastMessageAt.toISOString() });
  return {
    now: Date.now(),
    availability: chatOpenNow(),
    figures,
    waiting: queue.waiting.map(iso),
    open: queue.open.map(iso),
    closed: queue.closed.map(iso),
  };
}

type Row = Route.ComponentProps["loaderData"]["waiting"][number];

/** Seconds to the first answer; for one not answered, so far (or until it was closed). */
const waitOf = (r: Row, now: number) => ((r.firstAnsweredAt ? Date.parse(r.firstAnsweredAt) : r.closedAt ? Date.parse(r.closedAt) : now) - Date.parse(r.createdAt)) / 1000;

export default function Chats({ loaderData }: Route.ComponentProps) {
  const { figures, waiting, open, closed, now, availability } = loaderData;
  const target = figures.targetMinutes * 60;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Chat</h1>
        <p className="max-w-3xl text-sm text-muted-foreground">
          {availability.open ? "Chat is open: visitors and members see that the team is online." : "Chat is closed now (outside business hours): new messages go to the inbox instead."} {chatText.hoursLine}
        </p>
      </div>
      <section aria-labelledby="chat-figures" className="rounded-lg border border-border bg-background p-4">
        <h2 id="chat-figures" className="flex items-center gap-2 text-base font-semibold">
          <Timer aria-hidden className="size-4 text-primary" />
          Wait for a first answer, past 7 days
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
          <Figure term="Chats" value={String(figures.chats)} />
          <Figure term="Median wait" value={figures.median === null ? "—" : formatWait(figures.median)} />
          <Figure term="Longest wait" value={figures.longest === null ? "—" : formatWait(figures.longest)} />
          <Figure
            term={`Answered within ${figures.targetMinutes} min`}
            value={figures.withinTarget === null ? "—" : `${Math.round(figures.withinTarget * 100)}% of ${figures.answered}`}
          />
        </dl>
      </section>
      <ChatTable label="Waiting chats" heading="Waiting" rows={waiting} now={now} target={target} empty="No chat is waiting." />
      <ChatTable label="Chats being answered" heading="Being answered" rows={open} now={now} target={target} empty="No chat is being answered." />
      <ChatTable label="Closed chats" heading="Closed in the past 7 days" rows={closed} now={now} target={target} empty="No chat closed in the past 7 days." />
    </div>
  );
}

function Figure({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{term}</dt>
      <dd className="text-xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function ChatTable({ label, heading, rows, now, target, empty }: { label: string; heading: string; rows: Row[]; now: number; target: number; empty: string }) {
  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-lg font-semibold">
        {heading} <span className="text-muted-foreground tabular-nums">({rows.length})</span>
      </h2>
      <DataTable label={label} stacked>
        <HeadRow columns={["Chat", "Who", "Started", "Wait for first answer", "Answered by"]} />
        <tbody>
          {rows.length === 0 ? (
            <EmptyRow colSpan={5}>{empty}</EmptyRow>
          ) : (
            rows.map((r) => {
              const wait = waitOf(r, now);
              return (
                <tr key={r.id} className="hover:bg-muted/60">
                  <Td data-label="Chat" className="font-semibold">
                    <span className="flex flex-col items-start gap-1">
                      <Link to={`/admin/chats/${r.id}`} className="text-primary underline-offset-4 hover:underline">
                        {r.reference}
                        <span className="sr-only">, {r.who}</span>
                      </Link>
                      {r.status === "open" && r.awaitingReply ? <Badge variant="default">Awaiting reply</Badge> : null}
                    </span>
                  </Td>
                  <Td data-label="Who" wrap minWidth="min-w-40">
                    <div className="min-w-0">
                      <span className="font-medium">{r.who}</span>
                      <span className="block text-xs text-muted-foreground [overflow-wrap:anywhere]">{r.detail}</span>
                    </div>
                  </Td>
                  <Td data-label="Started">
                    <DateTime value={r.createdAt} />
                  </Td>
                  <Td data-label="Wait for first answer">
                    <span className="inline-flex items-center gap-1.5">
                      {r.firstAnsweredAt ? null : <Clock aria-hidden className="size-4 text-muted-foreground" />}
                      <span className="tabular-nums">{formatWait(wait)}</span>
                      {r.firstAnsweredAt ? null : r.status === "closed" ? <span className="text-muted-foreground">(never answered)</span> : <span className="text-muted-foreground">so far</span>}
                      {wait > target ? <Badge variant="destructive">Over {Math.round(target / 60)} min</Badge> : null}
                    </span>
                  </Td>
                  <Td data-label="Answered by">{r.takenBy ?? <span className="text-muted-foreground">—</span>}</Td>
                </tr>
              );
            })
          )}
        </tbody>
      </DataTable>
    </section>
  );
}
