import type { MetaDescriptor } from "react-router";
import type { SiteConfig } from "~/config/site";

type MatchLike = { id: string; data?: unknown } | undefined;

function siteFrom(matches: readonly MatchLike[]): SiteConfig | undefined {
  const root = matches.find((m) => m?.id === "root");
  return (root?.data as { site?: SiteConfig } | undefined)?.site;
}

/** Title and description of a page, with the company name from the root loader. */
export function pageMeta(matches: readonly MatchLike[], title: string, description: string): MetaDescriptor[] {
  const company = siteFrom(matches)?.companyName;
  const fullTitle = company ? `${title} | ${company}` : title;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
  ];
}

/** The title of a page kept out of search engines (the portal, the console, account pages), ending with the company name. */
export function privateMeta(matches: readonly MatchLike[], title: string): MetaDescriptor[] {
  const company = siteFrom(matches)?.companyName;
  return [{ title: company ? `${title} | ${company}` : title }, { name: "robots", content: "noindex" }];
}
