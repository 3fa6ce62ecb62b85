/**
 * The messages between the server's thread and the page render thread (render-thread.ts,
 * render-worker.ts). Everything is structured-cloned: plain data only.
 */

/** workerData of the render thread. */
export interface RenderThreadData {
  /** dist/ssr/entry-server.js */
  entryFile: string;
  /** dist/client (its Vite manifest names each route's chunks) */
  clientDir: string;
  /** The TypeScript entry when started from the sources (see worker-entry.ts). */
  entry?: string;
}

/** The request a page is rendered for. */
export interface PageRequest {
  url: string;
  method: string;
  headers: Array<[string, string]>;
  siteUrl?: string;
}

/** An error thrown while rendering, as plain data (it crosses threads). */
export interface RenderError {
  name: string;
  message: string;
  stack?: string;
}

/** A rendered page: the SSR entry's Response, read. */
export interface RenderedPage {
  status: number;
  headers: Array<[string, string]>;
  body: string;
  /** What failed while rendering (the page is then a 500), for the host's log. */
  errors?: RenderError[];
}

export type ToRenderThread =
  | ({ type: 'render'; id: number } & PageRequest)
  | { type: 'read'; id: number; ok: true; value: unknown }
  | {
      type: 'read';
      id: number;
      ok: false;
      status: number;
      message: string;
      fields?: Record<string, string>;
    };

export type FromRenderThread =
  /** The entry is loaded: the search parameters each page reads (SsrEntry.searchParamsByPath). */
  | { type: 'ready'; searchParams: Record<string, readonly string[]> }
  | ({ type: 'rendered'; id: number } & RenderedPage)
  | { type: 'failed'; id: number; message: string; stack?: string }
  /**
   * A route loader's public read, answered by the server's thread from its read models; `render`
   * names the page it is for (its reads are recorded for the page cache).
   */
  | { type: 'read'; id: number; render: number; path: string };
