import type { QueryClient } from '@tanstack/react-query';
import type { SiteApi } from '../api/contracts/site-api';

/**
 * What every route's loader and head function can read. A fresh object per request on the
 * server (never module-level: a shared QueryClient would leak one visitor's data to another).
 */
export interface RouterContext {
  queryClient: QueryClient;
  /** In-process reads during SSR; HTTP reads in the browser. */
  api: SiteApi;
  /** Absolute origin for canonical links and structured data, without a trailing slash. */
  siteUrl: string;
}
