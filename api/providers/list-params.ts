/**
 * The back-office provider list's query parameters (GET /api/admin/providers), checked by the
 * API. Kept out of contracts.ts, which the browser imports on every page: a zod schema built at
 * module level would bring zod along (the list's route reads the URL without it, see
 * web/routes/admin/_authed/providers/index.tsx).
 */
import { z } from 'zod';
import { STATE_CODES, type StateCode } from '../../domain/shared/reference/states';
import {
  PROVIDER_PAGE_SIZES,
  PROVIDER_SORTS,
  PROVIDER_STATUSES,
  type AdminProviderListParams,
} from './contracts';

const whole = (label: string) =>
  z.coerce.number({ error: `${label} must be a number` }).int(`${label} must be a whole number`);

/** The back-office list's parameters (AdminProviderListParams) as the API reads them. */
export const adminProviderListParams = z.object({
  q: z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
  featured: z.enum(['yes', 'no'], "featured must be 'yes' or 'no'").optional(),
  status: z.enum(PROVIDER_STATUSES, "status must be 'draft' or 'published'").optional(),
  state: z.enum(STATE_CODES as [StateCode, ...StateCode[]], 'Unknown US state').optional(),
  minScore: z.coerce
    .number({ error: 'minScore must be a number' })
    .min(0, 'minScore must be between 0 and 10')
    .max(10, 'minScore must be between 0 and 10')
    .optional(),
  sort: z.enum(PROVIDER_SORTS, `sort must be one of ${PROVIDER_SORTS.join(', ')}`).optional(),
  dir: z.enum(['asc', 'desc'], "dir must be 'asc' or 'desc'").optional(),
  page: whole('page').min(1, 'page must be 1 or more').max(100_000).optional(),
  pageSize: whole('pageSize')
    .refine((n) => (PROVIDER_PAGE_SIZES as readonly number[]).includes(n), {
      message: `pageSize must be one of ${PROVIDER_PAGE_SIZES.join(', ')}`,
    })
    .optional(),
});

/** true when A and B are the same type (each assignable to the other). */
type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// The contract (which the browser imports without zod) and the schema describe the same
// parameters: a field added to one and not the other fails the typecheck here.
const _sameShape: SameShape<
  z.infer<typeof adminProviderListParams>,
  AdminProviderListParams
> = true;
