import { Pencil } from "lucide-react";
import { Link } from "react-router";
import { DataTable, EmptyRow, Td, HeadRow } from "~/components/admin/data-table";

/** What a providers table shows of one provider. */
export type ProviderRow = {
  id: string;
  firstName: string;
  lastName: string;
  credentials: string | null;
  specialty: string | null;
  npi: string;
  ptan: string | null;
};

/**
 * A practice's providers, as the staff console's practice page and the
 * member's own practice page show them; a member gets an Edit link per row
 * (`editHref`).
 */
export function ProvidersTable({
  providers,
  label,
  empty,
  editHref,
}: {
  providers: readonly ProviderRow[];
  /** The table's name (its region and caption): unique on the page. */
  label: string;
  /** What the table says with no provider yet. */
  empty: string;
  /** Where a row's Edit link leads; no Edit column without it. */
  editHref?: (provider: ProviderRow) => string;
}) {
  return (
    <DataTable label={label} stacked>
      <HeadRow columns={["Name", "Specialty", "NPI", "PTAN", editHref ? { srOnly: "Edit" } : null]} />
      <tbody>
        {providers.length === 0 ? (
          <EmptyRow colSpan={editHref ? 5 : 4}>{empty}</EmptyRow>
        ) : (
          providers.map((p) => (
            <tr key={p.id}>
              <Td data-label="Name" wrap className="font-medium">
                {p.firstName} {p.lastName}
                {p.credentials ? `, ${p.credentials}` : ""}
              </Td>
              <Td data-label="Specialty">{p.specialty ?? "—"}</Td>
              <Td data-label="NPI">{p.npi}</Td>
              <Td data-label="PTAN">{p.ptan ?? "—"}</Td>
              {editHref ? (
                <Td data-label="Edit" className="max-sm:before:hidden">
                  <Link to={editHref(p)} className="inline-flex items-center gap-1 font-semibold text-primary underline-offset-4 hover:underline">
                    <Pencil aria-hidden className="size-4" />
                    Edit<span className="sr-only"> {p.firstName} {p.lastName}</span>
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
