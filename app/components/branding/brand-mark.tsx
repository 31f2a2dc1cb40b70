import { widthAt, type Brand, type LogoView, type PortalBrand } from "~/lib/branding";
import { cn } from "~/lib/utils";

/** Text classes that reach AA on the accent (the server chose which: lib/contrast.ts). */
function onAccent(brand: Brand | null): string {
  if (!brand?.accentColor) return "bg-background text-foreground";
  return brand.accentText === "light" ? "text-background" : "text-foreground";
}

/** The inline style of an accent surface; none without an accent (the theme's own background then). */
export function accentStyle(brand: Brand | null): React.CSSProperties | undefined {
  return brand?.accentColor ? { backgroundColor: brand.accentColor } : undefined;
}

/** A logo at a fixed height on a white tile, so any logo reads on any accent. */
export function LogoTile({ logo, alt, height, className }: { logo: LogoView; alt: string; height: number; className?: string }) {
  return (
    <span className={cn("inline-flex shrink-0 items-center rounded-md bg-background p-1 shadow-xs", className)}>
      <img src={logo.src} alt={alt} width={widthAt(logo, height)} height={height} style={{ height }} className="w-auto max-w-[60vw] object-contain" />
    </span>
  );
}

/** The accent as a bar with the name on it: the preview of the branding form. */
export function AccentBar({ brand, name, className }: { brand: Brand | null; name: string; className?: string }) {
  return (
    <div className={cn("flex min-h-14 items-center gap-3 px-4 py-2", onAccent(brand), className)} style={accentStyle(brand)}>
      {brand?.logo ? <LogoTile logo={brand.logo} alt={`${name} logo`} height={32} /> : null}
      <span className="font-semibold">{name}</span>
      <span className="ml-auto text-sm">{brand?.accentColor ? brand.accentColor.toUpperCase() : "The site's own colours"}</span>
    </div>
  );
}

/**
 * The portal's branded band above its header: the practice's logo and name on
 * its accent, and the partner it came through ("Brought to you by"). Not
 * rendered at all for a practice without branding, so its pages look as before.
 */
export function PortalBrandBand({ brand }: { brand: PortalBrand | null }) {
  if (!brand) return null;
  const own = brand.brand;
  return (
    <div className={cn("border-b border-border", onAccent(own))} style={accentStyle(own)} data-testid="portal-brand">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-2 sm:px-6">
        <div className="flex min-w-0 items-center gap-3">
          {own?.logo ? <LogoTile logo={own.logo} alt="" height={40} /> : null}
          <span className="truncate text-base font-semibold">{brand.practiceName}</span>
        </div>
        {brand.partner ? (
          <p className="flex items-center gap-2 text-xs sm:text-sm">
            <span className="whitespace-nowrap">Brought to you by</span>
            {brand.partner.logo ? <LogoTile logo={brand.partner.logo} alt="" height={20} className="p-0.5" /> : null}
            <span className="font-semibold">{brand.partner.name}</span>
          </p>
        ) : null}
      </div>
    </div>
  );
}
