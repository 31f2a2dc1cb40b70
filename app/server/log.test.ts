import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, runInRequest } from "./log";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { lines, logger: createLogger("info", sink) };
}

describe("log", () => {
  it("stamps every line written while a request runs with its id, also after awaits", async () => {
    const { lines, logger } = capture();
    logger.info("outside");
    await runInRequest("req-1234", async () => {
      logger.info("before");
      await new Promise((resolve) => setTimeout(resolve, 5));
      logger.info("after");
    });
    expect(lines.map((l) => [l.msg, l.reqId])).toEqual([
      ["outside", undefined],
      ["before", "req-1234"],
      ["after", "req-1234"],
    ]);
  });

  it("removes passwords and tokens", () => {
    const { lines, logger } = capture();
    logger.info({ email: "a@b.example", password: "secret", token: "t0k" }, "attempt");
    expect(lines[0]).toMatchObject({ email: "a@b.example", msg: "attempt" });
    expect(lines[0]).not.toHaveProperty("password");
    expect(lines[0]).not.toHaveProperty("token");
  });
});
