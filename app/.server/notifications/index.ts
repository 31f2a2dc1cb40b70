/**
 * Notifications besides the mail outbox: text messages. The provider (Twilio's
 * Messages API), its signed webhooks (replies STOP, START, HELP and delivery
 * reports), the texts, confirming a mobile number, a member's choices of
 * events by text and by mail, and the SMS outbox with its worker.
 */
export { smsEnabled, twilioSettings, twilioSettingsOf, TWILIO_DEFAULT_BASE_URL, type TwilioSettings } from "./sms/config";
export { smsFailure, type SmsFailure, type SmsFailureKind, type SmsProvider, type SmsResult, type SmsSent, type SmsToSend } from "./sms/provider";
export { twilioProvider, twilioFailure, type TwilioOptions } from "./sms/twilio";
export { twilioSignature, verifyTwilioSignature, type WebhookParams } from "./sms/signature";
export {
  handleDeliveryReport,
  handleInboundSms,
  keywordOf,
  publicWebhookUrl,
  SMS_KEYWORDS,
  twiml,
  type DeliveryReport,
  type InboundSms,
  type SmsKeyword,
  type WebhookRequest,
} from "./sms/webhook";
export { confirmationCodeText, helpReply, optInReply, optOutReply, SMS_REPLIES, SMS_TEMPLATES, smsText, type SmsTextInput } from "./sms/texts";
export {
  checkConfirmation,
  confirmationKey,
  CONFIRMATION_ATTEMPTS,
  CONFIRMATION_DIGITS,
  CONFIRMATION_MESSAGES,
  CONFIRMATION_MINUTES,
  newConfirmation,
  type ConfirmationCheck,
  type PendingConfirmation,
} from "./sms/confirmation";
export { formatUsPhone, normalizeUsMobile, phoneEnding, usMobileSchema, type UsMobile } from "~/lib/phone";
export { NOTIFICATION_EVENT_LABELS, NOTIFICATION_EVENTS, type NotificationEvent } from "~/lib/notifications";
export {
  countFailedTexts,
  deliverDueTexts,
  dismissText,
  listTexts,
  mailOptedOut,
  queueFollowerTexts,
  queueText,
  recordDelivery,
  recordOptOut,
  removeOptOut,
  retryText,
  smsBackoffSeconds,
  smsQueued,
  startSmsWorker,
  type SmsDeliveryReport,
  type SmsWorker,
  type TextRow,
} from "./outbox";
export {
  cancelPending,
  confirmNumber,
  notificationSettings,
  removeNumber,
  saveChoices,
  startConfirmation,
  type ConfirmResult,
  type EventChoice,
  type NotificationSettings,
  type StartResult,
} from "./settings";
