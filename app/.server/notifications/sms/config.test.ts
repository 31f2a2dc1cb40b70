import { describe, expect, it } from "vitest";
import { parseEnv } from "~/.server/env";
import { TWILIO_DEFAULT_BASE_URL, twilioSettingsOf } from "./config";

const SID = `AC${"0123456789abcdef".repeat(2)}`;
const TOKEN = "fedcba9876543210".repeat(2);
const FROM = "+16025550100";

describe("Twilio's variables", () => {
  it("leave texts off when unset", () => {
    expect(twilioSettingsOf(parseEnv({}))).toBeNull();
    expect(twilioSettingsOf(parseEnv({ TWILIO_ACCOUNT_SID: "", TWILIO_AUTH_TOKEN: " ", TWILIO_FROM: "" }))).toBeNull();
  });

  it("turn texts on when all three are set, with Twilio's API by default", () => {
    expect(twilioSettingsOf(parseEnv({ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: FROM }))).toEqual({
      accountSid: SID,
      authToken: TOKEN,
      from: FROM,
      baseUrl: TWILIO_DEFAULT_BASE_URL,
    });
    const local = parseEnv({ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: `MG${"a".repeat(32)}`, TWILIO_BASE_URL: "http://127.0.0.1:4381/" });
    expect(twilioSettingsOf(local)?.baseUrl).toBe("http://127.0.0.1:4381");
  });

  it.each([
    [{ TWILIO_ACCOUNT_SID: SID }, /TWILIO_AUTH_TOKEN, TWILIO_FROM: required with TWILIO_ACCOUNT_SID/],
    [{ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN }, /TWILIO_FROM: required/],
    [{ TWILIO_ACCOUNT_SID: "AC123", TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: FROM }, /TWILIO_ACCOUNT_SID: an account SID is AC followed by 32/],
    [{ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: "secret", TWILIO_FROM: FROM }, /TWILIO_AUTH_TOKEN: an auth token is 32 hexadecimal/],
    [{ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: "(602) 555-0100" }, /TWILIO_FROM: a number in E.164 form/],
    [{ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: FROM, TWILIO_BASE_URL: "http://api.twilio.com" }, /TWILIO_BASE_URL: must be https/],
    [{ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: FROM, TWILIO_BASE_URL: "not a url" }, /TWILIO_BASE_URL/],
  ])("stop the start when malformed: %j", (source, message) => {
    expect(() => parseEnv(source)).toThrow(message);
  });

  it("never put the token in the message", () => {
    expect(() => parseEnv({ TWILIO_AUTH_TOKEN: TOKEN })).toThrow(/required/);
    try {
      parseEnv({ TWILIO_AUTH_TOKEN: TOKEN });
    } catch (error) {
      expect(String(error)).not.toContain(TOKEN);
    }
  });
});
