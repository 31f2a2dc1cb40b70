import { describe, expect, it } from "vitest";
import { importCycles, sourceFiles } from "../../tests/support/source-graph";

/**
 * The server's modules form no import cycle. In a cycle one module runs
 * before another it imports has finished, so a value read at load time is
 * undefined, or a `const` not yet initialised throws, and which one depends
 * on where the walk entered. The walk starts from the HTTP entry, the React
 * Router entry and root, every route module and every server module, and
 * follows every import that survives compilation, into app/lib, the
 * components and the content too.
 */
describe("the server's module graph", () => {
  it("has no import cycle", () => {
    const roots = ["server.ts", "app/entry.server.tsx", "app/root.tsx", "app/routes.ts", ...sourceFiles("app/routes"), ...sourceFiles("app/.server")];
    const cycles = importCycles(roots).map((cycle) => cycle.join(" -> "));
    expect(cycles).toEqual([]);
  });

  it("finds a cycle and names its path", () => {
    // The walk itself: a value import, an inline type import (which still loads its module), an erased
    // `import type` and a dynamic import (neither closes a cycle). See tests/support/fixtures/cycle.
    const cycles = importCycles(["tests/support/fixtures/cycle/a.ts"]);
    expect(cycles).toEqual([["tests/support/fixtures/cycle/a.ts", "tests/support/fixtures/cycle/b.ts", "tests/support/fixtures/cycle/c.ts", "tests/support/fixtures/cycle/a.ts"]]);
  });
});
