import { describe, expect, it } from "vitest";
import { IVR_STATUS_LABELS, IVR_STATUSES } from "~/lib/ivr";
import { NOTIFICATION_EVENTS } from "~/lib/notifications";
import { CARRIERS } from "~/lib/orders";
import { confirmationCodeText, helpReply, optInReply, optOutReply, SMS_TEMPLATES, smsText, type SmsTextInput } from "./texts";

const SITE = "Cardinal Biologics";
const PHONE = "(602) 555-0142";
/** The longest tracking number a carrier gives (USPS: up to 34 digits). */
const LONGEST_TRACKING = "9".repeat(34);

/** GSM-7's basic characters that our texts may use: each is one of the 160 in a segment. */
const GSM7_BASIC = /^[A-Za-z0-9 .,:'&()+#@\n-]*$/;

/** Every text each template makes: every status, every carrier, the longest values. */
function everyText(): { input: SmsTextInput; text: string; values: string[] }[] {
  const inputs: SmsTextInput[] = [
    ...IVR_STATUSES.map((status) => ({ event: "ivrStatus" as const, reference: "IVR-000123", status })),
    { event: "newMessage", reference: "IVR-000123" },
    { event: "newMessage", reference: "ORD-000123" },
    ...CARRIERS.map((c) => ({ event: "orderShipped" as const, reference: "ORD-000123", carrier: c.value, tracking: LONGEST_TRACKING })),
    { event: "orderShipped", reference: "ORD-000123", carrier: "ups", tracking: "1Z999AA10123456784" },
    { event: "orderDelivered", reference: "ORD-000123" },
    { event: "invoiceIssued", reference: "INV-000123" },
  ];
  return inputs.map((input) => {
    const values = [SITE, input.reference];
    if (input.event === "ivrStatus") values.push(IVR_STATUS_LABELS[input.status]);
    if (input.event === "orderShipped") values.push(CARRIERS.find((c) => c.value === input.carrier)!.label, input.tracking);
    return { input, text: smsText(input, SITE), values };
  });
}

describe("text message templates", () => {
  it("has one template for each event a member can choose", () => {
    expect(Object.keys(SMS_TEMPLATES).sort()).toEqual([...NOTIFICATION_EVENTS].sort());
  });

  it("says the reference and the status as the example does", () => {
    expect(smsText({ event: "ivrStatus", reference: "IVR-000123", status: "covered" }, SITE)).toBe(
      "Cardinal Biologics: IVR-000123 is now Covered. Sign in to see it.",
    );
    expect(smsText({ event: "orderShipped", reference: "ORD-000042", carrier: "ups", tracking: "1Z999AA10123456784" }, SITE)).toBe(
      "Cardinal Biologics: ORD-000042 has shipped by UPS, tracking 1Z999AA10123456784. Sign in to see it.",
    );
    expect(smsText({ event: "invoiceIssued", reference: "INV-000007" }, SITE)).toBe("Cardinal Biologics: invoice INV-000007 is ready. Sign in to see it.");
  });

  it("carries only the reference, status words, carrier and tracking, and the site's name", () => {
    for (const { input, text, values } of everyText()) {
      // What is left without the values is the template's own words, nothing else.
      let rest = text;
      for (const value of values) rest = rest.replace(value, "");
      const fixed = SMS_TEMPLATES[input.event].replace(/\{\w+\}/g, "");
      expect(rest, text).toBe(fixed);
      // The fixed words hold no digits: any number in a text is its reference or tracking number.
      expect(fixed).not.toMatch(/\d/);
    }
  });

  it("fits each text in one GSM-7 segment of 160 characters", () => {
    for (const { text } of everyText()) {
      expect(text, text).toMatch(GSM7_BASIC);
      expect(text.length, text).toBeLessThanOrEqual(160);
    }
  });

  it("refuses a value that is not a reference, a status, a carrier or a tracking number", () => {
    expect(() => smsText({ event: "ivrStatus", reference: "Jane Doe", status: "covered" }, SITE)).toThrow();
    expect(() => smsText({ event: "ivrStatus", reference: "ORD-000123", status: "covered" }, SITE)).toThrow();
    expect(() => smsText({ event: "ivrStatus", reference: "IVR-000123", status: "Jane Doe" as never }, SITE)).toThrow();
    expect(() => smsText({ event: "orderShipped", reference: "ORD-000123", carrier: "dhl" as never, tracking: "1Z99" }, SITE)).toThrow();
    expect(() => smsText({ event: "orderShipped", reference: "ORD-000123", carrier: "ups", tracking: "left at Jane's door" }, SITE)).toThrow();
    expect(() => smsText({ event: "invoiceIssued", reference: "ORD-000123" }, SITE)).toThrow();
    expect(() => smsText({ event: "newMessage", reference: "INV-000123" }, SITE)).toThrow();
  });

  it("keeps the site's name on one line", () => {
    expect(smsText({ event: "orderDelivered", reference: "ORD-000001" }, " Cardinal\nBiologics {x} ")).toBe(
      "Cardinal Biologics x: ORD-000001 was delivered. Sign in to see it.",
    );
  });
});

describe("keyword replies and the code text", () => {
  const site = { companyName: SITE, phone: PHONE };

  it("answers HELP with the company's name and phone, and how to stop", () => {
    const help = helpReply(site);
    expect(help).toContain(SITE);
    expect(help).toContain(PHONE);
    expect(help).toMatch(/Reply STOP/);
  });

  it("confirms STOP and START, each naming the company and the other keyword", () => {
    expect(optOutReply(site)).toMatch(/^Cardinal Biologics: .*no more texts.*Reply START/);
    expect(optInReply(site)).toMatch(/^Cardinal Biologics: .*Reply HELP .*STOP/);
  });

  it("texts a code with its expiry, and the line that lets the phone fill it in", () => {
    expect(confirmationCodeText("042137", 10, { companyName: SITE })).toBe(
      "Cardinal Biologics: your confirmation code is 042137. It expires in 10 minutes. Reply STOP to cancel.",
    );
    expect(confirmationCodeText("042137", 10, { companyName: SITE, host: "portal.example.com" }).split("\n").at(-1)).toBe("@portal.example.com #042137");
    expect(() => confirmationCodeText("42", 10, { companyName: SITE })).toThrow();
  });

  it("fits each reply in one GSM-7 segment", () => {
    for (const text of [helpReply(site), optOutReply(site), optInReply(site), confirmationCodeText("123456", 10, { companyName: SITE, host: "portal.cardinalbiologics.example" })]) {
      expect(text, text).toMatch(GSM7_BASIC);
      expect(text.length, text).toBeLessThanOrEqual(160);
    }
  });
});
