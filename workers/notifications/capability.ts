/**
 * Notifications: the outbox that delivers the mails the capabilities declare (their `mails`),
 * when SMTP_URL is configured (nothing otherwise). Triggered from the
 * events by an outbox job reading the log after its own cursor (./jobs.ts); its cursor and
 * outbox are kept collections, not read models: a rebuild never re-sends.
 */
import { defineBackend } from '../bootstrap/capability';
import { notificationsConfig } from './config';
import { MAIL_COLLECTIONS, mailOutboxTickJob, mailSendJob } from './jobs';

export const notifications = defineBackend({
  name: 'notifications',
  config: notificationsConfig,
  keptCollections: [MAIL_COLLECTIONS.outbox, MAIL_COLLECTIONS.cursor],
  jobs: [mailOutboxTickJob, mailSendJob],
});
