/** Site search's variables: the optional OpenAI-compatible endpoint behind /glp1-ai. */
import { z } from 'zod';
import { defineConfig, unsetWhenEmpty, url } from '../bootstrap/platform-config';

const AI = ['AI_BASE_URL', 'AI_MODEL', 'AI_API_KEY'] as const;

export const searchConfig = defineConfig({
  variables: z.object({
    /** Optional OpenAI-compatible endpoint for /glp1-ai; all three set, or none. */
    AI_BASE_URL: unsetWhenEmpty(url('AI_BASE_URL', ['http:', 'https:'])),
    AI_MODEL: unsetWhenEmpty(z.string().trim().min(1)),
    AI_API_KEY: unsetWhenEmpty(z.string().trim().min(1)),
  }),
  refine(env, ctx) {
    const set = AI.filter((name) => env[name]);
    if (set.length === 0 || set.length === AI.length) return;
    for (const name of AI) {
      if (env[name]) continue;
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `${name} is required when ${set.join(' and ')} ${set.length === 1 ? 'is' : 'are'} set`,
      });
    }
  },
});
