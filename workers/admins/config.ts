/** The administrators' variable: the secret invitation links are made with. */
import { z } from 'zod';
import { defineConfig, unsetWhenEmpty } from '../bootstrap/platform-config';

export const adminsConfig = defineConfig({
  variables: z.object({
    /**
     * Makes invitation links from invitation ids (HMAC-SHA256, at least 32 characters), so the
     * invitation mail carries the link the inviter was shown without the token being stored.
     * Unset: one is generated on first use and kept in DATA_DIR/admin-invitation-secret
     * (required on the distributed profile when SMTP_URL is set: the worker writes the mail
     * with the link the api made).
     */
    ADMIN_INVITATION_SECRET: unsetWhenEmpty(
      z.string().trim().min(32, 'ADMIN_INVITATION_SECRET must be at least 32 characters'),
    ),
  }),
  refine(env, ctx) {
    if (env.PROFILE !== 'distributed') return;
    if (env.SMTP_URL && !env.ADMIN_INVITATION_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_INVITATION_SECRET'],
        message:
          'ADMIN_INVITATION_SECRET is required when PROFILE=distributed and SMTP_URL is set (the worker mails the invitation links the api makes)',
      });
    }
  },
});
