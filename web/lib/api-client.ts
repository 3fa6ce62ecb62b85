/**
 * The browser's SiteApi: the same reads the server makes in-process during SSR, over HTTP.
 */
import type { ProviderCardView } from '../../api/contracts/providers';
import { SITE_API_PATHS, type SiteApi } from '../../api/contracts/site-api';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

async function getJson<T>(fetchImpl: typeof fetch, path: string): Promise<T> {
  const response = await fetchImpl(path, {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  });
  if (!response.ok)
    throw new HttpError(response.status, `GET ${path} failed with ${response.status}`);
  return (await response.json()) as T;
}

/** `fetchImpl` is injectable for tests; the browser uses the global fetch. */
export function createHttpSiteApi(fetchImpl: typeof fetch = (...args) => fetch(...args)): SiteApi {
  return {
    featuredProviders: () =>
      getJson<ProviderCardView[]>(fetchImpl, SITE_API_PATHS.featuredProviders),
    siteContent: () => getJson<Record<string, string>>(fetchImpl, SITE_API_PATHS.siteContent),
  };
}
