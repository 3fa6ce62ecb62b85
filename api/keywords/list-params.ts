/**
 * The keywords API's request schemas, read by the server only: kept out of contracts.ts, which
 * the public page imports (a module-level zod schema would bring zod to every visitor).
 */
import { z } from 'zod';
import { KEYWORD_PAGE_SIZES, KEYWORD_STATUSES } from './contracts';

const whole = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`);

export const keywordListParams = z.object({
  q: z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
  status: z
    .enum(KEYWORD_STATUSES, `status must be one of ${KEYWORD_STATUSES.join(', ')}`)
    .optional(),
  page: whole('page').min(1, 'page must be 1 or more').max(100_000).default(1),
  pageSize: whole('pageSize')
    .refine((n) => (KEYWORD_PAGE_SIZES as readonly number[]).includes(n), {
      message: `pageSize must be one of ${KEYWORD_PAGE_SIZES.join(', ')}`,
    })
    .default(25),
});

export const keywordMoveBody = z.union(
  [
    z.object({ direction: z.enum(['up', 'down'], "direction must be 'up' or 'down'") }),
    z.object({
      position: z
        .number({ error: 'position must be a whole number of 1 or more' })
        .int('position must be a whole number of 1 or more')
        .min(1, 'position must be a whole number of 1 or more'),
    }),
  ],
  { error: "Send direction ('up' or 'down') or position (1 or more)" },
);

export const keywordActiveBody = z.object({
  active: z.boolean({ error: 'active must be true or false' }),
});
