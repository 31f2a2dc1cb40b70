import { describe, expect, it } from "vitest";
import { arrivalBy, arrivals, shippingRefusal } from "./shipping";

describe("shipping speeds against the date of service", () => {
  // A Friday that is a business day, before a weekend: 2026-11-27.
  const friday = "2026-11-27";

  it("arrive by their promise's last business day: same day, the next business day, the third", () => {
    expect(arrivalBy("same-day", friday)).toBe(friday);
    expect(arrivalBy("expedited", friday)).toBe("2026-11-30");
    expect(arrivalBy("standard", friday)).toBe("2026-12-02");
    // Placed on a Saturday: same day is Monday's.
    expect(arrivalBy("same-day", "2026-11-28")).toBe("2026-11-30");
    expect(arrivals(friday).map((a) => a.speed)).toEqual(["standard", "expedited", "same-day"]);
  });

  it("refuse a speed that arrives after the date of service, naming the slowest that does", () => {
    expect(shippingRefusal("standard", "2026-12-02", friday)).toBeNull();
    expect(shippingRefusal("standard", "2026-12-01", friday)).toBe(
      "Standard (2–3 business days) arrives by Wednesday, December 2, 2026, after the date of service (Tuesday, December 1, 2026): choose Expedited (next business day), or a later date of service.",
    );
    expect(shippingRefusal("expedited", "2026-11-27", friday)).toBe(
      "Expedited (next business day) arrives by Monday, November 30, 2026, after the date of service (Friday, November 27, 2026): choose Same day (select metro areas), or a later date of service.",
    );
    // Thanksgiving: nothing arrives on the holiday itself.
    expect(shippingRefusal("same-day", "2026-11-26", "2026-11-26")).toMatch(
      /, and no speed arrives by then: the soonest is Same day \(select metro areas\), by Friday, November 27, 2026\. Choose a later date of service\.$/,
    );
  });
});
