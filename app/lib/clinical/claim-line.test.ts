import { afterEach, describe, expect, it } from "vitest";
import { PAYER_RULES, productBillingRuleFor } from "~/content/payer-rules";
import { productBySlug } from "~/content/products";
import { applicationAreaIssues, claimLine, type ClaimLineInput } from "./claim-line";

const amnioAmp = productBySlug("amnioamp-mp")!; // Q4250, a 361 HCT/P billed per cm²
const licensed = { name: "Licensed graft", hcpcs: "Q4101", billing: { fdaCategory: "bla", hcpcsUnit: "cm2" } } as const;

/** A 4 × 4 cm unit of AmnioAmp-MP on a leg wound, Medicare, all applied. */
const application = (over: Partial<ClaimLineInput> = {}): ClaimLineInput => ({
  dateOfService: "2026-11-02",
  location: "leg",
  woundAreaCm2: 20,
  product: amnioAmp,
  payerType: "medicare",
  unitAreaCm2: 16,
  appliedCm2: 16,
  discardedCm2: 0,
  ...over,
});

const codes = (input: ClaimLineInput) =>
  claimLine(input).lines.map((l) => `${[l.code, ...l.modifiers].join("-")}×${l.units}`).join(" ");

describe("CPT application codes by that day's wound area", () => {
  const cases: [number, string, string][] = [
    [25, "15271×1", "15275×1"],
    [25.01, "15271×1 15272×1", "15275×1 15276×1"],
    [99.99, "15271×1 15272×3", "15275×1 15276×3"],
    [100, "15273×1", "15277×1"],
    [100.01, "15273×1 15274×1", "15277×1 15278×1"],
    [300.01, "15273×1 15274×3", "15277×1 15278×3"],
  ];
  it.each(cases)("%d cm²: trunk/arms/legs %s, face/hands/feet %s", (woundAreaCm2, leg, foot) => {
    expect(codes(application({ woundAreaCm2, location: "leg" }))).toBe(`${leg} Q4250×16`);
    expect(codes(application({ woundAreaCm2, location: "foot" }))).toBe(`${foot} Q4250×16`);
    expect(codes(application({ woundAreaCm2, location: "multiple-digits" }))).toBe(`${foot} Q4250×16`);
  });

  it("counts a child's large wound in 1% of body area", () => {
    // 0.5 m² of body area: 1% is 50 cm², so 120 cm² is the first 50 and two more (the last in part).
    const line = claimLine(application({ woundAreaCm2: 120, childBodyAreaM2: 0.5, unitAreaCm2: 16 }));
    expect(line.lines.slice(0, 2)).toEqual([
      { code: "15273", modifiers: [], units: 1, description: "Skin substitute graft application, trunk, arms, legs: first 1% of body area" },
      { code: "15274", modifiers: [], units: 2, description: "Skin substitute graft application, trunk, arms, legs: each further 1% of body area" },
    ]);
    // Under 100 cm² a child's wound is counted in 25 cm² like anyone's.
    expect(codes(application({ woundAreaCm2: 60, childBodyAreaM2: 0.5 }))).toBe("15271×1 15272×2 Q4250×16");
  });
});

describe("the product line under Medicare's 2026 rules for non-BLA skin substitutes (the default)", () => {
  it("bills every cm² applied when nothing is discarded, without JZ", () => {
    const line = claimLine(application());
    expect(line.text).toBe("15271, 1 unit\nQ4250, 16 units");
    expect(line.lines[1]).toEqual({ code: "Q4250", modifiers: [], units: 16, description: "AmnioAmp-MP, 16 cm² applied" });
    expect(line.notes).toEqual([
      "Medicare 2026: non-BLA skin substitutes are paid per cm² applied; discarded product is not billed and JW/JZ are not used.",
    ]);
  });

  it("bills only what was applied when 2 cm² are discarded, and says the rest is not billed", () => {
    const line = claimLine(application({ appliedCm2: 14, discardedCm2: 2 }));
    expect(line.text).toBe("15271, 1 unit\nQ4250, 14 units");
    expect(line.notes[0]).toBe("2 cm² discarded is not billed.");
  });

  it("rounds a fraction of a cm² up to the next whole unit, and bills at least one", () => {
    expect(codes(application({ appliedCm2: 13.5, discardedCm2: 2.5 }))).toBe("15271×1 Q4250×14");
    expect(codes(application({ appliedCm2: 0.4, discardedCm2: 15.6 }))).toBe("15271×1 Q4250×1");
  });

  it("gives no line when everything was discarded", () => {
    const line = claimLine(application({ appliedCm2: 0, discardedCm2: 16 }));
    expect(line.lines).toEqual([]);
    expect(line.text).toBe("");
    expect(line.notes[0]).toBe("Nothing was applied: this unit gives no claim line.");
  });

  it("notes a graft larger than the wound", () => {
    expect(claimLine(application({ woundAreaCm2: 12 })).notes).toContain(
      "The graft applied (16 cm²) is larger than the wound (12 cm²): payers expect a graft sized to the wound.",
    );
  });

  it("says when there is no wound area for the application codes", () => {
    const line = claimLine(application({ woundAreaCm2: 0 }));
    expect(line.text).toBe("Q4250, 16 units");
    expect(line.notes.slice(0, 2)).toEqual([
      "No wound area was measured that day, so there is no application code.",
      "Medicare 2026: non-BLA skin substitutes are paid per cm² applied; discarded product is not billed and JW/JZ are not used.",
    ]);
  });

  it("says when the date of service is before the first rule on record", () => {
    expect(claimLine(application({ dateOfService: "2025-12-31" })).notes.at(-1)).toBe(
      "No billing rule is on record for dates of service before 2026-01-01: check this line's modifiers with the payer.",
    );
  });
});

describe("JW and JZ where the payer's rules ask for them", () => {
  it("puts the discarded units on their own JW line for a BLA biological", () => {
    const line = claimLine(application({ product: licensed, appliedCm2: 14, discardedCm2: 2 }));
    expect(line.text).toBe("15271, 1 unit\nQ4101, 14 units\nQ4101-JW, 2 units");
    expect(line.lines[2]!.description).toBe("Licensed graft, 2 cm² discarded");
  });

  it("marks a fully used BLA biological JZ, and also when rounding leaves no whole unit discarded", () => {
    expect(codes(application({ product: licensed }))).toBe("15271×1 Q4101-JZ×16");
    expect(codes(application({ product: licensed, appliedCm2: 15.5, discardedCm2: 0.5 }))).toBe("15271×1 Q4101-JZ×16");
    expect(codes(application({ product: licensed, appliedCm2: 13.5, discardedCm2: 2.5 }))).toBe("15271×1 Q4101×14 Q4101-JW×2");
  });

  describe("a payer type with its own rules", () => {
    afterEach(() => delete PAYER_RULES.commercial);
    it("follows them instead of Medicare's", () => {
      PAYER_RULES.commercial = {
        productBilling: [
          {
            from: "2026-01-01",
            bla: productBillingRuleFor("medicare", "bla", "2026-01-01").rule,
            other: { discarded: { billed: true, modifier: "JW" }, fullyUsedModifier: "JZ", rounding: "nearest", source: "Plan policy" },
          },
        ],
      };
      expect(codes(application({ payerType: "commercial", appliedCm2: 13.4, discardedCm2: 2.6 }))).toBe("15271×1 Q4250×13 Q4250-JW×3");
      expect(codes(application({ payerType: "commercial" }))).toBe("15271×1 Q4250-JZ×16");
      expect(codes(application({ payerType: "medicare", appliedCm2: 13.4, discardedCm2: 2.6 }))).toBe("15271×1 Q4250×14");
    });
  });
});

describe("applied + discarded = the unit's area", () => {
  const areas = (appliedCm2: number, discardedCm2: number, discardReason = "") =>
    applicationAreaIssues({ unitAreaCm2: 16, appliedCm2, discardedCm2, discardReason });

  it("accepts the whole unit applied, or split with a reason, or all discarded with a reason", () => {
    expect(areas(16, 0)).toEqual([]);
    expect(areas(13.75, 2.25, "Trimmed to the wound's edge")).toEqual([]);
    expect(areas(0, 16, "Dropped before application")).toEqual([]);
  });

  it("refuses areas that do not add up to the unit", () => {
    expect(areas(12, 3, "Trimmed")).toEqual([
      { field: "discardedCm2", message: "Applied and discarded add up to 15 cm², but this unit is 16 cm²: together they are the whole unit." },
    ]);
    expect(areas(16, 0.01, "Trimmed")).toHaveLength(1);
  });

  it("asks for a reason when anything is discarded", () => {
    expect(areas(14, 2, "  ")).toEqual([{ field: "discardReason", message: "Say why product was discarded" }]);
    expect(areas(14, 2, "x".repeat(501))).toEqual([{ field: "discardReason", message: "A reason is at most 500 characters" }]);
  });

  it("refuses negative amounts, amounts that are not numbers and more than two decimals", () => {
    expect(areas(-1, 17, "Trimmed")).toEqual([{ field: "appliedCm2", message: "Enter the cm² applied, 0 or more" }]);
    expect(areas(16, Number.NaN)).toEqual([{ field: "discardedCm2", message: "Enter the cm² discarded, 0 or more" }]);
    expect(areas(15.995, 0.005, "Trimmed")).toEqual([
      { field: "appliedCm2", message: "Enter the cm² applied to two decimals at most" },
      { field: "discardedCm2", message: "Enter the cm² discarded to two decimals at most" },
    ]);
  });
});
