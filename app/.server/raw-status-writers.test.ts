import { describe, expect, it } from "vitest";
import { exportedDeclaration, exportedValueNames, sourceFiles, statusColumnWrites, tableWrites } from "../../tests/support/source-graph";

/**
 * A domain's index.ts is what routes and other domains may call. A function
 * it exports that writes a status column itself (`.update(table).set({ ...,
 * status })`, the key in any position) lets a caller move a record without
 * the checks around the move. Each export is followed to its declaration and
 * its body read with the TypeScript compiler.
 */
function rawStatusWriters(index: string): string[] {
  return exportedValueNames(index).flatMap((name) => {
    const declaration = exportedDeclaration(index, name);
    const tables = declaration ? statusColumnWrites(declaration) : [];
    return tables.length ? [`${name} (${declaration!.file}: ${[...new Set(tables)].map((t) => `${t}.status`).join(", ")})`] : [];
  });
}

describe("the domains' index.ts", () => {
  it("export no raw status writer: not the submissions', the IVR or the order index", () => {
    // An exported writer lets a route make any move the transition table allows, skipping the checks of the
    // functions around it (who acts, what else must hold, a record already where it is). Each lifecycle keeps
    // its writer to its domain: the submissions' `transition`, the IVRs' `openIvr` and `transitionIvr`, the
    // orders' `openOrder` and `transitionOrder`.
    expect({
      submissions: rawStatusWriters("app/.server/submissions/index.ts"),
      ivr: rawStatusWriters("app/.server/ivr/index.ts"),
      orders: rawStatusWriters("app/.server/orders/index.ts"),
    }).toEqual({ submissions: [], ivr: [], orders: [] });
    expect(exportedValueNames("app/.server/submissions/index.ts")).not.toContain("transition");
    expect(exportedValueNames("app/.server/submissions/index.ts")).toEqual(expect.arrayContaining(["setStatuses", "setSubmissionStatus"]));
  });

  it("are read structurally: renamed and star re-exports, status in any position, shorthand, quoted, spread, in a branch or a variable", () => {
    const fixture = "tests/support/fixtures/status-writers";
    expect(exportedValueNames(`${fixture}/index.ts`)).toEqual(["callsAWriter", "notAFunction", "setConditional", "setInMore", "setInTransaction", "setNoteOnly", "setRenamed", "setSecond"]);
    expect(rawStatusWriters(`${fixture}/index.ts`)).toEqual([
      `setConditional (${fixture}/writers.ts: things.status)`,
      `setInMore (${fixture}/more.ts: things.status)`,
      `setInTransaction (${fixture}/writers.ts: notes.status)`,
      `setRenamed (${fixture}/writers.ts: things.status)`,
      `setSecond (${fixture}/writers.ts: things.status)`,
    ]);
  });
});

describe("the index.ts of every domain with a lifecycle", () => {
  it("exports no raw status writer", () => {
    // A domain whose statuses move through a lifecycle.ts (a transition table, history, mail). The jobs and the
    // outbox have no lifecycle: their exported functions are the checked operations on their own states.
    const files = sourceFiles("app/.server");
    const indexes = files.filter((file) => /^app\/\.server\/[^/]+\/index\.ts$/.test(file) && files.includes(file.replace(/index\.ts$/, "lifecycle.ts")));
    expect(indexes).toEqual(["app/.server/ivr/index.ts", "app/.server/orders/index.ts", "app/.server/submissions/index.ts"]);
    expect(indexes.flatMap(rawStatusWriters)).toEqual([]);
  });
});

describe("the lifecycles' scans of whole modules", () => {
  it("find status as the second key, as a shorthand, in SQL by hand, and an insert, in functions no index exports", () => {
    const fixture = "tests/support/fixtures/status-writers";
    expect(tableWrites(`${fixture}/module-writes.ts`).map((w) => `${w.line}: ${w.what} ${w.table}`)).toEqual([
      "5: status things",
      "9: status things",
      "17: insert notes",
      "20: status things",
    ]);
    expect(tableWrites(`${fixture}/writers.ts`).map((w) => `${w.line}: ${w.what} ${w.table}`)).toEqual([
      "4: status things",
      "8: status things",
      "14: status notes",
      "19: status things",
    ]);
  });
});
