/**
 * A minimal Express app hosting only the SSR handler, on a free port: for tests and for
 * looking at pages without the rest of the API. `beforeRender` stands in for the security
 * middleware (e.g. setting res.locals.cspNonce).
 */
import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import { createSsrHandler, type SsrHandlerOptions } from './middleware';

export interface SsrTestServer {
  url: string;
  close(): Promise<void>;
}

export async function startSsrTestServer(
  options: SsrHandlerOptions & { port?: number; beforeRender?: RequestHandler[] },
): Promise<SsrTestServer> {
  const ssr = await createSsrHandler(options);
  const app = express();
  for (const handler of options.beforeRender ?? []) app.use(handler);
  app.use(ssr.handler);
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const s = app.listen(options.port ?? 0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await ssr.close();
    },
  };
}
