import { describe, expect, it } from "vitest";
import { twilioSignature, verifyTwilioSignature } from "./signature";

// Twilio's published example (its security documentation and the test suites of its libraries):
// auth token 12345, this URL and these parameters are signed RSOYDt4T1cUTdK1PDd93/VVr8B8=.
const TOKEN = "12345";
const URL_ = "https://mycompany.com/myapp.php?foo=1&bar=2";
const PARAMS = { CallSid: "CA1234567890ABCDE", Caller: "+14158675309", Digits: "1234", From: "+14158675309", To: "+18005551212" };
const SIGNATURE = "RSOYDt4T1cUTdK1PDd93/VVr8B8=";
// Its example of a name sent more than once: each distinct value once, values sorted.
const REPEATED = new URLSearchParams([
  ["Sid", "CA123"],
  ["SidAccount", "AC123"],
  ["Digits", "5678"],
  ["Digits", "1234"],
  ["Digits", "1234"],
]);
const REPEATED_SIGNATURE = "IK+Dwps556ElfBT0I3Rgjkr1wJU=";

describe("Twilio's webhook signature", () => {
  it("is Twilio's published example signature", () => {
    expect(twilioSignature(TOKEN, URL_, PARAMS)).toBe(SIGNATURE);
    expect(verifyTwilioSignature(TOKEN, URL_, PARAMS, SIGNATURE)).toBe(true);
  });

  it("is the published example for a parameter sent more than once", () => {
    expect(twilioSignature(TOKEN, URL_, REPEATED)).toBe(REPEATED_SIGNATURE);
    expect(verifyTwilioSignature(TOKEN, URL_, REPEATED, REPEATED_SIGNATURE)).toBe(true);
  });

  it("does not depend on the order the parameters came in", () => {
    const reversed = new URLSearchParams(Object.entries(PARAMS).reverse());
    const form = new FormData();
    for (const [name, value] of [...Object.entries(PARAMS)].sort(() => -1)) form.append(name, value);
    expect(verifyTwilioSignature(TOKEN, URL_, reversed, SIGNATURE)).toBe(true);
    expect(verifyTwilioSignature(TOKEN, URL_, form, SIGNATURE)).toBe(true);
  });

  it("sorts names as Twilio does, by code unit (capitals first), not alphabetically", () => {
    const signed = twilioSignature(TOKEN, URL_, { b: "1", B: "2", a: "3" });
    // "B" < "a" < "b" in code units: the signed string is URL + B2 + a3 + b1.
    expect(signed).toBe(twilioSignature(TOKEN, `${URL_}B2a3`, { b: "1" }));
  });

  it("signs the query string as part of the URL", () => {
    expect(verifyTwilioSignature(TOKEN, "https://mycompany.com/myapp.php?foo=1&bar=3", PARAMS, SIGNATURE)).toBe(false);
    expect(verifyTwilioSignature(TOKEN, "https://mycompany.com/myapp.php?bar=2&foo=1", PARAMS, SIGNATURE)).toBe(false);
    expect(verifyTwilioSignature(TOKEN, "https://mycompany.com/myapp.php", PARAMS, SIGNATURE)).toBe(false);
  });

  it("accepts the URL with or without its standard port, as Twilio's libraries do", () => {
    expect(verifyTwilioSignature(TOKEN, "https://mycompany.com:443/myapp.php?foo=1&bar=2", PARAMS, SIGNATURE)).toBe(true);
    const signedWithPort = twilioSignature(TOKEN, "https://mycompany.com:443/myapp.php?foo=1&bar=2", PARAMS);
    expect(verifyTwilioSignature(TOKEN, URL_, PARAMS, signedWithPort)).toBe(true);
    expect(verifyTwilioSignature(TOKEN, "https://mycompany.com:1234/myapp.php?foo=1&bar=2", PARAMS, SIGNATURE)).toBe(true);
    expect(verifyTwilioSignature(TOKEN, "https://othercompany.com/myapp.php?foo=1&bar=2", PARAMS, SIGNATURE)).toBe(false);
  });

  it("refuses a changed value, a missing or added parameter, another token, and no signature", () => {
    expect(verifyTwilioSignature(TOKEN, URL_, { ...PARAMS, Digits: "9999" }, SIGNATURE)).toBe(false);
    const { Digits: _, ...withoutDigits } = PARAMS;
    expect(verifyTwilioSignature(TOKEN, URL_, withoutDigits, SIGNATURE)).toBe(false);
    expect(verifyTwilioSignature(TOKEN, URL_, { ...PARAMS, Body: "STOP" }, SIGNATURE)).toBe(false);
    expect(verifyTwilioSignature("54321", URL_, PARAMS, SIGNATURE)).toBe(false);
    expect(verifyTwilioSignature(TOKEN, URL_, PARAMS, "")).toBe(false);
    expect(verifyTwilioSignature(TOKEN, URL_, PARAMS, null)).toBe(false);
    expect(verifyTwilioSignature(TOKEN, URL_, PARAMS, SIGNATURE.slice(0, -1))).toBe(false);
    expect(verifyTwilioSignature(TOKEN, URL_, PARAMS, "ünïcode")).toBe(false);
  });

  it("refuses a form carrying a file: Twilio never sends one", () => {
    const form = new FormData();
    form.append("Body", new Blob(["STOP"]), "stop.txt");
    expect(verifyTwilioSignature(TOKEN, URL_, form, SIGNATURE)).toBe(false);
  });
});
