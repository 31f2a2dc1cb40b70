import { Link } from "react-router";
import { DataTable, EmptyRow, HeadRow, Td } from "~/components/admin/data-table";
import { Badge } from "~/components/ui/badge";

export type RecallUnitView = {
  id: string;
  tissueId: string;
  lot: string | null;
  gtin: string | null;
  product: string;
  size: string;
  practiceId: string;
  practice: string;
  facility: string;
  orderId: string;
  order: string;
  /** "Applied", "Held by RCL-000123", "On the shelf"... */
  standing: string;
  heldBy: { id: string; reference: string } | null;
  ivr: { id: string; reference: string } | null;
  appliedOn: string | null;
  /** Only on the recall's own page (an audited read); absent elsewhere. */
  patientName?: string | null;
};

const link = "text-primary underline-offset-4 hover:underline";

/**
 * The units of a search or a recall, by practice and facility: each unit's
 * identifier, lot, product and size, where it stands, and for an applied one
 * the IVR it was applied under and the day (and the patient, where the page
 * may name them).
 */
export function RecallUnitsTable({ label, units, empty, showPatient = false }: { label: string; units: readonly RecallUnitView[]; empty: string; showPatient?: boolean }) {
  const columns = ["Tissue identifier", "Lot", "Product and size", "Practice", "Facility", "Order", "Standing", "IVR", "Applied on", showPatient ? "Patient" : null];
  return (
    <DataTable label={label} stacked>
      <HeadRow columns={columns} />
      <tbody>
        {units.length === 0 ? (
          <EmptyRow colSpan={showPatient ? 10 : 9}>{empty}</EmptyRow>
        ) : (
          units.map((u) => (
            <tr key={u.id} data-unit={u.tissueId}>
              <Td data-label="Tissue identifier" className="font-mono font-semibold">
                {u.tissueId}
              </Td>
              <Td data-label="Lot">{u.lot ?? <span className="text-muted-foreground">Not recorded</span>}</Td>
              <Td data-label="Product and size">
                {u.product} <span className="text-muted-foreground">{u.size}</span>
              </Td>
              <Td data-label="Practice" wrap>
                <Link to={`/admin/practices/${u.practiceId}`} className={link}>
                  {u.practice}
                </Link>
              </Td>
              <Td data-label="Facility" wrap>
                {u.facility}
              </Td>
              <Td data-label="Order">
                <Link to={`/admin/orders/${u.orderId}`} className={link}>
                  {u.order}
                </Link>
              </Td>
              <Td data-label="Standing">
                {u.heldBy ? (
                  <Badge variant="destructive">
                    {u.standing}
                  </Badge>
                ) : (
                  u.standing
                )}
              </Td>
              <Td data-label="IVR">
                {u.ivr ? (
                  <Link to={`/admin/ivrs/${u.ivr.id}`} className={link}>
                    {u.ivr.reference}
                  </Link>
                ) : (
                  <span className="text-muted-foreground">—</span>
                )}
              </Td>
              <Td data-label="Applied on">{u.appliedOn ?? <span className="text-muted-foreground">—</span>}</Td>
              {showPatient ? (
                <Td data-label="Patient" wrap>
                  {u.patientName ?? <span className="text-muted-foreground">—</span>}
                </Td>
              ) : null}
            </tr>
          ))
        )}
      </tbody>
    </DataTable>
  );
}
