/**
 * What the server derives from a wound, never typed by a person: its area and
 * the CPT codes for applying a skin substitute, by location group and total
 * area; and the warnings an IVR shows without blocking it.
 */

/** Where a wound is, each in the CPT location group its application codes come from. */
export const WOUND_LOCATIONS = [
  { value: "trunk", label: "Trunk", group: "trunk-arms-legs" },
  { value: "arm", label: "Arm", group: "trunk-arms-legs" },
  { value: "leg", label: "Leg", group: "trunk-arms-legs" },
  { value: "face", label: "Face", group: "face-hands-feet" },
  { value: "scalp", label: "Scalp", group: "face-hands-feet" },
  { value: "eyelid", label: "Eyelid", group: "face-hands-feet" },
  { value: "mouth", label: "Mouth", group: "face-hands-feet" },
  { value: "neck", label: "Neck", group: "face-hands-feet" },
  { value: "ear", label: "Ear", group: "face-hands-feet" },
  { value: "orbit", label: "Orbit", group: "face-hands-feet" },
  { value: "genitalia", label: "Genitalia", group: "face-hands-feet" },
  { value: "hand", label: "Hand", group: "face-hands-feet" },
  { value: "foot", label: "Foot", group: "face-hands-feet" },
  { value: "multiple-digits", label: "Multiple digits", group: "face-hands-feet" },
] as const;
export type WoundLocation = (typeof WOUND_LOCATIONS)[number]["value"];
export type LocationGroup = (typeof WOUND_LOCATIONS)[number]["group"];

export function locationGroupOf(location: WoundLocation): LocationGroup {
  return WOUND_LOCATIONS.find((l) => l.value === location)!.group;
}

/**
 * Application codes of each group: the base code for the first 25 cm² and
 * its add-on per further 25 cm² while the total is under 100 cm²; from
 * 100 cm², the base code for the first 100 cm² and its add-on per further
 * 100 cm² or part of it (for infants and children, 1% of their body area
 * takes the place of 100 cm² there).
 */
const CODES: Record<LocationGroup, { small: [string, string]; large: [string, string] }> = {
  "trunk-arms-legs": { small: ["15271", "15272"], large: ["15273", "15274"] },
  "face-hands-feet": { small: ["15275", "15276"], large: ["15277", "15278"] },
};

/** Area in cm², to two decimals (so 5.3 × 10 is 53, not 53.000000000000004). */
export function woundArea(lengthCm: number, widthCm: number): number {
  return Math.round(lengthCm * widthCm * 100) / 100;
}

export type CptLine = { code: string; units: number };

/**
 * The CPT lines for a wound of `areaCm2` at `location`: a 53 cm² leg wound is
 * 15271 + 2 × 15272. For an infant or child, `childBodyAreaM2` (body surface
 * area) makes the step of a wound of 100 cm² or more 1% of it (100 cm² per m²).
 */
export function applicationCodes(
  location: WoundLocation,
  areaCm2: number,
  options: { childBodyAreaM2?: number | null } = {},
): CptLine[] {
  if (!(areaCm2 > 0)) return [];
  const codes = CODES[locationGroupOf(location)];
  const [base, addOn] = areaCm2 < 100 ? codes.small : codes.large;
  const child = options.childBodyAreaM2;
  // 1% of a body area of `child` m² is `child` × 100 cm².
  const step = areaCm2 < 100 ? 25 : child && child > 0 ? Math.round(child * 10_000) / 100 : 100;
  const extra = Math.max(0, Math.ceil((areaCm2 - step) / step - 1e-9));
  return extra > 0 ? [{ code: base, units: 1 }, { code: addOn, units: extra }] : [{ code: base, units: 1 }];
}

/** "15271 + 2 × 15272" */
export function codesText(lines: readonly CptLine[]): string {
  return lines.map((l) => (l.units > 1 ? `${l.units} × ${l.code}` : l.code)).join(" + ");
}
