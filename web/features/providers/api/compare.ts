/**
 * GET /api/providers/compare?providers=a,b&state=XX: two to four provider pages side by side.
 * A refused comparison (400: fewer than two or more than four, or an unknown state; 404:
 * unknown providers, named) resolves to its status and message, so the page can say so.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../../api/contracts/http';
import { PROVIDER_PATHS, type CompareView } from '../../../../api/providers/contracts';
import { statusOf } from './provider-page';

export type CompareResult =
  { ok: true; view: CompareView } | { ok: false; status: 400 | 404; message: string };

export const compareKey = (providers: string, state: string | undefined) =>
  ['providers', 'compare', providers, state ?? ''] as const;

export const compareQuery = (api: ApiClient, providers: string, state: string | undefined) =>
  queryOptions({
    queryKey: compareKey(providers, state),
    queryFn: async (): Promise<CompareResult> => {
      try {
        return {
          ok: true,
          view: await api.get<CompareView>(PROVIDER_PATHS.compare(providers, state)),
        };
      } catch (error) {
        const status = statusOf(error);
        if (status === 400 || status === 404) {
          return { ok: false, status, message: error instanceof Error ? error.message : '' };
        }
        throw error;
      }
    },
  });
