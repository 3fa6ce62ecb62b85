/**
 * The newsletter's variables: the secret its one-click unsubscribe links are signed with, and
 * how fast an issue goes out.
 */
import { z } from 'zod';
import { cron, defineConfig, unsetWhenEmpty, wholeNumber } from '../bootstrap/platform-config';

export const newsletterConfig = defineConfig({
  variables: z.object({
    /**
     * Signs the newsletter's one-click unsubscribe links (HMAC-SHA256). Unset: one is generated
     * on first start and kept in DATA_DIR/unsubscribe-secret (required on the distributed
     * profile when SMTP_URL is set: the worker signs the links the api checks).
     */
    UNSUBSCRIBE_SECRET: unsetWhenEmpty(
      z.string().trim().min(32, 'UNSUBSCRIBE_SECRET must be at least 32 characters'),
    ),
    /**
     * At most this many newsletter messages a minute, across the process (a mail provider's
     * sending limit). Unset: as fast as the mail server takes them.
     */
    MAIL_PER_MINUTE: unsetWhenEmpty(wholeNumber('MAIL_PER_MINUTE', 1, 1_000_000, 1).unwrap()),
    /** When the weekly issue's draft is composed (UTC): Mondays at 08:00 unless set. */
    NEWSLETTER_COMPOSE_CRON: cron('NEWSLETTER_COMPOSE_CRON', '0 8 * * 1'),
  }),
  refine(env, ctx) {
    if (env.PROFILE !== 'distributed') return;
    if (env.SMTP_URL && !env.UNSUBSCRIBE_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['UNSUBSCRIBE_SECRET'],
        message:
          'UNSUBSCRIBE_SECRET is required when PROFILE=distributed and SMTP_URL is set (the worker signs the links the api checks)',
      });
    }
  },
});
