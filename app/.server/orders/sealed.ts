/** Contexts of the order domain's sealed columns: a value copied into another column does not open. */
export const SEALED = {
  notes: "orders.notes",
  overOrderReason: "orders.over_order_reason",
  note: "order_history.note",
} as const;
