import { describe, expect, it } from "vitest";
import { keywordOf, publicWebhookUrl, twiml } from "./webhook";

describe("reply keywords", () => {
  it.each(["STOP", "stop", " Stop ", "STOPALL", "unsubscribe", "Cancel", "END", "quit", "Revoke", "OPTOUT", "Stop.", "STOP!"])("reads %j as an opt-out", (body) => {
    expect(keywordOf(body)).toBe("opt-out");
  });

  it.each(["START", "yes", "Unstop"])("reads %j as an opt-in", (body) => {
    expect(keywordOf(body)).toBe("opt-in");
  });

  it.each(["HELP", "info", " Help? "])("reads %j as a request for help", (body) => {
    expect(keywordOf(body)).toBe("help");
  });

  it.each(["", "stop by at noon", "please stop", "STOP IT", "thanks", "YESTERDAY", "S T O P"])("reads %j as no keyword", (body) => {
    expect(keywordOf(body)).toBeNull();
  });
});

describe("TwiML answers", () => {
  it("answers with one message, escaped, or with nothing", () => {
    expect(twiml("A & B <C>")).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Message>A &amp; B &lt;C&gt;</Message></Response>');
    expect(twiml(null)).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
  });
});

describe("the signed address", () => {
  it("is the public origin with the request's path and query", () => {
    expect(publicWebhookUrl("http://127.0.0.1:3000/webhooks/sms?x=1&y=2", "https://portal.example.com/")).toBe("https://portal.example.com/webhooks/sms?x=1&y=2");
    expect(publicWebhookUrl("http://10.0.0.5:3001/webhooks/sms", "https://portal.example.com")).toBe("https://portal.example.com/webhooks/sms");
  });
});
