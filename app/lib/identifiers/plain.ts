/**
 * A tissue identifier as printed on a graft's label and typed by hand (what
 * staff record when shipping, `order_units.tissue_id`).
 */
export const TISSUE_ID = /^[A-Za-z0-9][A-Za-z0-9./-]{2,39}$/;

export const TISSUE_ID_RULE = "A tissue identifier is 3 to 40 letters, digits, dots, slashes or dashes";

export function isPlainTissueId(value: string): boolean {
  return TISSUE_ID.test(value);
}
