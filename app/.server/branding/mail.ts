import type { Db } from "~/.server/db/client";
import type { SendMail } from "~/.server/mail";
import { brandOfRecipient } from "./branding";
import { themeColour } from "./theme";

/** The logo's height in a mail's header, in CSS pixels (the image holds up to three times as many). */
const MAIL_LOGO_HEIGHT = 48;
const LOGO_CID = "practice-logo";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The plain text as HTML paragraphs, its web addresses as links (a sign-in link stays one click; a sentence's full stop stays out of it). */
export function textToHtml(text: string): string {
  return text
    .trim()
    .split(/\n{2,}/)
    .map((paragraph) => {
      const lines = escapeHtml(paragraph).replace(/https?:\/\/[^\s<>"']*[^\s<>"'.,;:!?)]/g, (url) => `<a href="${url}">${url}</a>`);
      return `<p style="margin:0 0 16px">${lines.replace(/\n/g, "<br>")}</p>`;
    })
    .join("\n");
}

export type BrandedMail = { html: string; attachments: { cid: string; filename: string; content: Buffer; contentType: string }[] };

/**
 * The HTML side of a member's mail: a header in their practice's accent with
 * its logo, then the same words as the plain text (which still goes with it).
 * The logo travels inside the mail (an inline attachment named by its
 * Content-ID), so it shows in clients that block remote images; the words
 * are the outbox's, reference numbers and no patient data.
 */
export function brandedHtml(
  text: string,
  brand: { practiceName: string; accentColor: string | null; accentText: "light" | "dark" | null; logo: { bytes: Uint8Array; mimeType: string; width: number; height: number } | null },
): BrandedMail {
  const white = themeColour("background");
  const dark = themeColour("foreground");
  const muted = themeColour("muted");
  const border = themeColour("border");
  const accent = brand.accentColor ?? white;
  const onAccent = brand.accentColor && brand.accentText === "light" ? white : dark;
  const name = escapeHtml(brand.practiceName);
  const logo = brand.logo
    ? `<img src="cid:${LOGO_CID}" alt="${name}" height="${MAIL_LOGO_HEIGHT}" width="${Math.round((brand.logo.width * MAIL_LOGO_HEIGHT) / brand.logo.height)}" style="display:block;height:${MAIL_LOGO_HEIGHT}px;width:auto;border:0;background:${white};padding:6px;border-radius:6px">`
    : "";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${name}</title></head>
<body style="margin:0;padding:0;background:${muted}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${muted}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:${white};border:1px solid ${border};border-radius:8px;overflow:hidden">
<tr><td style="background:${accent};color:${onAccent};padding:16px 24px;font:600 18px/1.3 Arial,Helvetica,sans-serif;border-bottom:1px solid ${border}">
<table role="presentation" cellpadding="0" cellspacing="0"><tr>${logo ? `<td style="padding-right:16px">${logo}</td>` : ""}<td style="color:${onAccent}">${name}</td></tr></table>
</td></tr>
<tr><td style="padding:24px;color:${dark};font:15px/1.5 Arial,Helvetica,sans-serif">
${textToHtml(text)}
</td></tr>
</table>
</td></tr></table>
</body></html>`;
  const attachments = brand.logo
    ? [{ cid: LOGO_CID, filename: brand.logo.mimeType === "image/png" ? "logo.png" : "logo.jpg", content: Buffer.from(brand.logo.bytes), contentType: brand.logo.mimeType }]
    : [];
  return { html, attachments };
}

/**
 * A sender that brands a practice member's mail (see brandedHtml) and sends
 * everyone else's as it is. When the branding cannot be read, the mail goes
 * plain: a logo is never a reason for a mail to wait.
 */
export function brandedSender(db: Db, send: SendMail): SendMail {
  return async (mail) => {
    const brand = await brandOfRecipient(db, mail.to).catch(() => null);
    if (!brand) return send(mail);
    return send({ ...mail, ...brandedHtml(mail.text, brand) });
  };
}
