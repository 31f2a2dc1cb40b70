import { DataTable, EmptyRow, HeadRow, Td, Th } from "~/components/admin/data-table";

export type StatementLineText = { kind: string; reference: string; practice: string; paidOn: string; amount: string; rate: string; earned: string };

/** A statement's lines and total, as the partner and staff read it (the CSV and PDF carry the same). */
export function StatementTable({ label, lines, total }: { label: string; lines: readonly StatementLineText[]; total: string }) {
  return (
    <DataTable label={label} stacked>
      <HeadRow columns={["Line", "Invoice", "Practice", "Paid on", "Payment", "Rate", "Earned"]} />
      <tbody>
        {lines.length === 0 ? (
          <EmptyRow colSpan={7}>Nothing is owed for this month.</EmptyRow>
        ) : (
          lines.map((l, i) => (
            <tr key={i}>
              <Td data-label="Line" wrap>
                {l.kind}
              </Td>
              <Td data-label="Invoice">{l.reference || "—"}</Td>
              <Td data-label="Practice" wrap>
                {l.practice || "—"}
              </Td>
              <Td data-label="Paid on">{l.paidOn || "—"}</Td>
              <Td data-label="Payment" className="tabular-nums">
                {l.amount || "—"}
              </Td>
              <Td data-label="Rate" wrap>
                {l.rate || "—"}
              </Td>
              <Td data-label="Earned" className="font-semibold tabular-nums">
                {l.earned}
              </Td>
            </tr>
          ))
        )}
      </tbody>
      <tfoot>
        <tr className="border-t-2 border-border">
          <Th scope="row" strong colSpan={6} className="text-right max-sm:text-left">
            Total
          </Th>
          <Td data-label="Total" className="font-bold tabular-nums">
            {total}
          </Td>
        </tr>
      </tfoot>
    </DataTable>
  );
}
