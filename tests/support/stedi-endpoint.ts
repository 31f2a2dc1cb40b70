import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in of Stedi's real-time eligibility API on this machine: it checks
 * the API key and the JSON body's v3 shape, and answers what the test chose
 * for the subscriber's member id.
 */

export type StediAnswer = { status: number; json: unknown } | { status: number; text: string } | "hang";

export type StediEndpoint = {
  url: string;
  /** The JSON bodies received, in order. */
  requests: Record<string, unknown>[];
  stop(): Promise<void>;
};

/** What the v3 request must hold, else a 400 like Stedi's validation. */
function shapeProblem(body: Record<string, unknown>): string | null {
  const provider = body.provider as Record<string, unknown> | undefined;
  const subscriber = body.subscriber as Record<string, unknown> | undefined;
  const encounter = body.encounter as Record<string, unknown> | undefined;
  if (typeof body.tradingPartnerServiceId !== "string" || body.tradingPartnerServiceId === "") return "tradingPartnerServiceId is required";
  if (typeof body.controlNumber !== "string" || !/^\d{9}$/.test(body.controlNumber)) return "controlNumber must be 9 digits";
  if (!provider || typeof provider.npi !== "string") return "provider.npi is required";
  if (!provider.organizationName && !(provider.firstName && provider.lastName)) return "provider needs organizationName or firstName and lastName";
  if (!subscriber) return "subscriber is required";
  for (const date of [subscriber.dateOfBirth, encounter?.dateOfService]) {
    if (date !== undefined && !/^\d{8}$/.test(String(date))) return "dates are YYYYMMDD";
  }
  if (encounter && !Array.isArray(encounter.serviceTypeCodes)) return "encounter.serviceTypeCodes must be a list";
  return null;
}

export async function startStediEndpoint(options: { apiKey: string; answers: Record<string, StediAnswer> }): Promise<StediEndpoint> {
  const requests: Record<string, unknown>[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const json = (status: number, value: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
      if (req.method !== "POST") return json(405, { message: "Method not allowed" });
      if (req.headers.authorization !== options.apiKey) return json(403, { message: "Forbidden" });
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
      } catch {
        return json(400, { message: "Invalid JSON" });
      }
      requests.push(body);
      const problem = shapeProblem(body);
      if (problem) return json(400, { message: problem });
      const memberId = String((body.subscriber as Record<string, unknown>).memberId ?? "");
      const answer = options.answers[memberId] ?? { status: 500, json: { message: "The test chose no answer for this member id." } };
      if (answer === "hang") return;
      if ("json" in answer) return json(answer.status, answer.json);
      res.writeHead(answer.status, { "content-type": "text/html" }).end(answer.text);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/2024-04-01/change/medicalnetwork/eligibility/v3`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
