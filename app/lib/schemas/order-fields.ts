/**
 * The order form's control names, without zod: the page draws one quantity
 * control per size with these names and loads the schema (order.ts) only for
 * its first check.
 */

export const QUANTITY_PREFIX = "qty-";

/** "qty-2x3": the quantity control of the size whose key is "2x3". */
export const quantityField = (key: string) => `${QUANTITY_PREFIX}${key}`;

/** An order over the wound's area without its reason: the form's check and the server's say the same. */
export const OVER_ORDER_REASON_MISSING = "Say why this order needs more than the wound's area (a second application, a wound that has grown...)";
