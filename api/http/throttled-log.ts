/**
 * Logs a line about a key (e.g. a 404's path) at most once per key per window, so a scan of
 * unknown paths cannot flood the log. Remembers at most `maxKeys` keys per window; past that,
 * one line says how many more were left out when the window ends.
 */
import type { Logger } from '../../workers/bootstrap/logger';

export interface ThrottledLogOptions {
  windowMs?: number;
  maxKeys?: number;
  now?: () => number;
}

export function throttledLog(
  log: (key: string) => void,
  logger: Logger,
  options: ThrottledLogOptions = {},
): (key: string) => void {
  const windowMs = options.windowMs ?? 60_000;
  const maxKeys = options.maxKeys ?? 1000;
  const now = options.now ?? Date.now;
  let windowEnds = 0;
  let seen = new Set<string>();
  let suppressed = 0;
  return (key) => {
    const at = now();
    if (at >= windowEnds) {
      if (suppressed > 0) logger.warn('log lines left out', { count: suppressed, windowMs });
      windowEnds = at + windowMs;
      seen = new Set();
      suppressed = 0;
    }
    if (seen.has(key)) return;
    if (seen.size >= maxKeys) {
      suppressed++;
      return;
    }
    seen.add(key);
    log(key);
  };
}
