/**
 * One page rendered by the SSR entry into plain data (status, headers, HTML): what the host
 * renders in process and what the render thread sends back (render-worker.ts).
 */
import type { ApiClient } from '../contracts/http';
import type { PageAssets, SsrEntry } from '../contracts/ssr';
import type { PageRequest, RenderedPage } from './render-thread-protocol';

/** Renders a page on the calling thread; `signal` stops the render when the visitor goes away. */
export async function renderPage(
  entry: SsrEntry,
  assets: PageAssets,
  api: ApiClient,
  page: PageRequest,
  signal?: AbortSignal,
): Promise<RenderedPage> {
  const { url, method, headers, siteUrl } = page;
  const response = await entry.render({
    request: new Request(url, { method, headers, ...(signal ? { signal } : {}) }),
    api,
    assets,
    ...(siteUrl ? { siteUrl } : {}),
  });
  const body = await response.text();
  const answerHeaders: Array<[string, string]> = [];
  response.headers.forEach((value, name) => answerHeaders.push([name, value]));
  return { status: response.status, headers: answerHeaders, body };
}
