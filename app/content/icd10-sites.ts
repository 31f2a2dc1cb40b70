import type { WoundLocation } from "~/lib/clinical/wound";

/**
 * What the structure of an ICD-10-CM ulcer code says about where the ulcer
 * is, for the IVR's coding warnings (`lib/clinical/ivr-warnings.ts`). Data,
 * not code: the code set changes every October. Positions count the code's
 * characters without its dot, from 1 ("L97.512": L=1, 9=2, 7=3, 5=4, 1=5, 2=6).
 */

export type CodedSide = "right" | "left";

/** A site a code names, and the wound locations of the IVR form it can be; null: unspecified, nothing to compare. */
export type CodedSite = { name: string; locations: readonly WoundLocation[] | null };

export type SitedCodeFamily = {
  /** The code's first characters, without the dot. */
  prefix: string;
  /** The site: the same for the whole family, or read from one character. */
  site: CodedSite | { position: number; byCharacter: Record<string, CodedSite> };
  /** The side, read from one character; null there: unspecified or none. */
  side?: { position: number; byCharacter: Record<string, CodedSide | null> };
};

const LOWER_LIMB_SITES: Record<string, CodedSite> = {
  "1": { name: "the thigh", locations: ["leg"] },
  "2": { name: "the calf", locations: ["leg"] },
  "3": { name: "the ankle", locations: ["leg", "foot"] },
  "4": { name: "the heel and midfoot", locations: ["foot"] },
  "5": { name: "another part of the foot", locations: ["foot"] },
  "8": { name: "another part of the lower leg", locations: ["leg"] },
  "9": { name: "an unspecified part of the lower leg", locations: null },
};

/** 0: unspecified side; the code set has no 9 here, taken as unspecified too. */
const RIGHT_LEFT = { "0": null, "1": "right", "2": "left", "9": null } as const;

export const SITED_CODE_FAMILIES: readonly SitedCodeFamily[] = [
  // L97: non-pressure chronic ulcer of the lower limb. 4th character the site, 5th the side, 6th the severity.
  { prefix: "L97", site: { position: 4, byCharacter: LOWER_LIMB_SITES }, side: { position: 5, byCharacter: RIGHT_LEFT } },
  // I83.0 and I83.2: varicose veins of the lower limb with ulcer (and inflammation). 5th character the side, 6th the ulcer's site.
  { prefix: "I830", site: { position: 6, byCharacter: LOWER_LIMB_SITES }, side: { position: 5, byCharacter: RIGHT_LEFT } },
  { prefix: "I832", site: { position: 6, byCharacter: LOWER_LIMB_SITES }, side: { position: 5, byCharacter: RIGHT_LEFT } },
  // L89: pressure ulcer. 4th character the site, 5th the side where the site has one, 6th the stage.
  { prefix: "L890", site: { name: "the elbow", locations: ["arm"] }, side: { position: 5, byCharacter: RIGHT_LEFT } },
  {
    prefix: "L891",
    site: { name: "the back", locations: ["trunk"] },
    // 1 right upper back, 2 left upper back, 3 right lower back, 4 left lower back, 5 sacral region, 0 unspecified part.
    side: { position: 5, byCharacter: { "0": null, "1": "right", "2": "left", "3": "right", "4": "left", "5": null } },
  },
  { prefix: "L892", site: { name: "the hip", locations: ["leg", "trunk"] }, side: { position: 5, byCharacter: RIGHT_LEFT } },
  { prefix: "L893", site: { name: "the buttock", locations: ["trunk"] }, side: { position: 5, byCharacter: RIGHT_LEFT } },
  { prefix: "L894", site: { name: "the back, buttock and hip", locations: ["trunk", "leg"] } },
  { prefix: "L895", site: { name: "the ankle", locations: ["leg", "foot"] }, side: { position: 5, byCharacter: RIGHT_LEFT } },
  { prefix: "L896", site: { name: "the heel", locations: ["foot"] }, side: { position: 5, byCharacter: RIGHT_LEFT } },
  { prefix: "L8981", site: { name: "the head", locations: ["scalp", "face", "ear", "neck"] } },
  { prefix: "L8989", site: { name: "another site", locations: null } },
  { prefix: "L899", site: { name: "an unspecified site", locations: null } },
];

/**
 * Codes of the venous disease behind a venous leg ulcer, by prefix without
 * the dot: varicose veins with ulcer (I83.0-, I83.2-), post-thrombotic
 * syndrome with ulcer (I87.01-, I87.03-), venous insufficiency (I87.2) and
 * chronic venous hypertension (I87.3-).
 */
export const VENOUS_ULCER_CODE_PREFIXES = ["I830", "I832", "I8701", "I8703", "I872", "I873"] as const;

/** How the warning names them. */
export const VENOUS_ULCER_CODES_TEXT = "I83.0-, I87.2 or I87.3-";
