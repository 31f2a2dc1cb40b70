import { randomUUID } from "node:crypto";
import { deadline, failure, outcomeOf271, retryableStatus, transportFailure, type EligibilityConnector } from "./connector";
import { build270, InquiryError } from "./inquiry";
import { readMultipartFields } from "./multipart";

/**
 * The CAQH CORE Connectivity Rule vC2.2.0 real-time exchange over HTTP MIME
 * multipart: the 270 and its envelope fields are POSTed as
 * multipart/form-data with HTTP Basic credentials, and the answer comes back
 * the same way, carrying the 271 in Payload, or an ErrorCode and
 * ErrorMessage.
 */

export const CORE_RULE_VERSION = "2.2.0";
export const PAYLOAD_TYPE_270 = "X12_270_Request_005010X279A1";
export const PAYLOAD_TYPE_271 = "X12_271_Response_005010X279A1";
export const PAYLOAD_TYPE_999 = "X12_999_Response_005010X231A1";
/** The envelope fields every real-time request carries. */
export const CORE_REQUEST_FIELDS = ["PayloadType", "ProcessingMode", "PayloadID", "TimeStamp", "SenderID", "ReceiverID", "CORERuleVersion", "Payload"] as const;

export type CoreConfig = {
  url: string;
  user: string;
  password: string;
  /** ELIGIBILITY_SENDER_ID: the envelope's SenderID and the 270's ISA06/GS02. */
  senderId: string;
  /** ELIGIBILITY_RECEIVER_ID: the envelope's ReceiverID and the 270's ISA08/GS03. */
  receiverId: string;
  timeoutMs: number;
};

const WHO = "The clearinghouse";

/**
 * Whether an envelope ErrorCode may clear by itself. The rule's codes that
 * name a fault of the request (a field missing or not allowed, a version the
 * receiver does not speak, credentials refused) are final: sending the same
 * again gets the same. Anything else (the receiver busy or failing) is worth
 * another try later.
 */
export function coreErrorRetryable(code: string): boolean {
  return !/(Required|Illegal|NotSupported|VersionMismatch|UnAuthori[sz]ed)$/i.test(code);
}

/** The envelope fields of a CORE multipart body; {} when it is not multipart or cannot be read. */
export async function coreEnvelopeFields(contentType: string, body: Buffer): Promise<Record<string, string>> {
  if (!/^multipart\/form-data/i.test(contentType)) return {};
  try {
    return await readMultipartFields(contentType, body);
  } catch {
    return {};
  }
}

function statusReason(status: number, fields: Record<string, string>): string {
  const said = fields.ErrorCode ? ` (${fields.ErrorCode}${fields.ErrorMessage ? `: ${fields.ErrorMessage}` : ""})` : "";
  if (status === 401 || status === 403) return `${WHO} refused the credentials (HTTP ${status}${said}): check ELIGIBILITY_CORE_USER and ELIGIBILITY_CORE_PASSWORD.`;
  return `${WHO} answered HTTP ${status}${said}.`;
}

export function coreConnector(config: CoreConfig): EligibilityConnector {
  const authorization = `Basic ${Buffer.from(`${config.user}:${config.password}`).toString("base64")}`;
  return {
    name: "core",
    async check(inquiry, options) {
      let payload: string;
      try {
        payload = build270(inquiry, { senderId: config.senderId, receiverId: config.receiverId }).raw;
      } catch (error) {
        if (error instanceof InquiryError) return failure(false, error.message);
        throw error;
      }
      const form = new FormData();
      form.set("PayloadType", PAYLOAD_TYPE_270);
      form.set("ProcessingMode", "RealTime");
      form.set("PayloadID", randomUUID());
      form.set("TimeStamp", new Date().toISOString().replace(/\.\d{3}Z$/, "Z"));
      form.set("SenderID", config.senderId);
      form.set("ReceiverID", config.receiverId);
      form.set("CORERuleVersion", CORE_RULE_VERSION);
      form.set("Payload", payload);

      const signal = deadline(config.timeoutMs, options?.signal);
      let status: number;
      let contentType: string;
      let body: Buffer;
      try {
        const response = await fetch(config.url, { method: "POST", body: form, headers: { authorization }, signal, redirect: "error" });
        status = response.status;
        contentType = response.headers.get("content-type") ?? "";
        body = Buffer.from(await response.arrayBuffer());
      } catch (error) {
        return transportFailure(error, WHO, config.timeoutMs, options?.signal);
      }

      const fields = await coreEnvelopeFields(contentType, body);
      const code = fields.ErrorCode ?? "";
      if (status < 200 || status > 299) {
        const retryable = retryableStatus(status) && (code === "" || coreErrorRetryable(code));
        return failure(retryable, statusReason(status, fields));
      }
      if (code !== "" && code !== "Success") {
        return failure(coreErrorRetryable(code), `${WHO} answered ${code}${fields.ErrorMessage ? `: ${fields.ErrorMessage}` : ""}.`);
      }
      if (fields.PayloadType === PAYLOAD_TYPE_999) return failure(false, `${WHO} refused the inquiry's format (a 999 acknowledgement came back instead of a 271).`);
      if (fields.PayloadType !== PAYLOAD_TYPE_271 || !fields.Payload) {
        return failure(false, `${WHO}'s answer carried no ${PAYLOAD_TYPE_271} payload${fields.PayloadType ? ` (PayloadType ${fields.PayloadType})` : ""}.`);
      }
      return outcomeOf271(fields.Payload, WHO);
    },
  };
}
