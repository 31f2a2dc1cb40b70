/**
 * The order form's control names, without zod: the page draws one quantity
 * control per size with these names and loads the schema (order.ts) only for
 * its first check.
 */

export const QUANTITY_PREFIX = "qty-";

/** "qty-2x3": the quantity control of the size whose key is "2x3". */
export const quantityField = (key: string) => `${QUANTITY_PREFIX}${key}`;
