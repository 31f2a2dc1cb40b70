import type { GraftSize, Product, ProductBilling, ProductCategory } from "./types";

export const productCategories: readonly ProductCategory[] = [
  "Dual-Layer Grafts",
  "Tri Layer Grafts",
  "Dermal Solutions",
  "Full Thickness Grafts",
];

const cm = (lengthCm: number, widthCm: number): GraftSize => ({ lengthCm, widthCm });

/**
 * Amniotic and dermal allografts marketed as 361 HCT/Ps, whose Q-codes are
 * "per square centimeter". Check each against the CMS list of skin substitute
 * products and their FDA categories (CY 2026 physician fee schedule final
 * rule, CMS-1832-F) when the codes are checked.
 */
const HCTP_PER_CM2: ProductBilling = { fdaCategory: "361-hctp", hcpcsUnit: "cm2" };

/**
 * The nine product lines (SPEC section 2, Products). Learn More URLs come from config.
 *
 * The HCPCS codes and sizes come from public material. Check them each
 * quarter against the CMS quarterly HCPCS file (Q-codes for skin substitutes
 * are added and discontinued from one quarter to the next) and against the
 * manufacturers' size lists. Where public material gave a range
 * ("1×1 to 4×8"), it was filled with the usual size series; those products are
 * marked below and must be checked too. Sizes are length × width in cm, smallest
 * first; an empty list means the product is orderable by request only.
 *
 * Plain data: imported by pages (in the browser) and by server code alike.
 */
export const products: readonly Product[] = [
  {
    slug: "amnioamp-mp",
    name: "AmnioAmp-MP",
    category: "Dual-Layer Grafts",
    description:
      "A dehydrated dual-layer amniotic membrane allograft that provides a protective barrier over chronic and acute wounds.",
    features: ["Dual-layer amnion and chorion", "Room-temperature storage", "Multiple sizes for varied wound areas"],
    hcpcs: "Q4250",
    sizes: [cm(2, 2), cm(2, 3), cm(2, 4), cm(4, 4), cm(4, 6), cm(4, 8)],
    billing: HCTP_PER_CM2,
  },
  {
    slug: "membrane-wrap",
    name: "Membrane Wrap",
    category: "Dual-Layer Grafts",
    description:
      "A thin, conformable amniotic membrane allograft designed to wrap irregular wound surfaces and surgical sites.",
    features: ["Conforms to irregular surfaces", "Easy handling and placement", "Five-year shelf life"],
    hcpcs: "Q4205",
    // Public material: "1×1 to 4×8, 6×8, 10×10"; the range is filled with the usual series.
    sizes: [cm(1, 1), cm(1, 2), cm(2, 2), cm(2, 3), cm(2, 4), cm(3, 3), cm(4, 4), cm(4, 6), cm(4, 8), cm(6, 8), cm(10, 10)],
    billing: HCTP_PER_CM2,
  },
  {
    slug: "membrane-wrap-hydro",
    name: "Membrane Wrap Hydro",
    category: "Dual-Layer Grafts",
    description:
      "A hydrated version of Membrane Wrap that is ready to apply out of the package, with no rehydration step.",
    features: ["Ready to apply", "No rehydration step", "Retains natural membrane structure"],
    hcpcs: "Q4290",
    // Public material: "2×2 to 4×8, 6×8, 10×10"; the range is filled with the usual series.
    sizes: [cm(2, 2), cm(2, 3), cm(2, 4), cm(3, 3), cm(4, 4), cm(4, 6), cm(4, 8), cm(6, 8), cm(10, 10)],
    billing: HCTP_PER_CM2,
  },
  {
    slug: "tri-membrane-wrap",
    name: "Tri-Membrane Wrap",
    category: "Tri Layer Grafts",
    description:
      "A three-layer amniotic allograft offering added thickness and durability for more demanding wound beds.",
    features: ["Three-layer construction", "Added thickness and durability", "Suitable for deeper wounds"],
    hcpcs: "Q4344",
    // Public material: "1×1 to 10×10"; the range is filled with the usual series.
    sizes: [cm(1, 1), cm(1, 2), cm(2, 2), cm(2, 3), cm(2, 4), cm(3, 3), cm(4, 4), cm(4, 6), cm(4, 8), cm(6, 8), cm(10, 10)],
    billing: HCTP_PER_CM2,
  },
  {
    slug: "xcell-amnio",
    name: "Xcell Amnio",
    category: "Tri Layer Grafts",
    description:
      "A tri-layer amniotic membrane allograft that supports a protective covering over hard-to-heal wounds.",
    features: ["Tri-layer membrane", "Sterile, single-use packaging", "Range of sizes available"],
    hcpcs: "Q4280",
    sizes: [cm(2, 2), cm(2, 4), cm(4, 4), cm(4, 7)],
    billing: HCTP_PER_CM2,
  },
  {
    slug: "amniomaxx",
    name: "AmnioMaxx",
    category: "Tri Layer Grafts",
    description:
      "A thick, multi-layer amniotic allograft for wounds that call for a more robust protective barrier.",
    features: ["Robust multi-layer barrier", "Simple application", "Room-temperature storage"],
    hcpcs: "Q4239",
    sizes: [cm(2, 2), cm(2, 3), cm(2, 4), cm(3, 3), cm(4, 4), cm(4, 6), cm(4, 8)],
    billing: HCTP_PER_CM2,
  },
  {
    slug: "derm-maxx",
    name: "Derm Maxx",
    category: "Dermal Solutions",
    description:
      "A dermal matrix for wound coverage that supports the management of partial- and full-thickness wounds.",
    features: ["Dermal matrix scaffold", "Flexible and easy to cut to size", "Supports full-thickness coverage"],
    hcpcs: "Q4238",
    sizes: [cm(1, 1), cm(2, 2), cm(2, 4), cm(4, 4), cm(4, 8), cm(5, 10)],
    billing: HCTP_PER_CM2,
  },
  {
    slug: "simplimax",
    name: "Simplimax",
    category: "Dermal Solutions",
    description:
      "A streamlined dermal covering for everyday wound management, chosen for simple handling in the clinic.",
    features: ["Straightforward handling", "Consistent thickness", "Suitable for outpatient settings"],
    hcpcs: "Q4341",
    sizes: [cm(2, 2), cm(2, 3), cm(4, 4), cm(4, 6), cm(4, 8)],
    billing: HCTP_PER_CM2,
  },
  {
    slug: "amchoplast",
    name: "Amchoplast",
    category: "Full Thickness Grafts",
    description:
      "A full-thickness amnion-chorion allograft for complex wounds where a complete, durable covering is needed.",
    features: ["Full-thickness amnion and chorion", "Durable, complete covering", "For complex wound presentations"],
    hcpcs: "Q4316",
    // No size list found in public material: orderable by request only until the catalogue has one.
    sizes: [],
    billing: HCTP_PER_CM2,
  },
];

/** The product with this slug, if any (a query parameter, a stored request). */
export function productBySlug(slug: string | null | undefined): Product | undefined {
  if (!slug) return undefined;
  return products.find((product) => product.slug === slug);
}

/** Whether the product can be ordered by size; without a size list it is ordered by request. */
export function isOrderableBySize(product: Product): boolean {
  return product.sizes.length > 0;
}
