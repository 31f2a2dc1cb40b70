import type { Product, ProductCategory } from "./types";

export const productCategories: readonly ProductCategory[] = [
  "Dual-Layer Grafts",
  "Tri Layer Grafts",
  "Dermal Solutions",
  "Full Thickness Grafts",
];

/** The nine product lines (SPEC section 2, Products). Learn More URLs come from config. */
export const products: readonly Product[] = [
  {
    slug: "amnioamp-mp",
    name: "AmnioAmp-MP",
    category: "Dual-Layer Grafts",
    description:
      "A dehydrated dual-layer amniotic membrane allograft that provides a protective barrier over chronic and acute wounds.",
    features: ["Dual-layer amnion and chorion", "Room-temperature storage", "Multiple sizes for varied wound areas"],
  },
  {
    slug: "membrane-wrap",
    name: "Membrane Wrap",
    category: "Dual-Layer Grafts",
    description:
      "A thin, conformable amniotic membrane allograft designed to wrap irregular wound surfaces and surgical sites.",
    features: ["Conforms to irregular surfaces", "Easy handling and placement", "Five-year shelf life"],
  },
  {
    slug: "membrane-wrap-hydro",
    name: "Membrane Wrap Hydro",
    category: "Dual-Layer Grafts",
    description:
      "A hydrated version of Membrane Wrap that is ready to apply out of the package, with no rehydration step.",
    features: ["Ready to apply", "No rehydration step", "Retains natural membrane structure"],
  },
  {
    slug: "tri-membrane-wrap",
    name: "Tri-Membrane Wrap",
    category: "Tri Layer Grafts",
    description:
      "A three-layer amniotic allograft offering added thickness and durability for more demanding wound beds.",
    features: ["Three-layer construction", "Added thickness and durability", "Suitable for deeper wounds"],
  },
  {
    slug: "xcell-amnio",
    name: "Xcell Amnio",
    category: "Tri Layer Grafts",
    description:
      "A tri-layer amniotic membrane allograft that supports a protective covering over hard-to-heal wounds.",
    features: ["Tri-layer membrane", "Sterile, single-use packaging", "Range of sizes available"],
  },
  {
    slug: "amniomaxx",
    name: "AmnioMaxx",
    category: "Tri Layer Grafts",
    description:
      "A thick, multi-layer amniotic allograft for wounds that call for a more robust protective barrier.",
    features: ["Robust multi-layer barrier", "Simple application", "Room-temperature storage"],
  },
  {
    slug: "derm-maxx",
    name: "Derm Maxx",
    category: "Dermal Solutions",
    description:
      "A dermal matrix for wound coverage that supports the management of partial- and full-thickness wounds.",
    features: ["Dermal matrix scaffold", "Flexible and easy to cut to size", "Supports full-thickness coverage"],
  },
  {
    slug: "simplimax",
    name: "Simplimax",
    category: "Dermal Solutions",
    description:
      "A streamlined dermal covering for everyday wound management, chosen for simple handling in the clinic.",
    features: ["Straightforward handling", "Consistent thickness", "Suitable for outpatient settings"],
  },
  {
    slug: "amchoplast",
    name: "Amchoplast",
    category: "Full Thickness Grafts",
    description:
      "A full-thickness amnion-chorion allograft for complex wounds where a complete, durable covering is needed.",
    features: ["Full-thickness amnion and chorion", "Durable, complete covering", "For complex wound presentations"],
  },
];
