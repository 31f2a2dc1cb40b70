import { Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { formatAddress, telHref, type SiteConfig } from "~/config/site";
import { Logo } from "./logo";
import { footerBottomLinks, footerGroups } from "./nav-links";

export function SiteFooter({ site }: { site: SiteConfig }) {
  return (
    <footer className="bg-navy text-white/85">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <Logo companyName={site.companyName} inverse />
          <p className="mt-4 max-w-sm text-sm leading-relaxed text-white/75">
            Amniotic tissue grafts and wound-care biologics for limb salvage, with insurance verification,
            online ordering and reimbursement support for providers.
          </p>
          <ul className="mt-6 space-y-2 text-sm">
            <li className="flex items-center gap-2">
              <Phone aria-hidden className="size-4 text-white/60" />
              <a href={telHref(site.phone)} className="hover:text-white hover:underline">
                {site.phone}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Mail aria-hidden className="size-4 text-white/60" />
              <a href={`mailto:${site.email}`} className="break-all hover:text-white hover:underline">
                {site.email}
              </a>
            </li>
            <li className="flex items-start gap-2">
              <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-white/60" />
              <span>{formatAddress(site.address)}</span>
            </li>
          </ul>
        </div>
        {footerGroups.map((group) => (
          <nav key={group.title} aria-label={`Footer ${group.title}`}>
            <h2 className="text-sm font-semibold uppercase tracking-wider text-white">{group.title}</h2>
            <ul className="mt-4 space-y-2 text-sm">
              {group.links.map((link) => (
                <li key={link.label}>
                  <Link to={link.to} className="hover:text-white hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-white/15">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm sm:px-6 md:flex-row md:items-center md:justify-between">
          {/* Computed here, not in the root loader, so the loader's data does not change with the clock; a browser may already be in the next year. */}
          <p suppressHydrationWarning>
            © {new Date().getFullYear()} {site.companyName}. All rights reserved.
          </p>
          <ul className="flex flex-wrap gap-x-6 gap-y-2" aria-label="Legal">
            {footerBottomLinks.map((link) => (
              <li key={link.label}>
                <Link to={link.to} className="hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
