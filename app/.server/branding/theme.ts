import appCss from "~/app.css?raw";
import type { TextColours } from "~/lib/schemas/branding";

/**
 * The theme's colours as app.css declares them (its `@theme` tokens), for
 * what no stylesheet reaches: the contrast check of an accent colour, and the
 * mails. Read from the stylesheet itself, so a change of the theme changes
 * these too. Bundled by Vite (`?raw`): only the app's own build imports it.
 */
function themeTokens(): Map<string, string> {
  const start = appCss.indexOf("@theme");
  const theme = appCss.slice(start, appCss.indexOf("}", start));
  return new Map([...theme.matchAll(/--color-([\w-]+):\s*(#[0-9a-f]{6});/gi)].map((m) => [m[1]!, m[2]!.toLowerCase()]));
}

const tokens = themeTokens();

export function themeColour(token: string): string {
  const colour = tokens.get(token);
  if (!colour) throw new Error(`app.css has no --color-${token}`);
  return colour;
}

/** White text and the theme's dark text: what an accent colour must carry one of. */
export const TEXT_COLOURS: TextColours = { light: themeColour("background"), dark: themeColour("foreground") };
