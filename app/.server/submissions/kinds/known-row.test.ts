import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SERVER_KINDS } from "./index";

/**
 * A kind of one row is written in one statement, its notification made from
 * the row as given (store.ts): that holds only while its table has no column
 * the database fills in. A default added to such a table fails here first.
 */
describe("kinds written in one statement", () => {
  const known = Object.values(SERVER_KINDS).filter((kind) => kind.knownRow);

  it("are the kinds without lists", () => {
    expect(known.map((kind) => kind.kind).sort()).toEqual(["callback", "contact", "intake"]);
  });

  it.each(known.map((kind) => [kind.kind, kind] as const))("%s: its table has no column the database fills in", (_, kind) => {
    const filled = Object.entries(getTableColumns(kind.table)).filter(([, column]) => column.hasDefault || column.generated);
    expect(filled.map(([key]) => key)).toEqual([]);
  });
});
