/**
 * The page render thread's entry (see render-thread.ts): loads the built SSR entry and renders
 * the pages the server's thread asks for. The route loaders' public reads are sent back to the
 * server's thread, which answers them from its read models, so a page shows the same data
 * whichever thread rendered it.
 */
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import type { ApiClient } from '../contracts/http';
import type { SsrEntry } from '../contracts/ssr';
import { HttpError } from '../http/errors';
import { readProductionAssets } from './assets';
import { renderPage } from './render-page';
import type { FromRenderThread, RenderThreadData, ToRenderThread } from './render-thread-protocol';

const port = parentPort;
if (!port) throw new Error('render-worker.ts runs as a worker thread (see render-thread.ts)');
const data = workerData as RenderThreadData;

const post = (message: FromRenderThread) => port.postMessage(message);

interface PendingRead {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}
const reads = new Map<number, PendingRead>();
let nextRead = 0;

/** The reads of the render `render`: answered by the server's thread, which records them. */
const apiFor = (render: number): ApiClient => ({
  get<T>(path: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const id = ++nextRead;
      reads.set(id, { resolve: resolve as (value: unknown) => void, reject });
      post({ type: 'read', id, render, path });
    });
  },
});

const [entry, assets] = await Promise.all([
  import(pathToFileURL(data.entryFile).href) as Promise<SsrEntry>,
  readProductionAssets(data.clientDir),
]);

port.on('message', (message: ToRenderThread) => {
  if (message.type === 'read') {
    const read = reads.get(message.id);
    if (!read) return;
    reads.delete(message.id);
    if (message.ok) read.resolve(message.value);
    // The same error the in-process reads throw: the pages read its status (404 -> not found).
    else read.reject(new HttpError(message.status, message.message, message.fields));
    return;
  }
  const { type: _type, id, ...page } = message;
  void (async () => {
    try {
      post({ type: 'rendered', id, ...(await renderPage(entry, assets, apiFor(id), page)) });
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      post({
        type: 'failed',
        id,
        message: failure.message,
        ...(failure.stack ? { stack: failure.stack } : {}),
      });
    }
  })();
});

post({ type: 'ready', searchParams: { ...entry.searchParamsByPath } });
