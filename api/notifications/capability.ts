/**
 * Notifications: e-mail sent when SMTP_URL is configured (nothing otherwise). The welcome
 * e-mail to a new subscriber (with the one-click unsubscribe link and headers), and each
 * provider submission and contact message forwarded to CONTACT_EMAIL. Triggered from the
 * events by an outbox job reading the log after its own cursor (workers/notifications/jobs.ts);
 * its cursor and outbox are kept collections, not read models: a rebuild never re-sends.
 */
import type { NewsletterQueries } from '../../projections/newsletter';
import { MAIL_COLLECTIONS, mailOutboxTickJob, mailSendJob } from '../../workers/notifications';
import { defineCapability } from '../bootstrap/capability';

export const notifications = defineCapability<
  Record<never, never>,
  // The welcome job reads the newsletter's `subscription` query (every backend has it).
  Pick<NewsletterQueries, 'subscription'>
>({
  name: 'notifications',
  keptCollections: [MAIL_COLLECTIONS.outbox, MAIL_COLLECTIONS.cursor],
  jobs: [mailOutboxTickJob, mailSendJob],
});
