import { describe, expect, it } from "vitest";
import { practiceLine, staffLine } from "./lines";
import { read271 } from "./response";
import { sample } from "./samples";
import { benefitFilterOptions, filterBenefits, summarise } from "./summary";
import { X12ReadError } from "./x12";

describe("summarise: a Medicare answer", () => {
  const raw = sample("medicare-part-b-with-advantage.271");
  const s = summarise(raw);

  it("finds Part A and Part B active, with the Part B deductible and coinsurance a graft is billed under", () => {
    expect(s.coverage).toBe("active");
    expect(s.insurance).toEqual({ type: "medicare", label: "Medicare Part A and Part B", medicareParts: ["A", "B"] });
    expect(s.inNetwork.deductible).toEqual({ totalCents: 25700, remainingCents: 0 });
    expect(s.inNetwork.coinsurancePercent).toBe(20);
    // Medicare has no network: the figures stand for both sides.
    expect(s.outOfNetwork.deductible).toEqual({ totalCents: 25700, remainingCents: 0 });
    expect(s.plan).toEqual({ name: null, groupNumber: null, begin: "2013-03-01", end: null });
    expect(s.patient).toEqual({ role: "subscriber", name: "MARGARET E HOLLOWAY", memberId: "1EG4TE5MK73", dateOfBirth: "1948-03-12", sex: "F", relationship: null });
    expect(s.payer).toEqual({ name: "CMS", id: "CMS" });
    expect(s.answeredAt).toBe("2025-11-05T09:32");
    expect(s.warnings).toEqual([]);
  });

  it("names every other coverage: the Medicare Advantage plan that replaces Medicare and the Part D plan", () => {
    expect(s.otherCoverages.map((c) => [c.kind, c.payerName, c.planName, c.planNumber])).toEqual([
      ["medicare-advantage", "SUNWEST HEALTH PLAN", "SUNWEST MEDICARE ADVANTAGE PPO", "H5521 004"],
      ["medicare-part-d", "DESERT RX PLAN", "DESERT RX PLAN", "S4802 012"],
    ]);
    const advantage = s.otherCoverages[0]!;
    expect(advantage).toMatchObject({ payerId: "SWHP1", begin: "2025-01-01", contacts: ["Phone 8005550188", "Website WWW.SUNWESTHEALTH.EXAMPLE"] });
    expect(s.notes).toEqual([
      "A Medicare Advantage plan (SUNWEST HEALTH PLAN) covers this patient in place of Original Medicare: verify benefits with that plan and bill it.",
    ]);
  });

  it("puts it in one line for staff and one for the practice", () => {
    expect(staffLine(s)).toBe("Active · Medicare Part A and Part B · deductible $257, $0 remaining · coinsurance 20 %");
    expect(practiceLine(s)).toBe("Coverage found: active, Medicare Part A and Part B. Also Medicare Advantage: SUNWEST HEALTH PLAN");
  });

  it("is the same summary whenever it is worked out again from the kept raw text", () => {
    expect(summarise(raw)).toEqual(s);
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });
});

describe("summarise: a commercial PPO", () => {
  const s = summarise(sample("commercial-ppo.271"));

  it("reads in- and out-of-network deductibles, out-of-pocket maximums, coinsurance and copays", () => {
    expect(s.coverage).toBe("active");
    expect(s.insurance).toEqual({ type: "commercial", label: "Commercial: Preferred provider organization (PPO)", medicareParts: [] });
    expect(s.plan).toEqual({ name: "BLUE MESA GOLD PPO", groupNumber: "GRP55120", begin: "2025-01-01", end: "2025-12-31" });
    expect(s.inNetwork).toEqual({
      deductible: { totalCents: 150000, remainingCents: 60000 },
      outOfPocket: { totalCents: 600000, remainingCents: 420000 },
      coinsurancePercent: 20,
      copayCents: 3500,
    });
    expect(s.outOfNetwork).toEqual({
      deductible: { totalCents: 300000, remainingCents: 300000 },
      outOfPocket: { totalCents: 1200000, remainingCents: null },
      coinsurancePercent: 40,
      copayCents: 7000,
    });
  });

  it("splits EB03 on the repetition separator its ISA declares (|), not on ^", () => {
    expect(s.benefits[0]!.serviceTypes.map((t) => t.code)).toEqual(["30", "2", "98", "93", "94", "42", "45", "AG"]);
    expect(s.benefits[0]!.serviceTypes[1]).toEqual({ code: "2", label: "Surgical" });
  });

  it("says authorisation is required (EB11) and keeps the row's message and procedure code", () => {
    expect(s.authorizationRequired).toBe(true);
    const surgical = filterBenefits(s.benefits, { serviceType: "2" }).find((r) => r.benefit.code === "A")!;
    expect(surgical).toMatchObject({
      authorizationRequired: true,
      percent: 20,
      network: "in",
      procedure: "HC:15275",
      messages: ["PRIOR AUTHORIZATION REQUIRED FOR SKIN SUBSTITUTE APPLICATION"],
    });
    expect(staffLine(s)).toBe(
      "Active · Commercial: Preferred provider organization (PPO) · deductible $1,500, $600 remaining · coinsurance 20 % · copay $35 · out-of-pocket maximum $6,000, $4,200 remaining · authorisation required",
    );
  });

  it("names the secondary payer", () => {
    expect(s.otherCoverages).toHaveLength(1);
    expect(s.otherCoverages[0]).toMatchObject({ kind: "secondary", label: "Secondary payer", payerName: "HARBOR MUTUAL INSURANCE", payerId: "77501" });
  });

  it("gives a table a page can filter by service type and network", () => {
    expect(s.benefits).toHaveLength(16);
    const options = benefitFilterOptions(s.benefits);
    expect(options.networks).toEqual(["in", "out", "both"]);
    expect(options.serviceTypes.map((t) => t.code)).toEqual(["30", "2", "98", "93", "94", "42", "45", "AG"]);
    const officeOut = filterBenefits(s.benefits, { serviceType: "98", network: "out" });
    expect(officeOut.map((r) => [r.benefit.label, r.amountCents, r.network])).toEqual([
      ["Active coverage", null, "both"],
      ["Copay", 7000, "out"],
    ]);
    const deductiblesIn = filterBenefits(s.benefits, { network: "in" }).filter((r) => r.benefit.code === "C");
    expect(deductiblesIn.map((r) => [r.coverageLevel?.code, r.timePeriod?.label, r.amountCents])).toEqual([
      ["IND", "Calendar year", 150000],
      ["IND", "Remaining", 60000],
      ["FAM", "Calendar year", 300000],
    ]);
    expect(filterBenefits(s.benefits, {})).toHaveLength(16);
  });
});

describe("summarise: a dependent", () => {
  const s = summarise(sample("dependent-child.271"));

  it("reads the dependent's own benefits, with the relationship, from a file with CR LF line ends", () => {
    expect(s.patient).toEqual({ role: "dependent", name: "KENJI NAKAMURA", memberId: "VFH20931177", dateOfBirth: "2011-08-30", sex: "M", relationship: { code: "19", label: "Child" } });
    expect(s.coverage).toBe("active");
    expect(s.plan).toEqual({ name: "VALLEY KIDS HMO", groupNumber: "778120", begin: "2024-07-01", end: null });
    expect(s.inNetwork.copayCents).toBe(2000);
    expect(s.authorizationRequired).toBe(false);
  });

  it("names the Medicaid managed-care plan as another coverage", () => {
    expect(s.otherCoverages).toEqual([
      expect.objectContaining({ kind: "medicaid-managed-care", payerName: "SONORAN MEDICAID MANAGED CARE", memberId: "AZM5561203", begin: "2025-03-01" }),
    ]);
    expect(practiceLine(s)).toBe("Coverage found: active, Commercial: HMO. Also Medicaid managed care: SONORAN MEDICAID MANAGED CARE");
  });
});

describe("summarise: rejected inquiries", () => {
  it("turns an invalid member id (AAA 72) into what to check, with the id", () => {
    const s = summarise(sample("member-id-not-recognised.271"));
    expect(s.coverage).toBe("unknown");
    expect(s.rejections).toEqual([
      {
        level: "subscriber",
        reason: { code: "72", label: "Invalid/missing subscriber/insured ID" },
        message: "The payer does not recognise member id BMH000000000: check the card.",
        followUp: { code: "C", label: "Please correct and resubmit" },
        retryable: false,
      },
    ]);
    expect(s.tryLater).toBe(false);
    // The dates a rejection echoes are the inquiry's, not a plan's.
    expect(s.plan).toEqual({ name: null, groupNumber: null, begin: null, end: null });
    expect(practiceLine(s)).toBe("The payer does not recognise member id BMH000000000: check the card.");
    expect(staffLine(s)).toBe("The payer does not recognise member id BMH000000000: check the card.");
  });

  it("says a payer that cannot answer now (AAA 42) is to be tried again", () => {
    const s = summarise(sample("payer-unavailable.271"));
    expect(s.coverage).toBe("unknown");
    expect(s.rejections.map((r) => [r.level, r.reason.code, r.retryable])).toEqual([["payer", "42", true]]);
    expect(s.tryLater).toBe(true);
    expect(practiceLine(s)).toBe("The payer cannot answer right now: the check will be tried again later.");
  });

  const withReason = (code: string, level: "subscriber" | "provider" | "payer" = "subscriber") => {
    let raw = sample("member-id-not-recognised.271").replace("AAA*Y**72*C", `AAA*Y**${code}*C`);
    if (level === "provider") raw = raw.replace(`AAA*Y**${code}*C~\n`, "").replace("*XX*1234567893~\n", `*XX*1234567893~\nAAA*Y**${code}*C~\n`);
    return summarise(raw).rejections[0]!;
  };

  it.each([
    ["15", "The payer says information it needs is missing or wrong: check member id BMH000000000, name and date of birth against the card."],
    ["58", "The date of birth is missing or not valid: check it against the card."],
    ["71", "The date of birth does not match the payer's record: check it against the card."],
    ["73", "The payer does not recognise the name: enter it exactly as printed on the card."],
    ["75", "The payer found no patient with member id BMH000000000, this name and date of birth: check all three against the card, and that this is the right payer."],
    ["76", "The payer holds more than one member with member id BMH000000000: check the name and date of birth exactly as on the card."],
    ["79", "The payer does not accept inquiries under this payer id: check the payer id of the coverage with the clearinghouse's payer list."],
  ])("puts reject reason %s into words a person can act on", (code, message) => {
    const r = withReason(code);
    expect(r.message).toBe(message);
    expect(r.retryable).toBe(false);
  });

  it("puts a provider-level rejection (AAA 43 on the information receiver) into words", () => {
    const r = withReason("43", "provider");
    expect(r).toMatchObject({ level: "provider", message: "The payer does not recognise the provider's NPI: check the NPI, or enrol the provider with this payer." });
  });

  it("says what an unlisted reason is, in the standard's words", () => {
    expect(withReason("AF").message).toBe(
      "The payer did not answer this inquiry (Invalid/missing diagnosis code(s), code AF): check the patient's and provider's details, or call the payer.",
    );
  });
});

describe("read271: lenient reading", () => {
  it("keeps the answer of a file whose SE01 count is wrong, and says so", () => {
    const s = summarise(sample("trailer-count-wrong.271"));
    expect(s.warnings).toEqual(["The value in SE01 (41) does not match the number of segments in the transaction (38)."]);
    const right = summarise(sample("commercial-ppo.271"));
    expect({ ...s, warnings: [] }).toEqual(right);
  });

  it("keeps the answer when GE01 and IEA01 are wrong or GE/IEA are missing", () => {
    const raw = sample("medicare-part-b-with-advantage.271");
    const wrongCounts = raw.replace("GE*1*4417", "GE*3*4417").replace("IEA*1*000004417", "IEA*2*000004417");
    expect(summarise(wrongCounts).warnings).toEqual([
      "The value in GE01 (3) does not match the number of ST segments in the functional group (1).",
      "The value in IEA01 (2) does not match the number of GS segments in the interchange (1).",
    ]);
    expect(summarise(wrongCounts).inNetwork).toEqual(summarise(raw).inNetwork);
    const cut = raw.slice(0, raw.indexOf("GE*"));
    expect(summarise(cut).otherCoverages).toHaveLength(2);
    // Without the last terminator too.
    expect(summarise(cut.trimEnd().replace(/~$/, "")).coverage).toBe("active");
  });

  it("reads segments with or without line breaks alike, and a file wrapped at 80 columns", () => {
    const raw = sample("medicare-part-b-with-advantage.271");
    const oneLine = raw.replace(/\n/g, "");
    const crlf = raw.replace(/\n/g, "\r\n");
    const wrapped = oneLine.replace(/(.{80})/g, "$1\r\n");
    expect(summarise(oneLine)).toEqual(summarise(raw));
    expect(summarise(crlf)).toEqual(summarise(raw));
    expect(summarise(wrapped)).toEqual(summarise(raw));
    // Line breaks as the segment terminator itself.
    const newlines = raw.replace(/~\n/g, "\n");
    expect(read271(newlines).separators.segment).toBe("\n");
    expect(summarise(newlines)).toEqual(summarise(raw));
    // Wrapped where the ISA's last element separator falls at the end of a line.
    const isa16 = oneLine.indexOf("*:~");
    expect(summarise(`${oneLine.slice(0, isa16 + 1)}\n${oneLine.slice(isa16 + 1)}`)).toEqual(summarise(raw));
  });

  it("reads an ISA whose fixed-width fields were not padded, with the separators it declares", () => {
    const raw = sample("commercial-ppo.271").replace("*ZZ*ACMECLEAR      *ZZ*CARDINALBIO    *", "*ZZ*ACMECLEAR*ZZ*CARDINALBIO*");
    const read = read271(raw);
    expect(read.separators).toEqual({ element: "*", component: ">", repetition: "|", segment: "~" });
    expect(summarise(raw).benefits[0]!.serviceTypes).toHaveLength(8);
  });

  it("refuses what is not a 271, saying what it is", () => {
    expect(() => summarise(sample("dependent-inquiry.270"))).toThrow(new X12ReadError("The answer is a 270, not a 271."));
    expect(() => summarise("<html>Service unavailable</html>")).toThrow(X12ReadError);
  });
});
