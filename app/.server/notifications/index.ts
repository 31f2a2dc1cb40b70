/**
 * Notifications besides the mail outbox: text messages. The provider (Twilio's
 * Messages API), its signed webhooks (replies STOP, START, HELP and delivery
 * reports), the texts, and confirming a mobile number. Tables, pages and the
 * SMS outbox's worker are not here yet: they call these.
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
