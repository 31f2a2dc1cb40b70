import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { controlCharacterParameter, createHttpServer } from "./limits";

describe("createHttpServer", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  /** A server that reads each body to its end and answers 200, with short timeouts for the test. */
  async function listen() {
    const server = createHttpServer(
      (req, res) => {
        req.resume();
        req.on("end", () => res.end("ok"));
      },
      { headersTimeout: 400, requestTimeout: 800, checkEveryMs: 100 },
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    close = () => new Promise<void>((resolve) => server.close(() => resolve()));
    return (server.address() as AddressInfo).port;
  }

  /** Opens a connection, writes `start`, then sends nothing more; resolves with what the server answered when it closed. */
  function stall(port: number, start: string): Promise<string> {
    return new Promise((resolve, reject) => {
      let answer = "";
      const socket = net.connect(port, "127.0.0.1", () => socket.write(start));
      socket.setEncoding("utf8");
      socket.on("data", (chunk: string) => (answer += chunk));
      socket.on("close", () => resolve(answer));
      socket.on("error", reject);
    });
  }

  it("cuts off a client that trickles its headers with 408", async () => {
    const port = await listen();
    expect(await stall(port, "POST /apply HTTP/1.1\r\nHost: localhost\r\n")).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("cuts off a body that stops arriving with 408", async () => {
    const port = await listen();
    const answer = await stall(port, "POST /apply HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 1000000\r\n\r\n--x\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("leaves a whole request alone", async () => {
    const port = await listen();
    const answer = await stall(port, "POST /apply HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok");
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe("controlCharacterParameter", () => {
  it("names a parameter whose name or value holds a control character once decoded", () => {
    expect(controlCharacterParameter("/press?category=%00")).toBe("category");
    expect(controlCharacterParameter("/apply?position=%01")).toBe("position");
    expect(controlCharacterParameter("/admin?q=a%0Ab")).toBe("q");
    expect(controlCharacterParameter("/press?x=1&tab%7F=2")).toBe("tab?");
  });

  it("lets the site's own links through", () => {
    for (const url of ["/", "/press?category=regulatory", "/apply?position=administrative-executive", "/legal.data?tab=privacy&_routes=routes%2Flegal", "/admin?q=Dana+Ruiz&status=new", "/?contact=invalid&fields=firstName,email", "/press?category=%E2%82"]) {
      expect(controlCharacterParameter(url), url).toBeNull();
    }
  });
});
