/**
 * The HTTP client for Reddit's public search: one request per search, paced by a request
 * budget shared by everything one job run fetches, with a descriptive User-Agent, a timeout,
 * and backoff on 429 and 5xx that honours Retry-After. Redirects are followed by hand: at
 * most 3, only to Reddit's hosts (redirectAllowed). Reddit allows about 10 unauthenticated
 * requests a minute: the pacer spreads them, never bursts.
 */
import { mapRedditListing } from '../../domain/reddit/listing';
import { buildRedditSearchUrl, type RedditPost } from '../../domain/reddit/rules';
import type { RedditSearch } from '../../domain/reddit/snapshot';

export type RedditFailureKind = 'network' | 'timeout' | 'status' | 'body' | 'budget' | 'redirect';

/** Why a search could not be fetched (the message names the cause, for logs and the back office). */
export class RedditFetchError extends Error {
  override readonly name = 'RedditFetchError';
  constructor(
    readonly kind: RedditFailureKind,
    message: string,
  ) {
    super(message);
  }
}

export type Sleep = (ms: number) => Promise<void>;
export const sleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Hands out request slots: at most `budget` per run, at least `intervalMs` apart. */
export interface RequestPacer {
  /** Waits for the next slot; throws RedditFetchError('budget') once the budget is spent. */
  take(): Promise<void>;
  readonly used: number;
}

export function createRequestPacer(options: {
  intervalMs: number;
  budget: number;
  now?: () => number;
  sleep?: Sleep;
}): RequestPacer {
  const now = options.now ?? Date.now;
  const wait = options.sleep ?? sleep;
  let used = 0;
  let last: number | undefined;
  return {
    async take() {
      if (used >= options.budget) {
        throw new RedditFetchError(
          'budget',
          `request budget of ${options.budget} for this run is spent`,
        );
      }
      used++;
      if (last !== undefined) {
        const due = last + options.intervalMs;
        const ms = due - now();
        if (ms > 0) await wait(ms);
      }
      last = now();
    },
    get used() {
      return used;
    },
  };
}

export interface RedditClientOptions {
  /** REDDIT_BASE_URL: https://www.reddit.com, or a local fake in tests. */
  baseUrl: string;
  userAgent: string;
  timeoutMs: number;
  pacer: RequestPacer;
  /** Attempts per search, the first included (429 and 5xx are retried). */
  maxAttempts?: number;
  /** Waits without Retry-After: base * 2^(attempt-1). */
  backoffBaseMs?: number;
  /** A Retry-After longer than this ends the search instead of blocking the run. */
  maxRetryWaitMs?: number;
  sleep?: Sleep;
  now?: () => number;
}

export interface RedditClient {
  search(search: RedditSearch): Promise<RedditPost[]>;
}

const DEFAULT_ATTEMPTS = 3;
const DEFAULT_BACKOFF_MS = 2000;
const DEFAULT_MAX_RETRY_WAIT_MS = 120_000;

/** Redirects followed per request; Reddit sends at most one or two (reddit.com -> www). */
export const MAX_REDIRECTS = 3;
const REDDIT_HOSTS = new Set([
  'reddit.com',
  'www.reddit.com',
  'old.reddit.com',
  'oauth.reddit.com',
]);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * Where a redirect from Reddit may lead: Reddit's own hosts over https, or REDDIT_BASE_URL's
 * origin (a local fake in tests, a proxy). Never anywhere else: a redirect to a loopback or
 * private address would make the worker ask the internal network on an outsider's behalf.
 */
export function redirectAllowed(target: URL, baseUrl: string): boolean {
  if (target.origin === new URL(baseUrl).origin) return true;
  return target.protocol === 'https:' && target.port === '' && REDDIT_HOSTS.has(target.hostname);
}

/** Retry-After in seconds or as an HTTP date, in ms from now; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as Error & { cause?: unknown }).cause;
  if (cause instanceof Error) {
    const code = (cause as Error & { code?: string }).code;
    return code ? `${code} ${cause.message}` : cause.message;
  }
  return error.message;
}

export function createRedditClient(options: RedditClientOptions): RedditClient {
  const attempts = Math.max(1, options.maxAttempts ?? DEFAULT_ATTEMPTS);
  const backoffBase = options.backoffBaseMs ?? DEFAULT_BACKOFF_MS;
  const maxWait = options.maxRetryWaitMs ?? DEFAULT_MAX_RETRY_WAIT_MS;
  const wait = options.sleep ?? sleep;
  const now = options.now ?? Date.now;

  async function get(url: string, signal: AbortSignal): Promise<Response> {
    try {
      return await fetch(url, {
        headers: { 'User-Agent': options.userAgent, Accept: 'application/json' },
        signal,
        // Followed below, where each target is checked before it is asked.
        redirect: 'manual',
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'TimeoutError') {
        throw new RedditFetchError('timeout', `no answer within ${options.timeoutMs} ms`);
      }
      throw new RedditFetchError('network', `Reddit unreachable: ${describe(error)}`);
    }
  }

  /** One request and its redirects, under one timeout. */
  async function once(url: string): Promise<Response> {
    const signal = AbortSignal.timeout(options.timeoutMs);
    let current = url;
    for (let redirects = 0; ; redirects++) {
      const response = await get(current, signal);
      if (!REDIRECT_STATUSES.has(response.status)) return response;
      await response.arrayBuffer().catch(() => undefined);
      const location = response.headers.get('location');
      if (!location) {
        throw new RedditFetchError(
          'redirect',
          `Reddit answered HTTP ${response.status} without a Location`,
        );
      }
      if (redirects >= MAX_REDIRECTS) {
        throw new RedditFetchError(
          'redirect',
          `Reddit redirected more than ${MAX_REDIRECTS} times`,
        );
      }
      let target: URL;
      try {
        target = new URL(location, current);
      } catch {
        throw new RedditFetchError('redirect', 'Reddit redirected to an unreadable address');
      }
      if (!redirectAllowed(target, options.baseUrl)) {
        throw new RedditFetchError(
          'redirect',
          `Reddit redirected to ${target.origin}, which is not Reddit`,
        );
      }
      current = target.href;
    }
  }

  return {
    async search(search) {
      const url = buildRedditSearchUrl({ ...search, origin: options.baseUrl });
      for (let attempt = 1; ; attempt++) {
        await options.pacer.take();
        const response = await once(url);
        if (response.ok) {
          let json: unknown;
          try {
            json = await response.json();
          } catch (error) {
            throw new RedditFetchError(
              'body',
              `Reddit answered unreadable JSON: ${describe(error)}`,
            );
          }
          return mapRedditListing(json);
        }
        // Drain the body so the connection can be reused.
        await response.arrayBuffer().catch(() => undefined);
        const retryable = response.status === 429 || response.status >= 500;
        const failure = new RedditFetchError(
          'status',
          `Reddit answered HTTP ${response.status} (attempt ${attempt} of ${attempts})`,
        );
        if (!retryable || attempt >= attempts) throw failure;
        const asked = retryAfterMs(response.headers.get('retry-after'), now());
        const ms = asked ?? backoffBase * 2 ** (attempt - 1);
        if (ms > maxWait) {
          throw new RedditFetchError(
            'status',
            `Reddit answered HTTP ${response.status} and asked to wait ${Math.ceil(ms / 1000)} s (more than ${maxWait / 1000} s)`,
          );
        }
        await wait(ms);
      }
    },
  };
}
