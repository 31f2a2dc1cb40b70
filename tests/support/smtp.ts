import net, { type AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * SMTP servers in this process that keep what they receive: for the
 * integration tests, the resilience script and the benchmark.
 */

export type ReceivedMail = {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  body: string;
  replyTo: string | null;
  messageId: string | null;
};

export type SmtpServer = {
  url: string;
  port: number;
  mails: ReceivedMail[];
  /** Recipients this server refuses, with the SMTP code it answers (550: permanent, 451: try later). */
  refuse: Map<string, number>;
  stop(): Promise<void>;
};

const urlOf = (port: number) => `smtp://127.0.0.1:${port}?tls=off`;

/** A header of a mail's head, with folded lines unfolded; null when absent. */
function header(head: string, name: string): string | null {
  const match = new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, "im").exec(head);
  return match?.[1] ? match[1].replace(/\r?\n[ \t]/g, " ").trim() : null;
}

/** A real SMTP server on `port` (0: any free one). Each mail is kept in `mails` and handed to `onMail`. */
export async function startSmtpServer(port = 0, onMail?: (mail: ReceivedMail) => void): Promise<SmtpServer> {
  const mails: ReceivedMail[] = [];
  const refuse = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // Pooled client connections are cut a second after stop(), as a real outage would.
    closeTimeout: 1000,
    onRcptTo(address, _session, callback) {
      const code = refuse.get(address.address.toLowerCase());
      if (!code) return callback();
      const refusal = new Error(code >= 500 ? "Mailbox unavailable" : "Mailbox busy, try again later") as Error & { responseCode: number };
      refusal.responseCode = code;
      callback(refusal);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: header(head, "Subject") ?? "",
          body: decodeBody(head, rest.join("\n\n")),
          replyTo: header(head, "Reply-To"),
          messageId: header(head, "Message-ID"),
        };
        mails.push(mail);
        onMail?.(mail);
        callback();
      });
    },
  });
  // A client that dies mid-conversation (a killed server process) resets its connection: not our failure.
  server.on("error", () => {});
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const actual = (server.server.address() as AddressInfo).port;
  return {
    url: urlOf(actual),
    port: actual,
    mails,
    refuse,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A free port on loopback. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * An SMTP server that can be taken down and brought back on the same port,
 * as in an outage. It starts down; `mails` holds what every start received.
 */
export async function outageSmtpServer() {
  const port = await freePort();
  const mails: ReceivedMail[] = [];
  let running: SmtpServer | null = null;
  return {
    port,
    url: urlOf(port),
    mails,
    async start() {
      running ??= await startSmtpServer(port, (mail) => mails.push(mail));
    },
    async stop() {
      const stopping = running;
      running = null;
      await stopping?.stop();
    },
  };
}

function decodeBody(head: string, body: string): string {
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head)) {
    return body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  }
  if (/Content-Transfer-Encoding: base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}
