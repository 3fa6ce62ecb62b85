/**
 * The subscribers list's request schemas, read by the server only: kept out of contracts.ts,
 * which the newsletter form on every public page imports (zod would come along).
 */
import { z } from 'zod';
import { SUBSCRIPTION_PAGE_SIZES, SUBSCRIPTION_STATUSES } from './contracts';

const whole = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`);

export const subscriptionFilterParams = z.object({
  q: z.string().trim().max(254, 'Search must be at most 254 characters').optional(),
  status: z
    .enum(SUBSCRIPTION_STATUSES, `status must be one of ${SUBSCRIPTION_STATUSES.join(', ')}`)
    .optional(),
});

export const subscriptionListParams = subscriptionFilterParams.extend({
  page: whole('page').min(1, 'page must be 1 or more').max(1_000_000).default(1),
  pageSize: whole('pageSize')
    .refine((n) => (SUBSCRIPTION_PAGE_SIZES as readonly number[]).includes(n), {
      message: `pageSize must be one of ${SUBSCRIPTION_PAGE_SIZES.join(', ')}`,
    })
    .default(25),
});
