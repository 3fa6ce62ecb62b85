/**
 * One page rendered by the SSR entry into plain data (status, headers, HTML): what the host
 * renders in process and what the render thread sends back (render-worker.ts).
 */
import type { ApiClient } from '../contracts/http';
import type { PageAssets, SsrEntry } from '../contracts/ssr';
import { escapeInlineScripts } from './inline-scripts';
import type { PageRequest, RenderError, RenderedPage } from './render-thread-protocol';

function renderErrorOf(error: unknown): RenderError {
  if (error instanceof Error) {
    return {
      name: error.name,
      message: error.message,
      ...(error.stack ? { stack: error.stack } : {}),
    };
  }
  return { name: 'Error', message: String(error) };
}

/** Renders a page on the calling thread; `signal` stops the render when the visitor goes away. */
export async function renderPage(
  entry: SsrEntry,
  assets: PageAssets,
  api: ApiClient,
  page: PageRequest,
  signal?: AbortSignal,
): Promise<RenderedPage> {
  const { url, method, headers, siteUrl } = page;
  const errors: RenderError[] = [];
  const rendered = await entry.renderHtml({
    onError: (error) => errors.push(renderErrorOf(error)),
    request: new Request(url, { method, headers, ...(signal ? { signal } : {}) }),
    api,
    assets,
    ...(siteUrl ? { siteUrl } : {}),
  });
  // Before the CSP hashes are taken (middleware.ts): what is hashed is what the browser runs.
  const body = escapeInlineScripts(rendered.html ?? '');
  const answerHeaders: Array<[string, string]> = [];
  rendered.headers.forEach((value, name) => answerHeaders.push([name, value]));
  return {
    status: rendered.status,
    headers: answerHeaders,
    body,
    ...(errors.length > 0 ? { errors } : {}),
  };
}
