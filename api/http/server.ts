/**
 * The HTTP server the app runs on, with limits on slow clients (issue 23): a client dribbling
 * its headers, announcing a body it never sends, or holding an idle keep-alive connection is
 * cut off after HTTP_HEADERS_TIMEOUT_MS / HTTP_REQUEST_TIMEOUT_MS / HTTP_KEEP_ALIVE_TIMEOUT_MS
 * (Node's defaults, 60 s / 300 s checked every 30 s, let 60 such connections sit for minutes).
 * A timed-out request is answered 408 when nothing was sent yet, then closed, and logged as
 * one JSON line (at most one per client address and minute: a slowloris sends many).
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Config } from '../../workers/bootstrap/config';
import type { Logger } from '../../workers/bootstrap/logger';
import { throttledLog } from './throttled-log';

export type HttpTimeouts = Pick<
  Config,
  'HTTP_HEADERS_TIMEOUT_MS' | 'HTTP_REQUEST_TIMEOUT_MS' | 'HTTP_KEEP_ALIVE_TIMEOUT_MS'
>;

// What node:http itself writes for these errors when no 'clientError' listener is attached.
const ANSWERS: Record<string, string> = {
  ERR_HTTP_REQUEST_TIMEOUT: 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n',
  HPE_HEADER_OVERFLOW: 'HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 'HTTP/1.1 413 Payload Too Large\r\nConnection: close\r\n\r\n',
};
const BAD_REQUEST = 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n';

/** The in-flight response node:http attaches to the socket (not in its public types). */
type HttpSocket = Duplex & { _httpMessage?: ServerResponse | null; remoteAddress?: string };

export function createHttpServer(timeouts: HttpTimeouts, logger: Logger): Server {
  const server = createServer({
    headersTimeout: timeouts.HTTP_HEADERS_TIMEOUT_MS,
    requestTimeout: timeouts.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeout: timeouts.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    // The two timeouts above are only checked this often: a quarter of the shorter one, so a
    // timeout holds within 25 % (the default, 30 s, would let them run 30 s over).
    connectionsCheckingInterval: Math.max(
      25,
      Math.min(30_000, Math.floor(timeouts.HTTP_HEADERS_TIMEOUT_MS / 4)),
    ),
  });
  const logTimeout = throttledLog((remoteAddress) => {
    logger.warn('request timed out', {
      code: 'ERR_HTTP_REQUEST_TIMEOUT',
      remoteAddress,
      headersTimeoutMs: timeouts.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: timeouts.HTTP_REQUEST_TIMEOUT_MS,
    });
  }, logger);

  // Replaces node:http's own handling (same answers), to log the timeouts.
  server.on('clientError', (error: NodeJS.ErrnoException, duplex: Duplex) => {
    const socket = duplex as HttpSocket;
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') logTimeout(socket.remoteAddress ?? 'unknown');
    // An answer only when none has started (a half-written one cannot be replaced).
    if (error.code !== 'ECONNRESET' && socket.writable && !socket._httpMessage?.headersSent) {
      socket.write(ANSWERS[error.code ?? ''] ?? BAD_REQUEST);
    }
    socket.destroy(error);
  });
  return server;
}
