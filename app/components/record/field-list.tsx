import type * as React from "react";
import { DateTime } from "~/components/ui/date-time";
import { cn } from "~/lib/utils";

/**
 * One labelled value of a record. A value left empty reads "Not given"; `at`,
 * a moment, is written in the viewer's zone (the server cannot know it).
 * `className` and `attributes` go on the value's cell: a figure in bold, or a
 * data attribute a test or a script reads it by.
 */
export type FieldRow = {
  label: string;
  value?: React.ReactNode;
  at?: Date | string | null;
  className?: string;
  attributes?: Record<`data-${string}`, string>;
};

/** The width of the label column on wide screens: the longest label of the list decides. */
const LABEL_WIDTHS = {
  narrow: "sm:grid-cols-[10rem_1fr]",
  medium: "sm:grid-cols-[12rem_1fr]",
  wide: "sm:grid-cols-[14rem_1fr]",
} as const;

const isEmpty = (value: React.ReactNode) => value === null || value === undefined || value === "" || value === false;

/**
 * A record's facts as label / value pairs: the label above its value on a
 * phone, beside it from `sm` up. Values keep their line breaks (an address, a
 * note) and break anywhere rather than widen the page.
 */
export function FieldList({ fields, labelWidth = "narrow", className }: { fields: readonly FieldRow[]; labelWidth?: keyof typeof LABEL_WIDTHS; className?: string }) {
  return (
    <dl className={cn("grid grid-cols-1 gap-x-6 gap-y-3", LABEL_WIDTHS[labelWidth], className)}>
      {fields.map((f) => (
        <div key={f.label} className="contents">
          <dt className="text-sm font-semibold text-muted-foreground">{f.label}</dt>
          <dd className={cn("-mt-2 min-w-0 text-sm break-words whitespace-pre-wrap sm:mt-0", f.className)} {...f.attributes}>
            {f.at ? <DateTime value={f.at} /> : isEmpty(f.value) ? <span className="text-muted-foreground">Not given</span> : f.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
