import { Download } from "lucide-react";
import { Link } from "react-router";
import { DataTable, EmptyRow, Td, HeadRow } from "~/components/admin/data-table";
import { FieldList } from "~/components/record/field-list";
import { HistoryList } from "~/components/record/history-list";
import { Panel } from "~/components/record/panel";
import { DateTime } from "~/components/ui/date-time";
import { StatusBadge } from "~/components/ui/status-badge";
import { formatBytes } from "~/lib/format";
import type { IvrFileRow, IvrHistoryRow, IvrOrderRow, VerificationView } from "~/routes/console/ivrs-view.server";

/** The files sent with the IVR; each download is recorded in the audit log (by its route). */
export function AttachmentsPanel({ ivrId, files }: { ivrId: string; files: readonly IvrFileRow[] }) {
  return (
    <Panel id="files" title="Attachments">
      <DataTable label="Attachments of the IVR">
        <HeadRow columns={["File", "Size", { srOnly: "Download" }]} />
        <tbody>
          {files.length === 0 ? (
            <EmptyRow colSpan={3}>No attachments.</EmptyRow>
          ) : (
            files.map((f) => (
              <tr key={f.id}>
                <Td wrap="all">
                  {f.name}
                  <span className="block text-xs text-muted-foreground">
                    {f.roleLabel}, {f.mimeType}
                  </span>
                </Td>
                <Td className="tabular-nums">{formatBytes(f.size)}</Td>
                <Td>
                  <a href={`/admin/ivrs/${ivrId}/files/${f.id}`} download className="inline-flex items-center gap-1 font-semibold text-primary underline-offset-4 hover:underline">
                    <Download aria-hidden className="size-4" />
                    Download<span className="sr-only"> {f.roleLabel}</span>
                  </a>
                </Td>
              </tr>
            ))
          )}
        </tbody>
      </DataTable>
      <p className="text-xs text-muted-foreground">Each download is recorded in the audit log.</p>
    </Panel>
  );
}

export function IvrOrdersPanel({ orders }: { orders: readonly IvrOrderRow[] }) {
  return (
    <Panel id="orders" title="Orders from this IVR">
      {orders.length === 0 ? (
        <p className="text-sm text-muted-foreground">No orders from this IVR yet.</p>
      ) : (
        <ul className="flex flex-col gap-2 text-sm">
          {orders.map((o) => (
            <li key={o.id} className="flex flex-col gap-0.5">
              <span className="flex items-center gap-3">
                <Link to={`/admin/orders/${o.id}`} className="w-28 font-semibold text-primary underline-offset-4 hover:underline">
                  {o.reference}
                </Link>
                <StatusBadge kind="order" status={o.status} />
              </span>
              <span className="text-muted-foreground">
                {o.sizes}, for <span className="whitespace-nowrap">{o.dateOfService}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function VerificationsPanel({ verifications }: { verifications: readonly VerificationView[] }) {
  return (
    <Panel id="verifications" title="Verifications">
      {verifications.length === 0 ? (
        <p className="text-sm text-muted-foreground">No verification recorded yet.</p>
      ) : (
        <ol className="flex flex-col gap-4">
          {verifications.map((v, i) => (
            <li key={i} className="flex flex-col gap-2 rounded-lg border border-border p-3">
              <p className="text-xs text-muted-foreground">
                <span className="font-semibold text-foreground">{v.by ?? "Unknown"}</span>, <DateTime value={v.at} />
              </p>
              <FieldList fields={v.lines} labelWidth="wide" />
              {v.fromPayer.length > 0 ? <p className="text-xs text-muted-foreground">From the payer's eligibility answer: {v.fromPayer.join(", ")}.</p> : null}
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

export function IvrHistoryPanel({ history }: { history: readonly IvrHistoryRow[] }) {
  return (
    <Panel id="history" title="History">
      <HistoryList history={history} />
    </Panel>
  );
}
