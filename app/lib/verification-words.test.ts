import { describe, expect, it } from "vitest";
import { verificationFacts, verificationFormDefaults } from "./verification-words";

describe("a verification in words", () => {
  it("reads money as money and choices by their labels", () => {
    const facts = Object.fromEntries(
      verificationFacts({
        outcome: "covered",
        networkStatus: "in-network",
        deductible: "1500",
        deductibleMet: "257",
        coinsurancePercent: 20,
        copay: "0",
        outOfPocketMax: "6500.50",
        validUntil: "2027-02-22",
      }).map((f) => [f.label, f.value]),
    );
    expect(facts).toMatchObject({
      Outcome: "Covered",
      Network: "In network",
      Deductible: "$257 of $1,500 met",
      Coinsurance: "20%",
      Copay: "$0",
      "Out-of-pocket maximum": "$6,500.50",
      "Prior authorization": null,
      "Valid until": "2027-02-22",
    });
    expect(verificationFacts({ outcome: "covered", deductibleMet: "257", validUntil: "2027-02-22" }).find((f) => f.label === "Deductible")?.value).toBe("$257 met");
  });

  it("starts the next verification from the last one's benefits", () => {
    expect(verificationFormDefaults(null)).toEqual({});
    expect(
      verificationFormDefaults({ outcome: "prior_auth_required", networkStatus: "in-network", deductible: "1500", deductibleMet: "257", coinsurancePercent: 20, copay: "0", validUntil: "2027-01-25" }),
    ).toMatchObject({ networkStatus: "in-network", deductible: "1500", deductibleMet: "257", coinsurancePercent: "20", copay: "0", outOfPocketMax: "" });
  });
});
