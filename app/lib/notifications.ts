/**
 * The events a member may be told about, by mail and by text, browser-safe:
 * the settings form lists them and the server sends by them.
 */
export const NOTIFICATION_EVENTS = ["ivrStatus", "newMessage", "orderShipped", "orderDelivered", "invoiceIssued"] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export const NOTIFICATION_EVENT_LABELS: Record<NotificationEvent, string> = {
  ivrStatus: "IVR status change",
  newMessage: "New message",
  orderShipped: "Order shipped, with its tracking number",
  orderDelivered: "Order delivered",
  invoiceIssued: "Invoice issued",
};
