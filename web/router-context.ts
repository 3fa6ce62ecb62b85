import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api/contracts/http';

/**
 * What every route's loader and head function can read. A fresh object per request on the
 * server (never module-level: a shared QueryClient would leak one visitor's data to another).
 */
export interface RouterContext {
  queryClient: QueryClient;
  /**
   * Public reads by path: answered in process during SSR, over HTTP in the browser
   * (web/lib/http-client.ts), so loaders and components read the same data either way.
   */
  api: ApiClient;
  /** Absolute origin for canonical links and structured data, without a trailing slash. */
  siteUrl: string;
}
