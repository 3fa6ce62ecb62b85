/** Reddit's variables: where and how often the jobs read Reddit (workers/reddit/refresh.ts). */
import { z } from 'zod';
import { cron, defineConfig, url, wholeNumber } from '../bootstrap/platform-config';

export const redditConfig = defineConfig({
  variables: z.object({
    REDDIT_BASE_URL: url('REDDIT_BASE_URL', ['http:', 'https:']).default('https://www.reddit.com'),
    REDDIT_REFRESH_CRON: cron('REDDIT_REFRESH_CRON', '0 */6 * * *'),
    REDDIT_REQUESTS_PER_MINUTE: wholeNumber('REDDIT_REQUESTS_PER_MINUTE', 1, 6000, 10),
    REDDIT_RUN_BUDGET: wholeNumber('REDDIT_RUN_BUDGET', 1, 1000, 100),
    REDDIT_USER_AGENT: z
      .string()
      .trim()
      .max(200, 'REDDIT_USER_AGENT must be at most 200 characters')
      .optional(),
  }),
  resolve: (values, { publicUrl }) => ({
    ...values,
    /** Reddit asks for a descriptive User-Agent: the site's name, purpose and address by default. */
    REDDIT_USER_AGENT:
      values.REDDIT_USER_AGENT || `web:vialcompare:1.0 (GLP-1 provider comparison; +${publicUrl})`,
  }),
});
