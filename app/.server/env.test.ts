import { readFileSync } from "node:fs";
import { parseEnv as parseDotEnv } from "node:util";
import { describe, expect, it } from "vitest";
import { parseEnv, siteConfigOf } from "./env";
import { frameOrigins } from "./http/security-headers";

describe("the site's facts from the environment", () => {
  it("are the defaults with an empty environment", () => {
    const site = siteConfigOf(parseEnv({}));
    expect(site.companyName).toBe("Cardinal Biologics");
    expect(site.phone).toBe("(602) 555-0142");
    expect(site.address).toEqual({ street: "2400 E Camelback Rd, Suite 300", city: "Phoenix", region: "AZ", postalCode: "85016", country: "USA" });
    expect(site.email).toBe("info@cardinalbiologics.example");
    expect(site.supportEmail).toBe(site.email);
    expect(site.portalDemoUrl).toBeNull();
    expect(site.portalFrames).toEqual({ status: null, ivr: null, order: null, invoice: null });
    expect(site.productUrls).toEqual({});
  });

  it("are read from the environment, blank values counting as unset", () => {
    const site = siteConfigOf(
      parseEnv({
        COMPANY_NAME: " Acme Wound ",
        COMPANY_PHONE: "+1 602 555 1000",
        COMPANY_CITY: "",
        COMPANY_EMAIL: "hello@acme.example",
        PORTAL_IVR_URL: "https://frames.example.com/ivr",
        PORTAL_INVOICE_URL: " ",
        PRODUCT_URL_AMNIOAMP_MP: "https://maker.example.com/amnioamp",
        PRODUCT_URL_NOT_IN_THE_CATALOGUE: "https://maker.example.com/other",
      }),
    );
    expect(site.companyName).toBe("Acme Wound");
    expect(site.phone).toBe("+1 602 555 1000");
    expect(site.address.city).toBe("Phoenix");
    expect(site.supportEmail).toBe("hello@acme.example");
    expect(site.portalFrames.ivr).toBe("https://frames.example.com/ivr");
    expect(site.portalFrames.invoice).toBeNull();
    expect(site.productUrls).toEqual({ "amnioamp-mp": "https://maker.example.com/amnioamp" });
  });

  it("stop the start when one is malformed, naming it", () => {
    expect(() => parseEnv({ PORTAL_IVR_URL: "frames.example.com/ivr" })).toThrow(/^Invalid environment: PORTAL_IVR_URL: must be an http or https address$/);
    expect(() => parseEnv({ PORTAL_DEMO_URL: "javascript:alert(1)" })).toThrow(/PORTAL_DEMO_URL: must be an http or https address/);
    expect(() => parseEnv({ PRODUCT_URL_MEMBRANE_WRAP_HYDRO: "ftp://maker.example.com/wrap" })).toThrow(/PRODUCT_URL_MEMBRANE_WRAP_HYDRO: must be an http or https address/);
    expect(() => parseEnv({ COMPANY_PHONE: "call us" })).toThrow(/COMPANY_PHONE: a phone number/);
    expect(() => parseEnv({ SUPPORT_EMAIL: "support at acme" })).toThrow(/SUPPORT_EMAIL/);
    expect(() => parseEnv({ COMPANY_NAME: "x".repeat(201) })).toThrow(/COMPANY_NAME/);
    // Every problem at once, each by name.
    expect(() => parseEnv({ PORTAL_ORDER_URL: "nope", PRODUCT_URL_XCELL_AMNIO: "nope" })).toThrow(/PORTAL_ORDER_URL: .*; PRODUCT_URL_XCELL_AMNIO: /);
  });

  it("frame only the ordering page's demo, by its origin", () => {
    const site = siteConfigOf(parseEnv({ PORTAL_DEMO_URL: "https://docs.example.com/demo?x=1", PORTAL_IVR_URL: "https://forms.example.org/ivr" }));
    expect(frameOrigins([site.portalDemoUrl])).toEqual(["https://docs.example.com"]);
    expect(frameOrigins([null])).toEqual([]);
  });
});

describe("the settings", () => {
  it("of .env.example, copied to .env as they are, start the site (blank means unset)", () => {
    const example = parseDotEnv(readFileSync(".env.example", "utf8"));
    expect(Object.keys(example)).toEqual(expect.arrayContaining(["AUTH_SECRET", "COMPANY_PHONE", "PORTAL_DEMO_URL"]));
    const e = parseEnv(example);
    expect(e.AUTH_SECRET).toBeUndefined();
    expect(siteConfigOf(e).phone).toBe("(602) 555-0142");
  });
});
