/** Shapes of the static content records (SPEC section 3). */

export type ProductCategory =
  | "Dual-Layer Grafts"
  | "Tri Layer Grafts"
  | "Dermal Solutions"
  | "Full Thickness Grafts";

/** A graft's size in centimetres, as the manufacturer lists it (length × width). */
export type GraftSize = { lengthCm: number; widthCm: number };

/**
 * How the FDA regulates a skin substitute: a 361 HCT/P, a device cleared by
 * 510(k) or approved by PMA, or a biologic licensed by a BLA. Payers' rules
 * differ by it (since 2026 Medicare pays all but BLA products as a supply).
 */
export type FdaCategory = "361-hctp" | "510k" | "pma" | "bla";

/** How a product is billed: its FDA category, and the unit of its HCPCS descriptor (per cm², or each piece). */
export type ProductBilling = { fdaCategory: FdaCategory; hcpcsUnit: "cm2" | "each" };

export type Product = {
  slug: string;
  name: string;
  description: string;
  category: ProductCategory;
  features: string[];
  /** The HCPCS Level II Q-code the product is billed under. */
  hcpcs: string;
  /** The sizes it is sold in, smallest first; empty: orderable by request only. */
  sizes: readonly GraftSize[];
  billing: ProductBilling;
};

export type ServiceCategory = "Administrative" | "Digital" | "Financial" | "Clinical" | "Support";

export type Service = {
  title: string;
  description: string;
  features: string[];
  category: ServiceCategory;
  /** Internal path, or null when the service has no page of its own. */
  link: string | null;
  icon: IconName;
};

/** Card of the landing page's services grid. */
export type ServiceCard = {
  title: string;
  description: string;
  icon: IconName;
  link: string;
};

export type SupportChannel = {
  kind: "phone" | "email" | "chat";
  title: string;
  description: string;
  hours: string;
  response: string;
  category: string;
};

export type SupportTopic = {
  title: string;
  description: string;
  articles: number;
  topics: string[];
  icon: IconName;
};

/** `link`: where the answer sends the reader (a form), shown after it. */
export type Faq = { question: string; answer: string; link?: { to: string; label: string } };

export type Download = {
  title: string;
  description: string;
  type: string;
  /** The file's size ("812.4 KB") and address, from the Forms Library's current file; without them the card offers a copy by mail. */
  size?: string;
  href?: string;
};

export type ComplianceFramework = {
  name: string;
  description: string;
  requirements: string[];
  status: "Certified" | "Compliant";
};

export type ComplianceProgram = { title: string; description: string; policies: string[] };

export type Certification = { name: string; type: string; validity: string };

export type JobPosting = {
  id: number;
  slug: "partner-representative" | "administrative-executive" | "shipping-receiving";
  title: string;
  department: string;
  location: string;
  type: string;
  salary: string;
  posted: string;
  description: string;
  responsibilities: string[];
  requirements: string[];
  benefits: string[];
};

export type PressCategory =
  | "Clinical Research"
  | "Regulatory"
  | "Innovation"
  | "Treatment Protocols"
  | "Market Analysis";

export type NewsArticle = {
  id: number;
  title: string;
  summary: string;
  /** ISO date, YYYY-MM-DD */
  date: string;
  category: PressCategory;
  readTime: string;
};

export type ArticleBody = NewsArticle & { content: string };

export type LegalSection = { title: string; paragraphs: string[] };

/**
 * Icons are named, not imported, in content so pages pick the lucide
 * component; this keeps content free of React.
 */
export type IconName =
  | "shield-check"
  | "clipboard-check"
  | "monitor"
  | "dollar-sign"
  | "stethoscope"
  | "headphones"
  | "package"
  | "graduation-cap"
  | "file-text"
  | "truck"
  | "users"
  | "heart-pulse"
  | "book-open"
  | "settings";
