import { describe, expect, it } from "vitest";
import { isLoopbackHost, smtpOptions } from "./transport";

describe("smtpOptions", () => {
  it("requires TLS for a mail server on another host", () => {
    const options = smtpOptions("smtp://user:secret%21@mail.example.com:587");
    expect(options).toMatchObject({ host: "mail.example.com", port: 587, secure: false, requireTLS: true, ignoreTLS: false });
    expect(options.auth).toEqual({ user: "user", pass: "secret!" });
  });

  it("uses implicit TLS for smtps", () => {
    expect(smtpOptions("smtps://mail.example.com")).toMatchObject({ port: 465, secure: true, requireTLS: true });
  });

  it("lets a relay on this machine run without TLS when asked", () => {
    expect(smtpOptions("smtp://127.0.0.1:2525?tls=off")).toMatchObject({ host: "127.0.0.1", port: 2525, requireTLS: false, ignoreTLS: true });
    // Without tls=off a local relay's STARTTLS is still used when it offers it.
    expect(smtpOptions("smtp://localhost:25")).toMatchObject({ requireTLS: false, ignoreTLS: false });
    expect(smtpOptions("smtp://[::1]:25?tls=off")).toMatchObject({ host: "::1", requireTLS: false, ignoreTLS: true });
  });

  it("refuses to start with tls=off for another host, without showing the password", () => {
    const start = () => smtpOptions("smtp://user:hunter2@mail.example.com:25?tls=off");
    expect(start).toThrow(/tls=off is allowed only for a relay on this machine.*mail\.example\.com/);
    expect(start).not.toThrow(/hunter2/);
  });
});

describe("isLoopbackHost", () => {
  it.each([
    ["localhost", true],
    ["LOCALHOST", true],
    ["127.0.0.1", true],
    ["127.200.3.4", true],
    ["[::1]", true],
    ["::ffff:127.0.0.1", true],
    ["128.0.0.1", false],
    ["10.0.0.5", false],
    ["::2", false],
    ["localhost.example.com", false],
    ["mail.example.com", false],
  ])("%s -> %s", (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
  });
});
