import { describe, expect, it } from "vitest";
import { keyRing, newKey } from "~/.server/crypto/fields";
import { NAME_TERMS, nameWords, parsePatientQuery, patientTerms } from "./search";

describe("what a patient search box's text asks for", () => {
  it("reads a reference, a date of birth in either form, a member id, or the words of a name", () => {
    expect(parsePatientQuery(" PAT-000123 ")).toEqual({ kind: "reference", number: 123 });
    expect(parsePatientQuery("pat42")).toEqual({ kind: "reference", number: 42 });
    expect(parsePatientQuery("1948-03-14")).toEqual({ kind: "birth", date: "1948-03-14" });
    expect(parsePatientQuery("3/14/1948")).toEqual({ kind: "birth", date: "1948-03-14" });
    expect(parsePatientQuery("03.04.1950")).toEqual({ kind: "birth", date: "1950-03-04" });
    // Not a real date: read as a member id (it has digits).
    expect(parsePatientQuery("2/30/1950")).toEqual({ kind: "member", memberId: "2301950" });
    expect(parsePatientQuery("1eg4-te5-mk73")).toEqual({ kind: "member", memberId: "1EG4TE5MK73" });
    expect(parsePatientQuery("Hay")).toEqual({ kind: "name", words: ["hay"] });
    expect(parsePatientQuery("Núñez,  José")).toEqual({ kind: "name", words: ["nunez", "jose"] });
    for (const nothing of ["", "  ", "H", "a b", "12"]) expect(parsePatientQuery(nothing), nothing).toBeNull();
  });

  it("folds a name into its words and the words run together", () => {
    expect(nameWords("O'Brien-Smith")).toEqual(["brien", "smith", "obriensmith"]);
    expect(nameWords("Ana María")).toEqual(["ana", "maria", "anamaria"]);
  });

  it("makes the same number of name terms for a short name and a long one, none of them readable", () => {
    const ring = keyRing([newKey()]);
    const practice = "00000000-0000-4000-8000-000000000001";
    const short = patientTerms(ring, practice, { firstName: "Al", lastName: "Li", birthDate: "1950-01-01", memberIds: ["A1"] });
    const long = patientTerms(ring, practice, { firstName: "Margaret", lastName: "Hayes", birthDate: "1950-01-01", memberIds: ["A1"] });
    expect(short).toHaveLength(NAME_TERMS + 2);
    expect(long).toHaveLength(NAME_TERMS + 2);
    expect(long.every((t) => /^[\w-]{16}$/.test(t))).toBe(true);
    // The same prefix in another practice is another term.
    const elsewhere = patientTerms(ring, "00000000-0000-4000-8000-000000000002", { firstName: "Margaret", lastName: "Hayes", birthDate: "1950-01-01", memberIds: ["A1"] });
    expect(long.filter((t) => elsewhere.includes(t))).toEqual([]);
  });
});
