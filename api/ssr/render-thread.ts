/**
 * Pages rendered on a worker thread, so that the server's thread stays free for requests while
 * React renders (most of a render's ~6 ms of CPU): with two cores, a burst of misses (after an
 * edit, or with PAGE_CACHE=off) no longer queues every other request behind each render.
 *
 *   const thread = startRenderThread({ entryFile, clientDir, logger }); // loading meanwhile
 *   const searchParams = await thread.loaded; // the entry's SsrEntry.searchParamsByPath
 *   const renderer = thread.serve({ api, inProcess });
 *   const page = await renderer.render({ url, method, headers, siteUrl });
 *   await renderer.close();
 *
 * Started as the server starts, before its read models are loaded: the thread loads the pages'
 * code on the other core meanwhile, and the server's thread never loads it (only `inProcess`
 * does, once the thread is gone).
 *
 * The route loaders' public reads come back to this thread (`api`, the read models live here).
 * When the thread fails or exits, its renders in flight and every later one are rendered on
 * this thread instead (`inProcess`), once logged: a page is never lost to the thread.
 * Not carried over: aborting a render when the visitor leaves (the thread renders to the end).
 */
import { Worker } from 'node:worker_threads';
import { readingInto, type CollectionReads } from '../../projections/read-tracking';
import type { ApiClient } from '../contracts/http';
import type { SearchParamsByPath } from '../contracts/ssr';
import type { Logger } from '../../workers/bootstrap/logger';
import { workerEntry } from '../../workers/bootstrap/worker-entry';
import type {
  FromRenderThread,
  PageRequest,
  RenderedPage,
  RenderThreadData,
  ToRenderThread,
} from './render-thread-protocol';

export interface RenderThreadStats {
  /** 'stopped' once the thread failed or exited: pages are then rendered on the server thread. */
  thread: 'running' | 'stopped';
  /** Pages rendered on the thread, and on the server's thread instead, since the start. */
  renderedThere: number;
  renderedHere: number;
}

export interface PageRenderer {
  /** Renders `request`; its public reads (answered here) are recorded into `reads`. */
  render(request: PageRequest, reads?: CollectionReads): Promise<RenderedPage>;
  /** For the administrators' metrics endpoint. */
  stats(): RenderThreadStats;
  close(): Promise<void>;
}

export interface RenderThreadOptions {
  entryFile: string;
  clientDir: string;
  logger: Logger;
  /** The worker's entry (tests start a failing one); default api/ssr/render-worker.ts. */
  source?: string;
}

export interface ServeOptions {
  /** The public reads the route loaders call (answered on this thread). */
  api: ApiClient;
  /** Renders on this thread (recording its reads): used once the render thread is gone. */
  inProcess(request: PageRequest, reads: CollectionReads): Promise<RenderedPage>;
}

/** A render thread started: loading the SSR entry until `loaded`, rendering once served. */
export interface RenderThread {
  /**
   * The entry's search parameters per page path once the thread has loaded it; null when the
   * thread stopped first (the host then loads the entry itself).
   */
  readonly loaded: Promise<SearchParamsByPath | null>;
  /** The renderer: pages go to the thread (or to `inProcess` once it is gone). Once. */
  serve(options: ServeOptions): PageRenderer;
  close(): Promise<void>;
}

interface Pending {
  request: PageRequest;
  reads: CollectionReads;
  resolve(page: RenderedPage): void;
  reject(error: unknown): void;
}

function errorAnswer(id: number, error: unknown): ToRenderThread {
  const status = (error as { status?: unknown } | null)?.status;
  const fields = (error as { fields?: unknown } | null)?.fields;
  return {
    type: 'read',
    id,
    ok: false,
    status: typeof status === 'number' ? status : 500,
    message: error instanceof Error ? error.message : String(error),
    ...(fields && typeof fields === 'object' ? { fields: fields as Record<string, string> } : {}),
  };
}

export function startRenderThread(options: RenderThreadOptions): RenderThread {
  const { file, entry } = workerEntry(options.source ?? 'api/ssr/render-worker.ts');
  const data: RenderThreadData = {
    entryFile: options.entryFile,
    clientDir: options.clientDir,
    ...(entry ? { entry } : {}),
  };
  const worker = new Worker(file, { workerData: data });
  // The server's listening socket keeps the process alive; a forgotten close() must not.
  worker.unref();
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let gone = false;
  let closing = false;
  let renderedThere = 0;
  let renderedHere = 0;
  let served: ServeOptions | null = null;
  let settleLoaded: (searchParams: SearchParamsByPath | null) => void = () => {};
  const loaded = new Promise<SearchParamsByPath | null>((resolve) => (settleLoaded = resolve));
  const here = (request: PageRequest, reads: CollectionReads) => {
    renderedHere++;
    // Nothing is pending before serve(): every render comes through it.
    if (!served) return Promise.reject(new Error('the render thread is not serving yet'));
    return served.inProcess(request, reads);
  };

  const post = (message: ToRenderThread) => {
    try {
      worker.postMessage(message);
    } catch (error) {
      // A read's answer that cannot be cloned: the loader gets an error instead of no answer.
      if (message.type === 'read' && message.ok) worker.postMessage(errorAnswer(message.id, error));
      else throw error;
    }
  };

  const fallBack = (reason: unknown) => {
    if (gone) return;
    gone = true;
    settleLoaded(null);
    if (!closing) {
      options.logger.error(
        'the page render thread stopped; pages are rendered on the server thread',
        {
          err: reason,
        },
      );
    }
    for (const [id, job] of pending) {
      pending.delete(id);
      here(job.request, job.reads).then(job.resolve, job.reject);
    }
  };

  worker.on('message', (message: FromRenderThread) => {
    switch (message.type) {
      case 'ready':
        settleLoaded(message.searchParams);
        return;
      case 'read': {
        // Recorded for the render it is for (a render gone meanwhile: nobody keeps its page).
        const reads = pending.get(message.render)?.reads ?? new Set<string>();
        const api = served?.api;
        if (!api) {
          post(errorAnswer(message.id, new Error('the render thread is not serving yet')));
          return;
        }
        readingInto(reads, () => api.get(message.path)).then(
          (value) => post({ type: 'read', id: message.id, ok: true, value }),
          (error: unknown) => post(errorAnswer(message.id, error)),
        );
        return;
      }
      case 'rendered':
      case 'failed': {
        const job = pending.get(message.id);
        if (!job) return;
        pending.delete(message.id);
        if (message.type === 'rendered') {
          renderedThere++;
          const { type: _type, id: _id, ...page } = message;
          job.resolve(page);
        } else {
          const error = new Error(message.message);
          if (message.stack) error.stack = message.stack;
          job.reject(error);
        }
        return;
      }
    }
  });
  worker.on('error', fallBack);
  worker.on('exit', (code) => fallBack(new Error(`the render thread exited with code ${code}`)));

  const close = async () => {
    closing = true;
    await worker.terminate();
  };
  return {
    loaded,
    serve(serve) {
      if (served) throw new Error('The render thread serves one renderer');
      served = serve;
      return {
        render(request, reads = new Set()) {
          if (gone) return here(request, reads);
          return new Promise<RenderedPage>((resolve, reject) => {
            const id = ++nextId;
            pending.set(id, { request, reads, resolve, reject });
            post({ type: 'render', id, ...request });
          });
        },
        stats: () => ({ thread: gone ? 'stopped' : 'running', renderedThere, renderedHere }),
        close,
      };
    },
    close,
  };
}
