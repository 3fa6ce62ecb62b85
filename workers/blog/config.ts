/** The blog's variable: the secret its draft-preview links are signed with. */
import { z } from 'zod';
import { defineConfig, unsetWhenEmpty } from '../bootstrap/platform-config';

export const blogConfig = defineConfig({
  variables: z.object({
    /**
     * Signs the blog's draft-preview links (HMAC-SHA256, at least 32 characters). Unset: a
     * random secret per process (links stop working at a restart; set it when several API
     * processes serve the site).
     */
    BLOG_PREVIEW_SECRET: unsetWhenEmpty(
      z.string().min(32, 'BLOG_PREVIEW_SECRET must be at least 32 characters'),
    ),
  }),
});
