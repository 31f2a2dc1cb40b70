import { randomUUID } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import {
  CORE_REQUEST_FIELDS,
  CORE_RULE_VERSION,
  coreEnvelopeFields,
  PAYLOAD_TYPE_270,
  PAYLOAD_TYPE_271,
  parse270,
  X12ReadError,
  type Read270,
} from "~/.server/eligibility";

/**
 * A CAQH CORE real-time eligibility endpoint on this machine (HTTP MIME
 * multipart, Connectivity Rule vC2.2.0), like smtp.ts is for mail: it checks
 * the Basic credentials and the envelope fields as the rule asks, reads the
 * 270, and answers what the test chose for its member id.
 */

export type CoreAnswer =
  /** A payload (normally a 271) with ErrorCode Success. */
  | { x12: string }
  /** An envelope error, with its HTTP status (200 unless given). */
  | { errorCode: string; errorMessage: string; status?: number }
  /** An HTTP answer without an envelope (a gateway's 502...). */
  | { status: number; text?: string }
  /** Never answers: the connection stays open until the endpoint stops. */
  | "hang";

export type CoreExchange = {
  fields: Record<string, string>;
  /** The 270 as read; null when the payload was not one. */
  inquiry: Read270 | null;
  /** What the endpoint answered: an HTTP status and ErrorCode. */
  status: number;
  errorCode: string;
};

export type CoreEndpoint = {
  url: string;
  port: number;
  /** Each request received, in order. */
  exchanges: CoreExchange[];
  stop(): Promise<void>;
};

export type CoreEndpointOptions = {
  user: string;
  password: string;
  /** The answer for a member id (NM1*IL of the 270). */
  answers: Record<string, CoreAnswer>;
  /** The answer for any other member id; when left out, a 500 whose ErrorMessage says the test chose none. */
  otherwise?: CoreAnswer;
  /** The ReceiverID the endpoint answers to; any when left out. */
  receiverId?: string;
  /** Milliseconds each answer waits before it is sent, as a payer's round trip does (none when left out). */
  delayMs?: number;
  port?: number;
};

const NO_ANSWER: CoreAnswer = { errorCode: "NoAnswerChosen", errorMessage: "The test chose no answer for this member id.", status: 500 };
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Writes an envelope as multipart/form-data (the platform's own FormData encoder). */
async function sendEnvelope(res: ServerResponse, status: number, fields: Record<string, string>): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  res.writeHead(status, { "content-type": encoded.headers.get("content-type")!, "content-length": body.length });
  res.end(body);
}

/** The first problem of a request's envelope, as the rule's ErrorCode; null when it is well formed. */
function envelopeProblem(fields: Record<string, string>, receiverId: string | undefined): string | null {
  for (const name of CORE_REQUEST_FIELDS) if (!fields[name]?.trim()) return `${name}Required`;
  if (fields.CORERuleVersion !== CORE_RULE_VERSION) return "VersionMismatch";
  if (fields.PayloadType !== PAYLOAD_TYPE_270) return "PayloadTypeIllegal";
  if (fields.ProcessingMode !== "RealTime") return "ProcessingModeIllegal";
  if (!UUID.test(fields.PayloadID!)) return "PayloadIDIllegal";
  if (!ISO_8601.test(fields.TimeStamp!) || Number.isNaN(Date.parse(fields.TimeStamp!))) return "TimeStampIllegal";
  if (receiverId && fields.ReceiverID !== receiverId) return "ReceiverIDIllegal";
  return null;
}

export async function startCoreEndpoint(options: CoreEndpointOptions): Promise<CoreEndpoint> {
  const exchanges: CoreExchange[] = [];
  const expected = `Basic ${Buffer.from(`${options.user}:${options.password}`).toString("base64")}`;

  const server = http.createServer((req, res) => {
    void (async () => {
      // A health address for whoever starts the endpoint as a process (the browser tests' webServer waits on it); not an exchange.
      if (req.method === "GET" && req.url === "/healthz") {
        res.writeHead(200, { "content-type": "text/plain" }).end("ok");
        return;
      }
      const body = await readBody(req);
      if (options.delayMs) await sleep(options.delayMs);
      const fields = await coreEnvelopeFields(req.headers["content-type"] ?? "", body);
      const exchange: CoreExchange = { fields, inquiry: null, status: 0, errorCode: "" };
      exchanges.push(exchange);
      const reply = (status: number, errorCode: string, extra: Record<string, string> = {}) => {
        exchange.status = status;
        exchange.errorCode = errorCode;
        return sendEnvelope(res, status, {
          PayloadType: extra.Payload ? PAYLOAD_TYPE_271 : "CoreEnvelopeError",
          ProcessingMode: "RealTime",
          PayloadID: randomUUID(),
          TimeStamp: new Date().toISOString().replace(/\.\d{3}Z$/, "Z"),
          SenderID: fields.ReceiverID ?? "",
          ReceiverID: fields.SenderID ?? "",
          CORERuleVersion: CORE_RULE_VERSION,
          ErrorCode: errorCode,
          ErrorMessage: extra.ErrorMessage ?? (errorCode === "Success" ? "None" : errorCode),
          ...extra,
        });
      };

      if (req.method !== "POST") {
        exchange.status = 405;
        res.writeHead(405, { allow: "POST" }).end();
        return;
      }
      if (req.headers.authorization !== expected) return reply(401, "UnAuthorized", { ErrorMessage: "The user name or password is not authorised." });
      const problem = envelopeProblem(fields, options.receiverId);
      if (problem) return reply(400, problem);
      try {
        exchange.inquiry = parse270(fields.Payload!);
      } catch (error) {
        if (error instanceof X12ReadError) return reply(400, "PayloadIllegal", { ErrorMessage: error.message });
        throw error;
      }
      const answer = options.answers[exchange.inquiry.inquiry.subscriber.memberId] ?? options.otherwise ?? NO_ANSWER;
      if (answer === "hang") return;
      if ("x12" in answer) return reply(200, "Success", { Payload: answer.x12 });
      if ("errorCode" in answer) return reply(answer.status ?? 200, answer.errorCode, { ErrorMessage: answer.errorMessage });
      exchange.status = answer.status;
      res.writeHead(answer.status, { "content-type": "text/plain" }).end(answer.text ?? "");
    })().catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/core/realtime`,
    port,
    exchanges,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A hanging exchange keeps its connection: cut it, as a restarting clearinghouse would.
        server.closeAllConnections();
      }),
  };
}
