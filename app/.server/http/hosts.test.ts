import { describe, expect, it } from "vitest";
import { allowedHostsOf, isAllowedHost, normalizeHost, siteOriginOf } from "./hosts";

describe("the configured origin", () => {
  it("is PUBLIC_URL's origin, without a path or trailing slash", () => {
    expect(siteOriginOf({ PUBLIC_URL: "https://portal.example.com/", PORT: "8080" })).toBe("https://portal.example.com");
    expect(siteOriginOf({ PUBLIC_URL: "https://portal.example.com:8443/site" })).toBe("https://portal.example.com:8443");
  });

  it("is http://localhost:PORT when PUBLIC_URL is unset", () => {
    expect(siteOriginOf({ PORT: "4173" })).toBe("http://localhost:4173");
    expect(siteOriginOf({})).toBe("http://localhost:3000");
  });
});

describe("hosts the site answers to", () => {
  const allowed = allowedHostsOf({ PUBLIC_URL: "https://portal.example.com", ALLOWED_HOSTS: "www.example.com, Intranet:8080", PORT: "3000" });

  it("takes PUBLIC_URL's host, ALLOWED_HOSTS and the loopback names on PORT", () => {
    for (const host of ["portal.example.com", "PORTAL.example.com.", "portal.example.com:443", "www.example.com", "intranet:8080", "localhost:3000", "127.0.0.1:3000", "[::1]:3000"]) {
      expect(isAllowedHost(host, allowed), host).toBe(true);
    }
  });

  it("refuses any other host, another port, or a header that is no host at all", () => {
    for (const host of ["evil.example", "portal.example.com.evil.example", "localhost:3001", "localhost", "127.0.0.1", "intranet", "evil.example/portal.example.com", "portal.example.com@evil.example", "", " "]) {
      expect(isAllowedHost(host, allowed), host).toBe(false);
    }
    expect(isAllowedHost(undefined, allowed)).toBe(false);
  });

  it("answers http://localhost:PORT and http://127.0.0.1:PORT with no configuration", () => {
    const bare = allowedHostsOf({ PORT: "3000" });
    expect(isAllowedHost("localhost:3000", bare)).toBe(true);
    expect(isAllowedHost("127.0.0.1:3000", bare)).toBe(true);
    expect(isAllowedHost("example.com", bare)).toBe(false);
  });

  it("normalises names and ports", () => {
    expect(normalizeHost("Example.COM:80")).toBe("example.com");
    expect(normalizeHost("example.com:443")).toBe("example.com");
    expect(normalizeHost("example.com:8080")).toBe("example.com:8080");
    expect(normalizeHost("a b")).toBeNull();
  });
});
