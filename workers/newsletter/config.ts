/** The newsletter's variable: the secret its one-click unsubscribe links are signed with. */
import { z } from 'zod';
import { defineConfig, unsetWhenEmpty } from '../bootstrap/platform-config';

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
