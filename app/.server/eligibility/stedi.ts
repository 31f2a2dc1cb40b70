import { randomInt } from "node:crypto";
import { INQUIRY_SERVICE_TYPES } from "~/content/payers";
import { deadline, failure, outcomeOf271, retryableStatus, transportFailure, type EligibilityConnector } from "./connector";
import type { EligibilityInquiry, InquiryPerson } from "./inquiry";
import { rejectionOf } from "./rejections";

/**
 * Stedi's real-time eligibility API (JSON, the v3 shape of
 * /change/medicalnetwork/eligibility/v3). Stedi builds the 270 itself; its
 * answer carries the payer's raw 271 in `x12`, which goes through the same
 * reader and summary as a CORE answer, so both connectors keep the same raw
 * text and recompute the same summary.
 */

export const STEDI_ELIGIBILITY_URL = "https://healthcare.us.stedi.com/2024-04-01/change/medicalnetwork/eligibility/v3";

export type StediConfig = { url: string; apiKey: string; timeoutMs: number };

const WHO = "Stedi";
const RELATIONSHIP_CODES = { spouse: "01", child: "19", other: "34" } as const;

const ymd = (iso: string | undefined) => (iso ? iso.replace(/-/g, "") : undefined);

function personOf(p: InquiryPerson) {
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    ...(p.middleName ? { middleName: p.middleName } : {}),
    ...(p.dateOfBirth ? { dateOfBirth: ymd(p.dateOfBirth) } : {}),
    // Stedi takes M or F; an unknown sex is left out.
    ...(p.sex === "M" || p.sex === "F" ? { gender: p.sex } : {}),
  };
}

/** The v3 request body of an inquiry. */
export function stediRequestOf(inquiry: EligibilityInquiry): Record<string, unknown> {
  const r = inquiry.receiver;
  const provider = "organizationName" in r ? { npi: r.npi, organizationName: r.organizationName } : { npi: r.npi, firstName: r.firstName, lastName: r.lastName };
  const s = inquiry.subscriber;
  return {
    controlNumber: String(randomInt(100_000_000, 1_000_000_000)),
    tradingPartnerServiceId: inquiry.payer.id,
    tradingPartnerName: inquiry.payer.name,
    provider,
    subscriber: { ...personOf(s), memberId: s.memberId, ...(s.groupNumber ? { groupNumber: s.groupNumber } : {}) },
    ...(inquiry.dependent
      ? { dependents: [{ ...personOf(inquiry.dependent), individualRelationshipCode: RELATIONSHIP_CODES[inquiry.dependent.relationship] }] }
      : {}),
    encounter: { dateOfService: ymd(inquiry.dateOfService), serviceTypeCodes: [...(inquiry.serviceTypes ?? INQUIRY_SERVICE_TYPES)] },
  };
}

type StediAnswer = { x12?: unknown; errors?: unknown; status?: unknown; message?: unknown };
type StediError = { code?: unknown; description?: unknown; field?: unknown; followupAction?: unknown };

/** The reason of an answer that carried no 271: its AAA errors in words, or what it says. */
function reasonOf(answer: StediAnswer, status: number): { reason: string; retryable: boolean } {
  const errors = Array.isArray(answer.errors) ? (answer.errors as StediError[]) : [];
  const aaa = errors.filter((e) => typeof e.code === "string" && (e.field === "AAA" || e.field === undefined));
  if (aaa.length > 0) {
    const rejections = aaa.map((e) => rejectionOf("subscriber", { reason: String(e.code), followUp: "" }, null));
    return { reason: rejections.map((r) => r.message).join(" "), retryable: rejections.some((r) => r.retryable) };
  }
  const said = [answer.status, answer.message, ...errors.map((e) => e.description)].filter((v): v is string => typeof v === "string" && v !== "");
  return { reason: `${WHO} answered HTTP ${status}${said.length > 0 ? `: ${said.join("; ")}` : ""}.`, retryable: retryableStatus(status) };
}

export function stediConnector(config: StediConfig): EligibilityConnector {
  return {
    name: "stedi",
    async check(inquiry, options) {
      const signal = deadline(config.timeoutMs, options?.signal);
      let status: number;
      let text: string;
      try {
        const response = await fetch(config.url, {
          method: "POST",
          headers: { authorization: config.apiKey, "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify(stediRequestOf(inquiry)),
          signal,
          redirect: "error",
        });
        status = response.status;
        text = await response.text();
      } catch (error) {
        return transportFailure(error, WHO, config.timeoutMs, options?.signal);
      }
      let answer: StediAnswer = {};
      try {
        const parsed: unknown = JSON.parse(text);
        if (parsed && typeof parsed === "object") answer = parsed as StediAnswer;
      } catch {
        // Not JSON (a gateway's error page): the status says what happened.
      }
      if (status === 401 || status === 403) return failure(false, `${WHO} refused the API key (HTTP ${status}): check ELIGIBILITY_STEDI_KEY.`);
      // A payer's 271 comes back in `x12`, with 200 or (for an AAA rejection) 400.
      if (typeof answer.x12 === "string" && answer.x12.trim() !== "") {
        const outcome = outcomeOf271(answer.x12, WHO);
        // A 999 instead of a 271: Stedi's errors say why better than the 999 does.
        if (outcome.ok || !Array.isArray(answer.errors) || answer.errors.length === 0) return outcome;
      }
      const { reason, retryable } = reasonOf(answer, status);
      return failure(retryable, reason);
    },
  };
}
