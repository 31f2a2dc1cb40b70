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

  it("logs a failed query without its values: no form contents reach the log", () => {
    const { lines, logger } = capture();
    // Shaped as the database layer's error: the values in the message, the stack and `params`.
    const params = ["Dana", "dana@clinic.example", "Please call me,\nabout grafts"];
    const query = 'insert into "submissions" ("first_name", "email", "message") values ($1, $2, $3)';
    const error = Object.assign(new Error(`Failed query: ${query}\nparams: ${params}`), { query, params });
    logger.error({ err: error }, "form could not be handled");
    const line = JSON.stringify(lines[0]);
    expect(line).not.toContain("dana@clinic.example");
    expect(line).not.toContain("about grafts");
    expect(lines[0]).toMatchObject({ err: { query, params: "[3 values withheld]" } });
    expect((lines[0]!.err as { message: string }).message).toBe(`Failed query: ${query}\nparams: [3 values withheld]`);
    expect((lines[0]!.err as { stack: string }).stack).toContain("[3 values withheld]");
  });

  it("logs other errors as they are", () => {
    const { lines, logger } = capture();
    logger.error({ err: new Error("connect ECONNREFUSED 127.0.0.1:5432") }, "database unavailable");
    expect(lines[0]).toMatchObject({ err: { type: "Error", message: "connect ECONNREFUSED 127.0.0.1:5432" } });
  });
});
