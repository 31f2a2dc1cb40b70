/**
 * Site facts. Read from the environment on the server (root loader) and
 * handed to the browser through the root loader's data, so nothing here
 * touches `process` at import time.
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

type Env = Record<string, string | undefined>;

function text(env: Env, name: string, fallback: string): string {
  const value = env[name]?.trim();
  return value ? value : fallback;
}

/** A configured external URL, or null when unset or not http(s). */
export function externalUrl(value: string | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  try {
    const url = new URL(v);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Product slug to environment name: "amnioamp-mp" -> PRODUCT_URL_AMNIOAMP_MP. */
export function productUrlVariable(slug: string): string {
  return `PRODUCT_URL_${slug.toUpperCase().replace(/[^A-Z0-9]+/g, "_")}`;
}

export function loadSiteConfig(env: Env, productSlugs: readonly string[] = []): SiteConfig {
  const productUrls: Record<string, string> = {};
  for (const slug of productSlugs) {
    const url = externalUrl(env[productUrlVariable(slug)]);
    if (url) productUrls[slug] = url;
  }
  const email = text(env, "COMPANY_EMAIL", "info@cardinalbiologics.example");
  return {
    companyName: text(env, "COMPANY_NAME", "Cardinal Biologics"),
    phone: text(env, "COMPANY_PHONE", "(602) 555-0142"),
    email,
    careersEmail: text(env, "CAREERS_EMAIL", "careers@cardinalbiologics.example"),
    supportEmail: text(env, "SUPPORT_EMAIL", email),
    address: {
      street: text(env, "COMPANY_STREET", "2400 E Camelback Rd, Suite 300"),
      city: text(env, "COMPANY_CITY", "Phoenix"),
      region: text(env, "COMPANY_REGION", "AZ"),
      postalCode: text(env, "COMPANY_POSTAL_CODE", "85016"),
      country: text(env, "COMPANY_COUNTRY", "USA"),
    },
    tissueLicenseNumber: text(env, "TISSUE_LICENSE_NUMBER", "AZ-HCT-2019-0417"),
    portalDemoUrl: externalUrl(env.PORTAL_DEMO_URL),
    portalFrames: {
      status: externalUrl(env.PORTAL_STATUS_URL),
      ivr: externalUrl(env.PORTAL_IVR_URL),
      order: externalUrl(env.PORTAL_ORDER_URL),
      invoice: externalUrl(env.PORTAL_INVOICE_URL),
    },
    productUrls,
  };
}

/** tel: href from a display phone number. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

export function formatAddress(a: SiteConfig["address"]): string {
  return `${a.street}, ${a.city}, ${a.region} ${a.postalCode}, ${a.country}`;
}
