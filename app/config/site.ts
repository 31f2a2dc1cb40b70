/**
 * Site facts. Parsed from the environment with the other settings
 * (`siteConfig()` of app/.server/env.ts: a malformed one stops the start) and
 * handed to the browser through the root loader's data.
 */
export type PortalFrameKey = "status" | "ivr" | "order" | "invoice";

export type SiteConfig = {
  companyName: string;
  phone: string;
  email: string;
  careersEmail: string;
  supportEmail: string;
  address: { street: string; city: string; region: string; postalCode: string; country: string };
  tissueLicenseNumber: string;
  portalDemoUrl: string | null;
  portalFrames: Record<PortalFrameKey, string | null>;
  /** Learn More page per product slug; a missing slug has no external page. */
  productUrls: Record<string, string>;
};

/** Product slug to environment name: "amnioamp-mp" -> PRODUCT_URL_AMNIOAMP_MP. */
export function productUrlVariable(slug: string): `PRODUCT_URL_${string}` {
  return `PRODUCT_URL_${slug.toUpperCase().replace(/[^A-Z0-9]+/g, "_")}`;
}

/** tel: href from a display phone number. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

export function formatAddress(a: SiteConfig["address"]): string {
  return `${a.street}, ${a.city}, ${a.region} ${a.postalCode}, ${a.country}`;
}
