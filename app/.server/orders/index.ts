/**
 * Orders of grafts from a verified IVR: the member's side, the console's side,
 * documents, and what the lifecycle lets others call. Its writers (`openOrder`,
 * `transitionOrder`) are not exported: a route places or moves an order
 * through the functions that check who acts and what else must hold
 * (placeOrder, cancelOrderAsMember, shipOrder...).
 */
export { isFollowingOrder, orderStatusMail, OrderTransitionRefused, setOrderFollowing, type OrderRow } from "./lifecycle";
export {
  cancelOrderAsMember,
  getOrderDetail,
  graftAllowance,
  orderableIvr,
  ORDERABLE_PAGE_SIZE,
  orderableIvrs,
  orderFormContext,
  ordersOfIvr,
  orderInitials,
  OrderRefused,
  orderWarning,
  placeOrder,
  ORDERS_PAGE_SIZE,
  practiceOrdersPage,
  shipToLines,
  sizesText,
  type OrderableIvr,
  type OrderBoardRow,
  type OrderDetail,
  type OrderInvoiceSummary,
  type OrderShipTo,
} from "./orders";
export {
  cancelOrderAsStaff,
  confirmOrder,
  correctTracking,
  countWaitingOrders,
  defaultDueOn,
  invoiceOrder,
  lastUnitPrices,
  markDelivered,
  orderCountsByStatus,
  ORDER_QUEUE_PAGE_SIZE,
  orderQueuePage,
  readOrderAsStaff,
  recordPayment,
  shipOrder,
  type OrderQueuePage,
  type OrderQueueRow,
} from "./staff";
export { hasInvoices, invoiceKey, INVOICES_PAGE_SIZE, orderOfInvoice, practiceInvoicesPage, practiceInvoiceTotals, type InvoiceRow } from "./invoices";
export { invoiceDocument, packingListDocument, type Document } from "./documents";

/** "Today" for the order rules and invoices: the latest calendar date anywhere in the US (the date-of-service rule the forms check too). */
export { latestUsToday as ordersToday } from "~/lib/schemas/patient";
export { pdfDownload } from "./download";
/** "$1,234.50": amounts as the invoice PDF writes them, for the pages that show them. */
export { approveOrder, approvalRuleOf, declineOrder, describeRule, orderEstimateCents, setApprovalRule, type ApprovalRule } from "./approvals";
