import { describe, expect, it } from "vitest";
import { productUrlVariable, telHref } from "./site";

describe("site config", () => {
  it("derives variable names and tel links", () => {
    expect(productUrlVariable("membrane-wrap-hydro")).toBe("PRODUCT_URL_MEMBRANE_WRAP_HYDRO");
    expect(telHref("(602) 555-0142")).toBe("tel:6025550142");
    expect(telHref("+1 602 555 0142")).toBe("tel:+16025550142");
  });
});
