/**
 * The events a member may be told about, by mail and by text, browser-safe:
 * the settings form lists them and the server sends by them.
 */
export const NOTIFICATION_EVENTS = ["ivr_status", "new_message", "order_shipped", "order_delivered", "invoice_issued"] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export const NOTIFICATION_EVENT_LABELS: Record<NotificationEvent, string> = {
  ivr_status: "IVR status change",
  new_message: "New message",
  order_shipped: "Order shipped, with its tracking number",
  order_delivered: "Order delivered",
  invoice_issued: "Invoice issued",
};
