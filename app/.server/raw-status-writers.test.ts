import { describe, expect, it } from "vitest";
import { exportedDeclaration, exportedValueNames, statusColumnWrites } from "../../tests/support/source-graph";

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
  it("export no raw status writer but the lifecycle functions they export today", () => {
    // Today each exports the writer inside its lifecycle: a route may call it with any move the transition table
    // allows, skipping the checks of the functions around it (who acts, what else must hold). This list may only
    // shrink: a new entry fails here.
    expect({
      submissions: rawStatusWriters("app/.server/submissions/index.ts"),
      ivr: rawStatusWriters("app/.server/ivr/index.ts"),
      orders: rawStatusWriters("app/.server/orders/index.ts"),
    }).toEqual({
      submissions: ["transition (app/.server/submissions/lifecycle.ts: submissions.status)"],
      ivr: ["transitionIvr (app/.server/ivr/lifecycle.ts: ivrs.status)"],
      orders: ["transitionOrder (app/.server/orders/lifecycle.ts: orders.status)"],
    });
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
