import { describe, expect, it } from "vitest";
import { ivrWarnings, type IvrWarningInput } from "./ivr-warnings";

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
