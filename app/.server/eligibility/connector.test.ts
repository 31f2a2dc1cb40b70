import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { deadline } from "./connector";

/** The engine's collector, as `node --expose-gc` gives it. */
function collector(): () => void {
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
}

describe("a request's deadline", () => {
  it("fires after its time even when nothing else holds it and the collector runs meanwhile", async () => {
    const gc = collector();
    const caller = new AbortController();
    // Held only as a request holds its signal; a timeout signal combined with AbortSignal.any was collected here and never fired.
    const signals = Array.from({ length: 5 }, () => deadline(100, caller.signal));
    for (let i = 0; i < 3; i++) {
      gc();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(signals.map((s) => s.aborted)).toEqual([true, true, true, true, true]);
    expect((signals[0]!.reason as Error).name).toBe("TimeoutError");
  });

  it("ends with the caller's signal, for the caller's reason", () => {
    const caller = new AbortController();
    const signal = deadline(60_000, caller.signal);
    caller.abort(new Error("the worker is stopping"));
    expect(signal.aborted).toBe(true);
    expect((signal.reason as Error).message).toBe("the worker is stopping");
  });
});
