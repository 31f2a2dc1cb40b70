/**
 * WCAG 2.x contrast between two sRGB colours, for the accent colours
 * practices and partners pick: text must be readable on the accent, so an
 * accent passes when white text or the theme's dark text reaches AA for body
 * text (4.5:1) on it. The formula is the one WCAG defines (relative
 * luminance of linearised sRGB channels); a library would save a few lines.
 */

/** AA for normal-size text. */
export const AA_CONTRAST = 4.5;

/** Six hex digits after "#", either case: the only form an accent colour is stored in. */
export const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** The colour as typed, folded to "#rrggbb", or null: "#ABC" and "abc123" are taken too. */
export function normaliseHex(value: string): string | null {
  let hex = value.trim().toLowerCase();
  if (!hex.startsWith("#")) hex = `#${hex}`;
  if (/^#[0-9a-f]{3}$/.test(hex)) hex = `#${[...hex.slice(1)].map((c) => c + c).join("")}`;
  return HEX_COLOUR.test(hex) ? hex : null;
}

function channel(byte: number): number {
  const c = byte / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const folded = normaliseHex(hex);
  if (!folded) throw new Error(`Not a colour: ${hex}`);
  const n = Number.parseInt(folded.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** The contrast ratio of two colours, 1 to 21, whichever is lighter. */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** "4.5:1": rounded down, so a ratio shown as passing does pass. */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;
}

export type AccentCheck =
  | { ok: true; colour: string; text: "light" | "dark"; ratio: number }
  | { ok: false; message: string; againstLight: number; againstDark: number };

/**
 * Whether text can sit on the accent: white (`light`) or the theme's dark text
 * (`dark`), whichever reaches AA, the higher when both do. Refused with both
 * ratios otherwise.
 */
export function checkAccent(value: string, colours: { light: string; dark: string }): AccentCheck {
  const colour = normaliseHex(value);
  if (!colour) return { ok: false, message: "Enter a colour as # and six hex digits (0 to 9, A to F)", againstLight: 0, againstDark: 0 };
  const againstLight = contrastRatio(colour, colours.light);
  const againstDark = contrastRatio(colour, colours.dark);
  if (againstLight < AA_CONTRAST && againstDark < AA_CONTRAST) {
    return {
      ok: false,
      againstLight,
      againstDark,
      message: `${colour.toUpperCase()} has ${formatRatio(againstLight)} against white and ${formatRatio(againstDark)} against dark text; pick a colour with at least ${AA_CONTRAST}:1 against one`,
    };
  }
  return againstLight >= againstDark ? { ok: true, colour, text: "light", ratio: againstLight } : { ok: true, colour, text: "dark", ratio: againstDark };
}
