import { describe, expect, it, vi } from "vitest";
import { releaseOnFailedBegin } from "./client";

function fakeClient(failing: RegExp) {
  const release = vi.fn();
  const client = {
    release,
    query: vi.fn(async (statement: string | { text: string }) => {
      const text = typeof statement === "string" ? statement : statement.text;
      if (failing.test(text)) throw new Error("terminating connection due to administrator command");
      return { rows: [] };
    }),
  };
  releaseOnFailedBegin(client as never);
  return { client: client as unknown as { query(q: unknown): Promise<unknown> }, release };
}

describe("releaseOnFailedBegin", () => {
  it("gives a client whose BEGIN failed back to the pool with the error, so it is dropped", async () => {
    const { client, release } = fakeClient(/begin/i);
    await expect(client.query({ text: "begin" })).rejects.toThrow(/administrator command/);
    expect(release).toHaveBeenCalledOnce();
    expect(release.mock.calls[0]?.[0]).toBeInstanceOf(Error);
  });

  it("leaves other failures and successful BEGINs to the transaction's own release", async () => {
    const { client, release } = fakeClient(/insert/i);
    await client.query("BEGIN");
    await expect(client.query("insert into t values (1)")).rejects.toThrow();
    expect(release).not.toHaveBeenCalled();
  });
});
