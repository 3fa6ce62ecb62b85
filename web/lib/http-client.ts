/**
 * The web app's one HTTP client and its one error type. Same-origin JSON with the session
 * cookie, the CSRF token on every state-changing request that has one, and an `ApiError`
 * carrying the status, the server's message and its per-field messages. The browser only
 * mirrors the server's checks; a 401 from an admin call means the session is gone.
 */
import type { ApiClient, ApiErrorBody, FieldConflictView } from '../../api/contracts/http';

/** The message shown when the network, not the server, failed. */
export const NETWORK_ERROR_MESSAGE =
  'Could not reach the server. Check your connection and try again.';

export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    message: string,
    /** Field path ('name', 'card.features.0') -> message, from a 400. */
    readonly fields: Readonly<Record<string, string>> = {},
    /** A stale save's conflicts (409): both values per field, and the latest revision. */
    readonly merge: { conflicts: FieldConflictView[]; revision: number } | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True when the error means "not signed in (any more)". */
export function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/** The server's message when there is one, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.message) return error.message;
  return fallback;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  csrfToken?: string | null;
  signal?: AbortSignal;
}

/** A 409's `{ conflicts, revision }` (a stale save to choose on), or null. */
function readMergeConflicts(
  payload: unknown,
): { conflicts: FieldConflictView[]; revision: number } | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { conflicts, revision } = payload as { conflicts?: unknown; revision?: unknown };
  if (!Array.isArray(conflicts) || typeof revision !== 'number') return null;
  const valid = conflicts.filter(
    (c): c is FieldConflictView =>
      typeof c === 'object' &&
      c !== null &&
      typeof (c as { field?: unknown }).field === 'string' &&
      typeof (c as { label?: unknown }).label === 'string',
  );
  return valid.length > 0 ? { conflicts: valid, revision } : null;
}

/** The `{ error, fields }` of an error response, string fields only; null when it is not one. */
function readErrorBody(payload: unknown): Required<Pick<ApiErrorBody, 'error' | 'fields'>> | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { error, fields } = payload as { error?: unknown; fields?: unknown };
  if (typeof error !== 'string') return null;
  const cleanFields: Record<string, string> = {};
  if (typeof fields === 'object' && fields !== null) {
    for (const [key, value] of Object.entries(fields)) {
      if (typeof value === 'string') cleanFields[key] = value;
    }
  }
  return { error, fields: cleanFields };
}

async function send<T>(
  fetchImpl: typeof fetch,
  method: HttpMethod,
  path: string,
  { body, csrfToken, signal }: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['X-CSRF-Token'] = csrfToken;
  let response: Response;
  try {
    response = await fetchImpl(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  const text = await response.text();
  let payload: unknown = undefined;
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      payload = undefined;
    }
  }
  if (!response.ok) {
    const errorBody = readErrorBody(payload);
    throw new ApiError(
      response.status,
      errorBody?.error ?? `Request failed (${response.status})`,
      errorBody?.fields ?? {},
      response.status === 409 ? readMergeConflicts(payload) : null,
    );
  }
  return payload as T;
}

/** The global fetch, looked up at call time (tests replace it). */
const globalFetch: typeof fetch = (...args) => fetch(...args);

/** Sends one request; resolves with the JSON body (undefined for an empty one) or throws ApiError. */
export function request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T> {
  return send<T>(globalFetch, method, path, options);
}

/** The browser's ApiClient: GET over HTTP. `fetchImpl` is injectable for tests. */
export function createHttpClient(fetchImpl: typeof fetch = globalFetch): ApiClient {
  return {
    get: <T>(path: string, { signal }: { signal?: AbortSignal } = {}) =>
      send<T>(fetchImpl, 'GET', path, { signal }),
  };
}
