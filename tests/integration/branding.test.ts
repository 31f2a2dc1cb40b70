import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { action as practiceAction, loader as practiceLoader } from "~/routes/portal/practice";
import { loader as layoutLoader } from "~/routes/portal/layout";
import { action as partnerAction, loader as partnerLoader } from "~/routes/partners/branding";
import { loader as referralLoader, headers as referralHeaders } from "~/routes/public/referral";
import { loader as logoLoader } from "~/routes/public/brand-logo";
import { brandedSender } from "~/.server/branding/mail";
import { auditLog, brandings, partnerPractices, partners } from "~/.server/db/schema";
import { referralCodeOf } from "~/.server/partners/referral";
import type { SendMail } from "~/.server/mail";
import type { PortalBrand } from "~/lib/branding";
import { cookieOf, makeMember, makePractice } from "../support/factories";
import { formPost, routeCaller } from "./support/actions";
import { drivers, suiteDatabase } from "./support/database";

const image = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 120 } } });
/** An image of noise: it does not compress, so its file is as large as its pixels. */
const noisePng = (side: number) => {
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
};

type Page = { fieldErrors?: Record<string, string>; ok?: boolean };

describe.each(drivers)("branding on %s", (driver) => {
  const database = suiteDatabase(driver);
  const call = routeCaller("198.51.100.40");
  const get = (path: string, cookie = "", headers: Record<string, string> = {}) => new Request(`http://localhost${path}`, { headers: { cookie, ...headers } });
  const post = (path: string, cookie: string, fields: Record<string, string | File>) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    return formPost(path, body, { cookie });
  };
  let practiceId: string;
  let otherPracticeId: string;
  let partnerId: string;
  const cookies = { admin: "", clinician: "", otherAdmin: "", partner: "" };

  beforeAll(async () => {
    const db = database.db;
    practiceId = await makePractice(db, "Sunrise Wound Care");
    otherPracticeId = await makePractice(db, "Elsewhere Clinic");
    await makeMember(db, { email: "admin@sunrise.example", practiceId, practiceRole: "admin" });
    await makeMember(db, { email: "clinician@sunrise.example", practiceId, practiceRole: "clinician" });
    await makeMember(db, { email: "admin@elsewhere.example", practiceId: otherPracticeId, practiceRole: "admin" });
    const partnerUser = await makeMember(db, { email: "pat@partner.example", role: "partner" });
    [{ id: partnerId }] = (await db.insert(partners).values({ userId: partnerUser.id, name: "Gulf Coast Medical Reps", code: "GULF2026" }).returning({ id: partners.id })) as [{ id: string }];
    await db.insert(partnerPractices).values({ practiceId, partnerId, assignedBy: "staff@company.example" });
    cookies.admin = await cookieOf("admin@sunrise.example");
    cookies.clinician = await cookieOf("clinician@sunrise.example");
    cookies.otherAdmin = await cookieOf("admin@elsewhere.example");
    cookies.partner = await cookieOf("pat@partner.example");
  });

  const practiceBrand = async (id = practiceId) => (await database.db.select().from(brandings).where(eq(brandings.practiceId, id)))[0];

  it("takes a PNG logo, writes it anew scaled to the header's size, and serves it with its type, a strong ETag and nosniff", async () => {
    const png = await image(1200, 400).png().toBuffer();
    const answer = await call(practiceAction, post("/members/practice", cookies.admin, { intent: "branding", logo: new File([png], "logo.png", { type: "image/png" }), accentColor: "#0B6E8A", accentWas: "" }));
    expect(answer.status).toBe(303);
    const row = await practiceBrand();
    expect(row).toMatchObject({ logoType: "image/png", logoWidth: 432, logoHeight: 144, accentColor: "#0b6e8a", updatedBy: "admin@sunrise.example" });
    expect(Buffer.from(row!.logo!).equals(png)).toBe(false);
    expect(await sharp(row!.logo!).metadata()).toMatchObject({ format: "png", width: 432, height: 144 });
    const audits = await database.db.select().from(auditLog).where(and(eq(auditLog.action, "practice.branding"), eq(auditLog.target, practiceId)));
    expect(audits.at(-1)?.detail).toContain("logo image/png 432x144");

    const served = await call(logoLoader, get(`/brand/${row!.id}/logo?v=${row!.logoSha256!.slice(0, 16)}`), { id: row!.id });
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("ETag")).toBe(`"${row!.logoSha256}"`);
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(served.headers.get("Cache-Control")).toContain("immutable");
    const again = await call(logoLoader, get(`/brand/${row!.id}/logo`, "", { "If-None-Match": `"${row!.logoSha256}"` }), { id: row!.id });
    expect(again.status).toBe(304);
    expect(again.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
    expect((await call(logoLoader, get("/brand/nope/logo"), { id: "nope" })).status).toBe(404);
  });

  it("takes a JPEG logo and writes it anew as a JPEG, without its metadata", async () => {
    const jpeg = await image(300, 100).jpeg().withMetadata({ exif: { IFD0: { Copyright: "Someone" } } }).toBuffer();
    const answer = await call(practiceAction, post("/members/practice", cookies.admin, { intent: "branding", logo: new File([jpeg], "logo.jpg", { type: "image/jpeg" }), accentColor: "#0b6e8a", accentWas: "#0b6e8a" }));
    expect(answer.status).toBe(303);
    const row = await practiceBrand();
    expect(row).toMatchObject({ logoType: "image/jpeg", logoWidth: 300, logoHeight: 100 });
    const meta = await sharp(row!.logo!).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.exif).toBeUndefined();
  });

  it("refuses a logo over 1 MB, a GIF, a PDF and a text file named .png, beside the field, and keeps the logo there is", async () => {
    const before = await practiceBrand();
    const large = await noisePng(620);
    expect(large.byteLength).toBeGreaterThan(1.1 * 1024 * 1024);
    const gif = await image(40, 40).gif().toBuffer();
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
    const cases: [File, number, RegExp][] = [
      [new File([large], "big.png", { type: "image/png" }), 413, /"big.png" is larger than 1 MB/],
      [new File([gif], "logo.gif", { type: "image/gif" }), 400, /"logo.gif" is not a PNG or JPEG image/],
      [new File([pdf], "logo.pdf", { type: "application/pdf" }), 400, /"logo.pdf" is not a PNG or JPEG image/],
      [new File(["<html><script>alert(1)</script></html>"], "fake.png", { type: "image/png" }), 400, /"fake.png" is not a PNG or JPEG image/],
    ];
    for (const [file, status, message] of cases) {
      const answer = await call(practiceAction, post("/members/practice", cookies.admin, { intent: "branding", logo: file, accentColor: "#0b6e8a", accentWas: "#0b6e8a" }));
      expect(answer.status, file.name).toBe(status);
      expect((answer.body as Page).fieldErrors?.logo, file.name).toMatch(message);
    }
    const after = await practiceBrand();
    expect(after?.logoSha256).toBe(before?.logoSha256);
    expect(after?.updatedAt).toEqual(before?.updatedAt);
  });

  it("refuses a colour that neither white nor dark text reaches AA on, saying both ratios, and changes nothing", async () => {
    const before = await practiceBrand();
    const answer = await call(practiceAction, post("/members/practice", cookies.admin, { intent: "branding", accentColor: "#808080", accentWas: "#0b6e8a" }));
    expect(answer.status).toBe(400);
    expect((answer.body as Page).fieldErrors?.accentColor).toBe("#808080 has 3.9:1 against white and 4.2:1 against dark text; pick a colour with at least 4.5:1 against one");
    expect((await practiceBrand())?.accentColor).toBe(before?.accentColor);
  });

  it("takes a light accent with dark text on it, and the picker's colour when only the picker moved (no JavaScript)", async () => {
    await call(practiceAction, post("/members/practice", cookies.admin, { intent: "branding", accentColor: "#0b6e8a", accentWas: "#0b6e8a", accentPicker: "#ffd700", pickerWas: "#0b6e8a" }));
    expect((await practiceBrand())?.accentColor).toBe("#ffd700");
    const page = (await call(practiceLoader, get("/members/practice", cookies.admin))).body as { branding: { accentColor: string; accentText: string } };
    expect(page.branding).toMatchObject({ accentColor: "#ffd700", accentText: "dark" });
  });

  it("lets only a practice admin change the branding, and each admin only their own practice's", async () => {
    const before = await practiceBrand();
    const refused = await call(practiceAction, post("/members/practice", cookies.clinician, { intent: "branding", accentColor: "#000000", accentWas: "" }));
    expect(refused.status).toBe(403);
    const removeRefused = await call(practiceAction, post("/members/practice", cookies.clinician, { intent: "branding-remove-logo" }));
    expect(removeRefused.status).toBe(403);
    // Another practice's admin changes their own practice, whatever they send.
    const theirs = await call(practiceAction, post("/members/practice", cookies.otherAdmin, { intent: "branding", accentColor: "#000000", accentWas: "" }));
    expect(theirs.status).toBe(303);
    expect((await practiceBrand(otherPracticeId))?.accentColor).toBe("#000000");
    const mine = await practiceBrand();
    expect(mine?.accentColor).toBe(before?.accentColor);
    expect(mine?.logoSha256).toBe(before?.logoSha256);
  });

  it("shows the practice's brand in the portal header, with the partner's mark once the partner has branding", async () => {
    const header = async () => ((await call(layoutLoader, get("/members", cookies.clinician))).body as { brand: PortalBrand | null }).brand;
    expect((await header())?.partner).toBeNull();
    const png = await image(200, 100).png().toBuffer();
    const saved = await call(partnerAction, post("/partners/branding", cookies.partner, { intent: "branding", logo: new File([png], "gulf.png", { type: "image/png" }), accentColor: "#1d3557", accentWas: "" }));
    expect(saved.status).toBe(303);
    const brand = await header();
    expect(brand).toMatchObject({ practiceName: "Sunrise Wound Care", brand: { accentColor: "#ffd700", accentText: "dark" }, partner: { name: "Gulf Coast Medical Reps" } });
    expect(brand?.partner?.logo?.src).toMatch(/^\/brand\/[0-9a-f-]{36}\/logo\?v=[0-9a-f]{16}$/);
    // The other practice came through no partner.
    expect(((await call(layoutLoader, get("/members", cookies.otherAdmin))).body as { brand: PortalBrand | null }).brand?.partner).toBeNull();
  });

  it("removes the logo and keeps the colour", async () => {
    const answer = await call(practiceAction, post("/members/practice", cookies.admin, { intent: "branding-remove-logo" }));
    expect(answer.status).toBe(303);
    expect(await practiceBrand()).toMatchObject({ logo: null, logoSha256: null, accentColor: "#ffd700" });
  });

  it("keeps the partner's branding page to partners", async () => {
    expect((await call(partnerLoader, get("/partners/branding", cookies.admin))).status).toBe(403);
    expect((await call(partnerAction, post("/partners/branding", cookies.admin, { intent: "branding", accentColor: "#000000", accentWas: "" }))).status).toBe(403);
    const page = (await call(partnerLoader, get("/partners/branding", cookies.partner))).body as { partner: { code: string }; brand: { accentColor: string } };
    expect(page).toMatchObject({ partner: { code: "GULF2026" }, brand: { accentColor: "#1d3557" } });
    const refused = await call(partnerAction, post("/partners/branding", cookies.partner, { intent: "branding", accentColor: "#e0457b", accentWas: "#1d3557" }));
    expect((refused.body as Page).fieldErrors?.accentColor).toMatch(/^#E0457B has 3\.9:1 against white and 4\.2:1 against dark text/);
  });

  it("answers /r/CODE with the partner's page and a 90-day referral cookie; an unknown code is a 404 with no cookie", async () => {
    const answer = await call(referralLoader, get("/r/gulf2026"), { code: "gulf2026" });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ partner: { name: "Gulf Coast Medical Reps" }, brand: { accentColor: "#1d3557", accentText: "light" } });
    const headers = referralHeaders({ loaderHeaders: answer.headers } as never);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    const cookie = headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/Max-Age=7776000/);
    expect(await referralCodeOf(get("/intake", cookie.split(";")[0]!))).toBe("GULF2026");

    const unknown = await call(referralLoader, get("/r/NOPE1234"), { code: "NOPE1234" });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("Set-Cookie")).toBeNull();
  });

  it("brands a practice member's mail with the practice's accent and its logo inline, and nobody else's", async () => {
    const png = await image(200, 100).png().toBuffer();
    await call(practiceAction, post("/members/practice", cookies.admin, { intent: "branding", logo: new File([png], "logo.png", { type: "image/png" }), accentColor: "#ffd700", accentWas: "#ffd700" }));
    const sent: Parameters<SendMail>[0][] = [];
    const send = brandedSender(database.db, async (mail) => {
      sent.push(mail);
    });
    const text = "IVR-000123 is covered.\n\nOpen it: http://localhost:3000/members/ivrs/1";
    await send({ id: "1", to: "Clinician@Sunrise.example", subject: "IVR-000123", text });
    await send({ id: "2", to: "someone@visitor.example", subject: "Thanks", text: "Thank you." });
    expect(sent[0]!.text).toBe(text);
    expect(sent[0]!.html).toContain("background:#ffd700");
    expect(sent[0]!.html).toContain('src="cid:practice-logo"');
    expect(sent[0]!.html).toContain('<a href="http://localhost:3000/members/ivrs/1">');
    expect(sent[0]!.attachments).toEqual([expect.objectContaining({ cid: "practice-logo", contentType: "image/png" })]);
    expect(sent[1]).toEqual({ id: "2", to: "someone@visitor.example", subject: "Thanks", text: "Thank you." });
  });
});
