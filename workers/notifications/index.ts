export {
  mailOutboxTickJob,
  mailSendJob,
  runOutboxTick,
  sendOutboxEntry,
  MAIL_COLLECTIONS,
  MAIL_ATTEMPTS,
  MAIL_BACKOFF_MS,
  MAIL_SEND_JOB,
  MAIL_TICK_JOB,
  type NotificationDeps,
  type OutboxDoc,
} from './jobs';
export {
  mailerFor,
  mailFrom,
  smtpMailer,
  type ClosableMailer,
  type MailConfig,
  type MailMessage,
  type Mailer,
} from './mailer';
