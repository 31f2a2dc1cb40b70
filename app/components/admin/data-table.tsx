import * as React from "react";
import { cn } from "~/lib/utils";

/**
 * A table that scrolls sideways inside its own box on narrow screens, so the
 * page itself never does. The box is a labelled, focusable region: keyboard
 * users can scroll it too. `label` must be unique among the page's landmarks
 * (a section headed "Files" and a table labelled "Files" clash). The box is
 * `relative` so visually hidden text in far-right cells stays inside it.
 *
 *   <DataTable label="Submissions">
 *     <thead><tr><Th>Name</Th></tr></thead>
 *     <tbody><tr><Td>Ada</Td></tr></tbody>
 *   </DataTable>
 */
export function DataTable({
  label,
  caption,
  className,
  tableClassName,
  stacked = false,
  narrow = false,
  children,
}: {
  label: string;
  /** At most 42rem wide (a short table of a few columns), instead of its container's width. */
  narrow?: boolean;
  /** On a phone, show each row as a card of label / value lines (give each Td a `data-label`). */
  stacked?: boolean;
  /** Visually hidden caption; defaults to the label. */
  caption?: React.ReactNode;
  className?: string;
  tableClassName?: string;
  children: React.ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn(
        "relative overflow-x-auto rounded-lg border border-border bg-background focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        narrow ? "max-w-2xl" : "max-w-full",
        className,
      )}
    >
      <table className={cn("w-full border-collapse text-left text-sm", stacked && "table-stacked", tableClassName)}>
        <caption className="sr-only">{caption ?? label}</caption>
        {children}
      </table>
    </div>
  );
}

/** Column header (scope="col"), or a row header with scope="row" (`strong`: in bold, as on a totals row). */
export function Th({ className, scope = "col", strong = false, ...props }: React.ComponentProps<"th"> & { strong?: boolean }) {
  return (
    <th
      scope={scope}
      className={cn(
        scope === "col"
          ? "whitespace-nowrap bg-muted px-3 py-2.5 text-xs font-semibold uppercase tracking-wide text-muted-foreground"
          : ["px-3 py-2.5 align-top text-foreground", strong ? "font-semibold" : "font-medium"],
        className,
      )}
      {...props}
    />
  );
}

/**
 * A cell. Short values stay on one line; pass `wrap` for long text (broken
 * between words, or anywhere with "all"), at least `minWidth` wide, or
 * `wrap="normal"` for a cell that wraps like any text, with no minimum width.
 */
export function Td({
  className,
  wrap = false,
  minWidth = "min-w-48",
  ...props
}: React.ComponentProps<"td"> & { wrap?: boolean | "all" | "normal"; minWidth?: string }) {
  return (
    <td
      className={cn(
        "border-t border-border px-3 py-2.5 align-top",
        wrap === false ? "whitespace-nowrap" : wrap === "normal" ? "whitespace-normal" : [minWidth, wrap === "all" ? "break-all" : "break-words"],
        className,
      )}
      {...props}
    />
  );
}

/** The one row of an empty table. */
export function EmptyRow({ colSpan, children }: { colSpan: number; children: React.ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="border-t border-border px-3 py-8 text-center text-muted-foreground">
        {children}
      </td>
    </tr>
  );
}

/**
 * A table's one header row. A string is a plain column heading; `{ srOnly }`
 * a heading only screen readers hear (a column of buttons or links); an
 * element (a `Th` with its own class or attributes) stands as it is; null
 * leaves a column out.
 *
 *   <HeadRow columns={["Name", showEmail ? "Email" : null, { srOnly: "Actions" }]} />
 */
export function HeadRow({ columns }: { columns: readonly (React.ReactNode | { srOnly: string })[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, i) => {
          if (typeof column === "string") return <Th key={i}>{column}</Th>;
          if (column !== null && typeof column === "object" && "srOnly" in column) {
            return (
              <Th key={i}>
                <span className="sr-only">{column.srOnly}</span>
              </Th>
            );
          }
          return <React.Fragment key={i}>{column}</React.Fragment>;
        })}
      </tr>
    </thead>
  );
}
