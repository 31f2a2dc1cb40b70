import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { redirectWithFlash, takeFlash } from "./flash";

const message = { title: "IVR-000007 cancelled", description: "It stays on the board as Cancelled." };

async function cookieOf(response: Response): Promise<string> {
  return response.headers.get("Set-Cookie")!.split(";")[0]!;
}

describe("flash messages", () => {
  it("are taken once by the page they were sent to, and the answer clears them", async () => {
    const cookie = await cookieOf(await redirectWithFlash("/members/ivrs/abc?tab=history", message));
    const taken = await takeFlash(new Request("http://localhost/members/ivrs/abc", { headers: { Cookie: cookie } }));
    expect(taken.flash).toEqual({ ...message, variant: undefined });
    expect(new Headers(taken.headers).get("Set-Cookie")).toMatch(/^flash=; .*Max-Age=0/);
  });

  it("are left alone by a request for another page (another tab reloading its data)", async () => {
    const cookie = await cookieOf(await redirectWithFlash("/members/ivrs/abc", message));
    const other = await takeFlash(new Request("http://localhost/members", { headers: { Cookie: cookie } }));
    expect(other).toEqual({ flash: null, headers: {} });
  });

  it("read the page's address from the loader's url, not a data request's own", async () => {
    const cookie = await cookieOf(await redirectWithFlash("/members/ivrs/abc", message));
    const request = new Request("http://localhost/members/ivrs/abc.data", { headers: { Cookie: cookie } });
    expect((await takeFlash(request, new URL("http://localhost/members/ivrs/abc"))).flash?.title).toBe(message.title);
  });

  it("without a cookie there is nothing to take", async () => {
    expect(await takeFlash(new Request("http://localhost/"))).toEqual({ flash: null, headers: {} });
  });

  it("are signed: a made-up, re-signed or tampered one is ignored and cleared", async () => {
    const page = "http://localhost/members";
    const forged = { title: "Your account is locked", description: "Call 555-0100 and give us your password.", path: "/members" };
    const signedBy = (secrets?: string[]) => createCookie("flash", { path: "/", secrets }).serialize(forged);
    const genuine = await cookieOf(await redirectWithFlash("/members", message));
    const [name, value] = genuine.split("=") as [string, string];
    const payload = decodeURIComponent(value).slice(0, decodeURIComponent(value).lastIndexOf("."));
    const signature = decodeURIComponent(value).slice(payload.length);
    const tampered = `${name}=${encodeURIComponent(btoa(JSON.stringify(forged)) + signature)}`;
    for (const cookie of [await signedBy(), await signedBy(["another site's secret, at least 32 characters"]), tampered]) {
      const taken = await takeFlash(new Request(page, { headers: { Cookie: cookie.split(";")[0]! } }));
      expect(taken.flash).toBeNull();
      expect(new Headers(taken.headers).get("Set-Cookie")).toMatch(/^flash=; .*Max-Age=0/);
    }
    // The genuine one still reads.
    expect((await takeFlash(new Request(page, { headers: { Cookie: genuine } }))).flash?.title).toBe(message.title);
  });
});
