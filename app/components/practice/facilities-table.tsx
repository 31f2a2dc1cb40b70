import { Pencil } from "lucide-react";
import { Link } from "react-router";
import { DataTable, EmptyRow, Td, HeadRow } from "~/components/admin/data-table";
import { PLACES_OF_SERVICE } from "~/lib/ivr";
import { optionLabel } from "~/lib/schemas/fields";

/** What a facilities table shows of one facility. */
export type FacilityRow = {
  id: string;
  name: string;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string;
  zip: string;
  phone: string;
  groupNpi: string | null;
  ptan: string | null;
  placeOfService: string;
};

/**
 * A practice's facilities, as the staff console's practice page and the
 * member's own practice page show them. Staff also read each facility's PTAN;
 * a member gets an Edit link per row instead (`editHref`).
 */
export function FacilitiesTable({
  facilities,
  label,
  empty,
  withPtan = false,
  editHref,
}: {
  facilities: readonly FacilityRow[];
  /** The table's name (its region and caption): unique on the page. */
  label: string;
  /** What the table says with no facility yet. */
  empty: string;
  /** Show the PTAN column. */
  withPtan?: boolean;
  /** Where a row's Edit link leads; no Edit column without it. */
  editHref?: (facility: FacilityRow) => string;
}) {
  const columns = 5 + (withPtan ? 1 : 0) + (editHref ? 1 : 0);
  return (
    <DataTable label={label} stacked>
      <HeadRow columns={["Name", "Address", "Phone", "Group NPI", withPtan ? "PTAN" : null, "Place of service", editHref ? { srOnly: "Edit" } : null]} />
      <tbody>
        {facilities.length === 0 ? (
          <EmptyRow colSpan={columns}>{empty}</EmptyRow>
        ) : (
          facilities.map((f) => (
            <tr key={f.id}>
              <Td data-label="Name" wrap className="font-medium">
                {f.name}
              </Td>
              <Td data-label="Address" wrap>
                {[f.addressLine1, f.addressLine2, `${f.city}, ${f.state} ${f.zip}`].filter(Boolean).join(", ")}
              </Td>
              <Td data-label="Phone">{f.phone}</Td>
              <Td data-label="Group NPI">{f.groupNpi ?? "—"}</Td>
              {withPtan ? <Td data-label="PTAN">{f.ptan ?? "—"}</Td> : null}
              <Td data-label="Place of service">{optionLabel(PLACES_OF_SERVICE, f.placeOfService)}</Td>
              {editHref ? (
                <Td data-label="Edit" className="max-sm:before:hidden">
                  <Link to={editHref(f)} className="inline-flex items-center gap-1 font-semibold text-primary underline-offset-4 hover:underline">
                    <Pencil aria-hidden className="size-4" />
                    Edit<span className="sr-only"> {f.name}</span>
                  </Link>
                </Td>
              ) : null}
            </tr>
          ))
        )}
      </tbody>
    </DataTable>
  );
}
