import { describe, expect, it } from "vitest";
import { codedSiteAndSide, ivrWarnings, type IvrWarningInput } from "./ivr-warnings";

const base: IvrWarningInput = {
  woundType: "venous-leg-ulcer",
  icd10: ["I83.012", "L97.212"],
  areaCm2: 12,
  standardOfCareStart: "2026-10-01",
  dateOfService: "2026-11-30",
  standardOfCareException: false,
  plannedApplications: 4,
  payerType: "medicare",
};

describe("IVR warnings", () => {
  it("gives none for a complete request", () => expect(ivrWarnings(base)).toEqual([]));
  it("warns on a diabetic foot ulcer without its codes, not with them", () => {
    expect(ivrWarnings({ ...base, woundType: "diabetic-foot-ulcer", icd10: ["L97.412"] })).toHaveLength(1);
    expect(ivrWarnings({ ...base, woundType: "diabetic-foot-ulcer", icd10: ["E11.621", "L97.412"] })).toEqual([]);
  });
  it("warns on fewer than 28 days of standard of care unless excepted", () => {
    const short = { ...base, standardOfCareStart: "2026-11-10" };
    expect(ivrWarnings(short)[0]).toMatch(/Fewer than 28 days/);
    expect(ivrWarnings({ ...short, standardOfCareException: true })).toEqual([]);
  });
  it("warns on a tiny wound and on too many applications", () => {
    expect(ivrWarnings({ ...base, areaCm2: 0.5 })).toEqual(["The wound's area is under 1 cm²."]);
    expect(ivrWarnings({ ...base, plannedApplications: 9 })[0]).toMatch(/at most 8 in 16 weeks/);
  });
});

describe("coding warnings on the ulcer's site and side", () => {
  const leftLeg = { ...base, woundLocation: "leg", laterality: "left" };

  it("reads the site and side from an ulcer code's characters", () => {
    expect(codedSiteAndSide("L97.512")).toMatchObject({ site: { name: "another part of the foot" }, side: "right" });
    expect(codedSiteAndSide("L97.222")).toMatchObject({ site: { name: "the calf" }, side: "left" });
    expect(codedSiteAndSide("l97909")).toMatchObject({ site: { locations: null }, side: null });
    expect(codedSiteAndSide("L89.614")).toMatchObject({ site: { name: "the heel" }, side: "right" });
    expect(codedSiteAndSide("L89.154")).toMatchObject({ site: { name: "the back" }, side: null });
    expect(codedSiteAndSide("I83.023")).toMatchObject({ site: { name: "the ankle" }, side: "left" });
    expect(codedSiteAndSide("E11.621")).toBeNull();
  });

  it("warns on a venous leg ulcer of the left leg coded E11.621 + L97.512 (right foot): site, side and no venous code", () => {
    const warnings = ivrWarnings({ ...leftLeg, icd10: ["E11.621", "L97.512"] });
    expect(warnings).toEqual([
      "L97.512 is coded on another part of the foot, but the wound is on the leg: check the code's site.",
      "L97.512 is coded on the right side, but the wound is on the left: check the code's side.",
      "A venous leg ulcer is usually billed with a code of the venous disease behind it (I83.0-, I87.2 or I87.3-) beside its L97 ulcer code.",
    ]);
  });

  it("gives none when the codes agree with the wound", () => {
    expect(ivrWarnings({ ...leftLeg, icd10: ["I83.022", "L97.222"] })).toEqual([]);
    expect(ivrWarnings({ ...leftLeg, icd10: ["I87.2", "L97.822"] })).toEqual([]);
    expect(ivrWarnings({ ...leftLeg, icd10: ["I87.312", "L97.902"] })).toEqual([]);
    // The ankle is on the leg and on the foot alike; an unspecified side agrees with either.
    expect(ivrWarnings({ ...leftLeg, icd10: ["I87.2", "L97.302"] })).toEqual([]);
    expect(ivrWarnings({ ...base, woundType: "diabetic-foot-ulcer", woundLocation: "foot", laterality: "right", icd10: ["E11.621", "L97.512"] })).toEqual([]);
  });

  it("warns on the side alone, and on the site alone", () => {
    expect(ivrWarnings({ ...leftLeg, icd10: ["I87.2", "L97.212"] })).toEqual([
      "L97.212 is coded on the right side, but the wound is on the left: check the code's side.",
    ]);
    expect(ivrWarnings({ ...leftLeg, icd10: ["I87.2", "L97.422"] })).toEqual([
      "L97.422 is coded on the heel and midfoot, but the wound is on the leg: check the code's site.",
    ]);
  });

  it("checks pressure ulcer codes the same way", () => {
    const heel = { ...base, woundType: "pressure-ulcer", woundLocation: "foot", laterality: "left", icd10: ["L89.623"] };
    expect(ivrWarnings(heel)).toEqual([]);
    expect(ivrWarnings({ ...heel, icd10: ["L89.613"] })).toEqual(["L89.613 is coded on the right side, but the wound is on the left: check the code's side."]);
    expect(ivrWarnings({ ...heel, woundLocation: "trunk", laterality: "midline", icd10: ["L89.154"] })).toEqual([]);
    expect(ivrWarnings({ ...heel, woundLocation: "foot", laterality: "midline", icd10: ["L89.154"] })).toEqual([
      "L89.154 is coded on the back, but the wound is on the foot: check the code's site.",
    ]);
  });

  it("asks for each side's code on a wound of both sides", () => {
    const both = { ...base, woundLocation: "leg", laterality: "bilateral" };
    expect(ivrWarnings({ ...both, icd10: ["I87.2", "L97.212", "L97.222"] })).toEqual([]);
    expect(ivrWarnings({ ...both, icd10: ["I87.2", "L97.212"] })).toEqual(["The wound is on both sides, but its codes name the right side only: code each side."]);
  });

  it("warns on a venous leg ulcer without a venous code, whatever else it has", () => {
    expect(ivrWarnings({ ...base, icd10: ["L97.212"] })).toHaveLength(1);
    for (const venous of ["I83.012", "I83.229", "I87.2", "I87.311", "I87.013"]) expect(ivrWarnings({ ...base, icd10: [venous, "L97.212"] })).toEqual([]);
  });
});
