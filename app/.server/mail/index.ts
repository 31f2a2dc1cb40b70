/**
 * The mail domain: the outbox (mail is written in the transaction of what it
 * is about and sent later by the worker), link mail kept encrypted until it
 * is sent, the SMTP transport, the retention purge and what staff see and do
 * in the console's outbox.
 */
export {
  dismissMail,
  LINK_PLACEHOLDER,
  LINK_REMOVED,
  purgeOutbox,
  queueLinkMail,
  retryMail,
  shownText,
  type NewMail,
  type RetryResult,
  type SendMail,
} from "./outbox";
export {
  countFailedMail,
  getMail,
  listOutbox,
  mailColumns,
  parseOutboxFilters,
  viewMail,
  type MailBody,
  type MailRow,
  type OutboxFilters,
} from "./console";
export { mailFollowers } from "./followers";
export { confirmationText, notificationText, type FieldLine } from "./templates";
export { smtpSender } from "./transport";
export { mailQueued, startMailWorker, type MailWorker } from "./worker";
