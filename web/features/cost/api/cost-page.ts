/**
 * GET /api/cost?medication=&form=&months=&state=&zip=&dose=&page=: the /cost page's data. A
 * refused choice (400, a message per field) resolves to its messages, so the page shows the
 * form with each message beside its field (and answers 400 itself).
 */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../../api/contracts/http';
import { COST_PATHS, type CostPageView } from '../../../../api/cost/contracts';
import type { CostPageSearch } from '../search';

export type CostPageResult =
  | { ok: true; view: CostPageView }
  | { ok: false; status: 400; message: string; fields: Readonly<Record<string, string>> };

function statusOf(error: unknown): number | null {
  const status =
    typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : null;
  return typeof status === 'number' ? status : null;
}

function fieldsOf(error: unknown): Record<string, string> {
  const fields =
    typeof error === 'object' && error !== null ? (error as { fields?: unknown }).fields : null;
  const out: Record<string, string> = {};
  if (typeof fields === 'object' && fields !== null) {
    for (const [key, value] of Object.entries(fields)) {
      if (typeof value === 'string') out[key] = value;
    }
  }
  return out;
}

export const costPageKey = (search: CostPageSearch) =>
  [
    'cost',
    'page',
    search.medication ?? '',
    search.form ?? '',
    search.months ?? '',
    search.state ?? '',
    search.zip ?? '',
    search.dose ?? '',
    search.page ?? '',
  ] as const;

export const costPageQuery = (api: ApiClient, search: CostPageSearch) =>
  queryOptions({
    queryKey: costPageKey(search),
    queryFn: async (): Promise<CostPageResult> => {
      try {
        return { ok: true, view: await api.get<CostPageView>(COST_PATHS.pageFor(search)) };
      } catch (error) {
        if (statusOf(error) === 400) {
          return {
            ok: false,
            status: 400,
            message: error instanceof Error ? error.message : '',
            fields: fieldsOf(error),
          };
        }
        throw error;
      }
    },
    staleTime: 60_000,
  });
