/**
 * Branding as pages show it (browser-safe): a practice's or a partner's logo
 * and accent colour. Saved and read by app/.server/branding.
 */

/** A logo as a page shows it: its address (versioned by its hash, so it may be kept) and its size in pixels. */
export type LogoView = { src: string; width: number; height: number };

export type Brand = {
  id: string;
  /** "#rrggbb", or null: the site's own colours. */
  accentColor: string | null;
  /** The text that reaches AA on the accent: white ("light") or the theme's dark text. */
  accentText: "light" | "dark" | null;
  logo: LogoView | null;
};

/** What the portal's header shows: the practice's branding, and the partner it came through with theirs. */
export type PortalBrand = { practiceName: string; brand: Brand | null; partner: { name: string; logo: LogoView | null } | null };

/** A logo's width when shown `height` pixels high. */
export function widthAt(logo: LogoView, height: number): number {
  return Math.max(1, Math.round((logo.width * height) / logo.height));
}
