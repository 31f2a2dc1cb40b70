import { describe, expect, it } from "vitest";
import { attentionOfRank, attentionRank, boardEligibilityLine, NO_ATTENTION_RANK } from "~/lib/eligibility";
import { summarise } from "~/.server/eligibility";
import { sample } from "~/.server/eligibility/samples";
import { attentionOf, payerIdOf } from "./eligibility";

describe("what an eligibility answer asks of a person", () => {
  it("names another payer for Medicare with a Medicare Advantage plan, and a rejection for an unknown member id", () => {
    expect(attentionOf(summarise(sample("medicare-part-b-with-advantage.271")))).toBe("other-payer");
    expect(attentionOf(summarise(sample("member-id-not-recognised.271")))).toBe("rejected");
  });

  it("ranks attentions in the queue's order, nothing last", () => {
    expect(["inactive", "rejected", "authorisation", "other-payer"].map((a) => attentionRank(a as never))).toEqual([1, 2, 3, 4]);
    expect(attentionRank(null)).toBe(NO_ATTENTION_RANK);
    expect(attentionOfRank(2)).toBe("rejected");
    expect(attentionOfRank(NO_ATTENTION_RANK)).toBeNull();
  });

  it("keeps a rejection's words (which may quote the member id) off the board", () => {
    expect(boardEligibilityLine("Coverage found: active, Medicare Part B")).toBe("Coverage found: active, Medicare Part B");
    expect(boardEligibilityLine("The payer does not recognise member id BMH000000000: check the card.")).not.toContain("BMH");
    expect(boardEligibilityLine(null)).toBeNull();
  });
});

describe("the payer id of a coverage", () => {
  it("is the listed payer's by name, CMS for any Medicare coverage, and none for a payer not listed", () => {
    expect(payerIdOf({ payerName: "Aetna", payerType: "commercial" })).toEqual({ id: "60054", name: "Aetna" });
    expect(payerIdOf({ payerName: "Medicare Part B", payerType: "medicare" })).toMatchObject({ id: "CMS" });
    expect(payerIdOf({ payerName: "Valley Family Health Plan", payerType: "commercial" })).toBeNull();
  });
});
