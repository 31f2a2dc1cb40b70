import { describe, expect, it } from "vitest";
import { externalUrl, loadSiteConfig, productUrlVariable, telHref } from "./site";

describe("site config", () => {
  it("uses defaults with an empty environment", () => {
    const config = loadSiteConfig({});
    expect(config.address.city).toBe("Phoenix");
    expect(config.address.region).toBe("AZ");
    expect(config.portalDemoUrl).toBeNull();
    expect(config.portalFrames.status).toBeNull();
    expect(config.supportEmail).toBe(config.email);
  });

  it("reads values from the environment", () => {
    const config = loadSiteConfig(
      {
        COMPANY_NAME: "Acme Wound",
        COMPANY_PHONE: "555 1000",
        PORTAL_IVR_URL: "https://frames.example.com/ivr",
        PRODUCT_URL_AMNIOAMP_MP: "https://maker.example.com/amnioamp",
      },
      ["amnioamp-mp", "membrane-wrap"],
    );
    expect(config.companyName).toBe("Acme Wound");
    expect(config.phone).toBe("555 1000");
    expect(config.portalFrames.ivr).toBe("https://frames.example.com/ivr");
    expect(config.productUrls).toEqual({ "amnioamp-mp": "https://maker.example.com/amnioamp" });
  });

  it("refuses URLs that are not http(s)", () => {
    expect(externalUrl("javascript:alert(1)")).toBeNull();
    expect(externalUrl("not a url")).toBeNull();
    expect(externalUrl("  ")).toBeNull();
  });

  it("derives variable names and tel links", () => {
    expect(productUrlVariable("membrane-wrap-hydro")).toBe("PRODUCT_URL_MEMBRANE_WRAP_HYDRO");
    expect(telHref("(602) 555-0142")).toBe("tel:6025550142");
    expect(telHref("+1 602 555 0142")).toBe("tel:+16025550142");
  });
});
