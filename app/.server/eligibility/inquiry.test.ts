import { X12Parser } from "node-x12";
import { describe, expect, it } from "vitest";
import { INQUIRY_SERVICE_TYPES } from "~/content/payers";
import { build270, InquiryError, parse270, type EligibilityInquiry } from "./inquiry";
import { dependentChildInquiry, dependentChildReadBack, medicareInquiry, sample } from "./samples";
import { readInterchange } from "./x12";

const ivrLike = medicareInquiry();

const envelope = { senderId: "CARDINALBIO", receiverId: "CLEARHOUSE", controlNumber: 4417, traceNumber: "IVR000123C1", at: new Date("2025-11-05T09:32:15Z") };

const segmentsOf = (raw: string) => raw.split("~").filter((s) => s !== "");

describe("build270", () => {
  it("writes a 270 that reads back as the same inquiry, with the default service types in one EQ", () => {
    const built = build270(ivrLike, envelope);
    const back = parse270(built.raw);
    expect(back.inquiry).toEqual({
      payer: { id: "CMS", name: "MEDICARE" },
      receiver: { npi: "1234567893", organizationName: "DESERT WOUND CARE CLINIC" },
      subscriber: { firstName: "MARGARET", middleName: "E", lastName: "HOLLOWAY", memberId: "1EG4TE5MK73", dateOfBirth: "1948-03-12", sex: "F" },
      dateOfService: "2025-11-05",
      serviceTypes: [...INQUIRY_SERVICE_TYPES],
      serviceTypesPerEq: "all",
    });
    expect(back.traceNumber).toBe("IVR000123C1");
    expect(back.sender).toBe("CARDINALBIO");
    expect(back.receiver).toBe("CLEARHOUSE");
    expect(built).toMatchObject({ controlNumber: 4417, traceNumber: "IVR000123C1" });
  });

  it("declares its separators in the ISA, counts its segments and matches its control numbers", () => {
    const { raw } = build270(ivrLike, envelope);
    const segments = segmentsOf(raw);
    const isa = segments[0]!;
    expect(isa).toHaveLength(105); // 106 with its terminator
    expect(isa[3]).toBe("*");
    expect(isa.split("*")[11]).toBe("^"); // ISA11, the repetition separator
    expect(isa.split("*")[16]).toBe(":"); // ISA16, the component separator
    expect(isa.split("*")[13]).toBe("000004417");
    expect(segments).toContain("GS*HS*CARDINALBIO*CLEARHOUSE*20251105*0932*4417*X*005010X279A1");
    expect(segments).toContain("ST*270*0001*005010X279A1");
    expect(segments).toContain("BHT*0022*13*IVR000123C1*20251105*0932");
    expect(segments).toContain("NM1*PR*2*MEDICARE*****PI*CMS");
    expect(segments).toContain("NM1*1P*2*DESERT WOUND CARE CLINIC*****XX*1234567893");
    expect(segments).toContain("TRN*1*IVR000123C1*9CARDINALB");
    expect(segments).toContain("NM1*IL*1*HOLLOWAY*MARGARET*E***MI*1EG4TE5MK73");
    expect(segments).toContain("DMG*D8*19480312*F");
    expect(segments).toContain("DTP*291*D8*20251105");
    expect(segments).toContain("EQ*30^2^98^93^94^AG^42^45");
    const st = segments.findIndex((s) => s.startsWith("ST*"));
    const se = segments.findIndex((s) => s.startsWith("SE*"));
    expect(segments[se]).toBe(`SE*${se - st + 1}*0001`);
    expect(segments.at(-2)).toBe("GE*1*4417");
    expect(segments.at(-1)).toBe("IEA*1*000004417");
    // node-x12's strict parser, which throws on any count or control number that does not match, accepts it.
    expect(() => new X12Parser(true).parse(raw)).not.toThrow();
  });

  it("asks for a dependent through the subscriber's policy, with the relationship, and one EQ per service type when the payer wants that", () => {
    const inquiry: EligibilityInquiry = { ...dependentChildInquiry, serviceTypesPerEq: "one" };
    const built = build270(inquiry, envelope);
    const segments = segmentsOf(built.raw);
    expect(segments).toContain("HL*3*2*22*1");
    expect(segments).toContain("HL*4*3*23*0");
    expect(segments).toContain("NM1*03*1*NAKAMURA*KENJI");
    expect(segments).toContain("INS*N*19");
    expect(segments).toContain("REF*6P*778120");
    expect(segments.filter((s) => s.startsWith("EQ*"))).toEqual(["EQ*30", "EQ*2", "EQ*98"]);
    // The trace goes with the patient: the dependent's loop.
    expect(segments.indexOf("HL*4*3*23*0")).toBeLessThan(segments.findIndex((s) => s.startsWith("TRN*")));

    expect(parse270(built.raw).inquiry).toEqual(dependentChildReadBack({ npi: "1457389264", firstName: "ADAEZE", lastName: "OKAFOR" }));
  });

  it("keeps separators and characters X12 cannot carry out of the values", () => {
    const { raw } = build270(
      { ...ivrLike, subscriber: { ...ivrLike.subscriber, firstName: "Zoë*", lastName: "O'Brien~Núñez", memberId: " 1eg4 te5:mk73 " } },
      envelope,
    );
    const interchange = readInterchange(raw);
    expect(interchange.warnings).toEqual([]);
    expect(segmentsOf(raw)).toContain("NM1*IL*1*O'BRIEN NUNEZ*ZOE*E***MI*1EG4TE5MK73");
  });

  it("writes a fresh control number and trace each time unless given", () => {
    const a = build270(ivrLike, { senderId: "CARDINALBIO", receiverId: "CLEARHOUSE" });
    const b = build270(ivrLike, { senderId: "CARDINALBIO", receiverId: "CLEARHOUSE" });
    expect(a.controlNumber).not.toBe(b.controlNumber);
    expect(a.traceNumber).not.toBe(b.traceNumber);
    expect(a.controlNumber).toBeGreaterThanOrEqual(1);
    expect(a.controlNumber).toBeLessThan(1_000_000_000);
  });

  it("refuses an inquiry without what a payer needs, with a message for staff", () => {
    expect(() => build270({ ...ivrLike, subscriber: { ...ivrLike.subscriber, memberId: "  " } }, envelope)).toThrow(new InquiryError("The member id is missing."));
    expect(() => build270({ ...ivrLike, dateOfService: "11/05/2025" }, envelope)).toThrow("The date of service must be a date (YYYY-MM-DD).");
    expect(() => build270({ ...ivrLike, receiver: { npi: "", organizationName: "Clinic" } }, envelope)).toThrow("The provider's NPI is missing.");
    expect(() => build270(ivrLike, { ...envelope, senderId: "" })).toThrow("ELIGIBILITY_SENDER_ID is missing.");
  });
});

describe("parse270", () => {
  it("reads a dependent's 270 written by another system, one EQ per service type", () => {
    const read = parse270(sample("dependent-inquiry.270"));
    expect(read.inquiry).toEqual(dependentChildReadBack({ npi: "1234567893", organizationName: "DESERT WOUND CARE CLINIC" }));
    expect(read.traceNumber).toBe("D3E8A0115B");
  });

  it("says when the text is not a 270", () => {
    expect(() => parse270(sample("commercial-ppo.271"))).toThrow("The interchange holds no 270 inquiry.");
    expect(() => parse270("hello")).toThrow("This is not an X12 interchange");
  });
});
