/**
 * The back office's HTTP client: same-origin JSON with the session cookie, the CSRF token on
 * every state-changing request, and one error type that carries the status, the server's
 * message and its per-field messages. The browser only mirrors the server's admin checks;
 * a 401 from any call means the session is gone (the layout then goes to /admin/login).
 */
import type {
  AdminProviderView,
  ApiError,
  AuditEntryView,
  CommandResult,
  DashboardCountsView,
} from '../../../api/contracts/providers';
import type { ProviderDetailsInput, ProviderPrices } from '../../../domain/provider/provider';

export interface AdminUser {
  id: string;
  email: string;
}

export interface AdminSession {
  user: AdminUser;
  csrfToken: string;
}

/** The list and edit views: published Vial Score, pending one (what current data gives), revision, prices. */
export type AdminProvider = AdminProviderView;

export interface SetupCheck {
  valid: boolean;
  reason?: string;
}

/** The message shown when the network, not the server, failed. */
export const NETWORK_ERROR_MESSAGE =
  'Could not reach the server. Check your connection and try again.';

export class AdminApiError extends Error {
  constructor(
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    message: string,
    /** Field path ('name', 'card.features.0') -> message, from a 400. */
    readonly fields: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'AdminApiError';
  }
}

export function isAdminApiError(error: unknown): error is AdminApiError {
  return error instanceof AdminApiError;
}

/** True when the error means "not signed in (any more)". */
export function isUnauthorized(error: unknown): boolean {
  return isAdminApiError(error) && error.status === 401;
}

/** The server's message when there is one, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isAdminApiError(error) && error.message) return error.message;
  return fallback;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  csrfToken?: string | null;
  signal?: AbortSignal;
}

function readApiError(payload: unknown): ApiError | null {
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

/** Sends one request; resolves with the JSON body (undefined for an empty one) or throws AdminApiError. */
export async function adminRequest<T>(
  fetchImpl: typeof fetch,
  method: Method,
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
    throw new AdminApiError(0, NETWORK_ERROR_MESSAGE);
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
    const apiError = readApiError(payload);
    throw new AdminApiError(
      response.status,
      apiError?.error ?? `Request failed (${response.status})`,
      apiError?.fields ?? {},
    );
  }
  return payload as T;
}

export interface NewProviderBody extends ProviderDetailsInput {
  prices?: ProviderPrices;
}

/** Every admin endpoint, typed. `getCsrfToken` is read at call time (it changes at login). */
export function createAdminApi(
  fetchImpl: typeof fetch,
  getCsrfToken: () => string | null | undefined,
) {
  const send = <T>(method: Method, path: string, body?: unknown) =>
    adminRequest<T>(fetchImpl, method, path, { body, csrfToken: getCsrfToken() });
  const get = <T>(path: string, signal?: AbortSignal) =>
    adminRequest<T>(fetchImpl, 'GET', path, { signal });
  const providerPath = (id: string) => `/api/admin/providers/${encodeURIComponent(id)}`;

  return {
    session: (signal?: AbortSignal) => get<AdminSession>('/api/admin/session', signal),
    login: (credentials: { email: string; password: string }) =>
      send<AdminSession>('POST', '/api/admin/login', credentials),
    logout: () => send<unknown>('POST', '/api/admin/logout'),
    checkSetup: (token: string, signal?: AbortSignal) =>
      get<SetupCheck>(`/api/admin/setup?token=${encodeURIComponent(token)}`, signal),
    setup: (body: { token: string; email: string; password: string }) =>
      send<AdminSession>('POST', '/api/admin/setup', body),
    dashboard: (signal?: AbortSignal) => get<DashboardCountsView>('/api/admin/dashboard', signal),
    providers: (signal?: AbortSignal) => get<AdminProvider[]>('/api/admin/providers', signal),
    provider: (id: string, signal?: AbortSignal) => get<AdminProvider>(providerPath(id), signal),
    createProvider: (body: NewProviderBody) =>
      send<CommandResult>('POST', '/api/admin/providers', body),
    updateProvider: (id: string, details: ProviderDetailsInput, expectedRevision: number) =>
      send<CommandResult>('PUT', providerPath(id), { details, expectedRevision }),
    updatePrices: (id: string, prices: ProviderPrices, expectedRevision: number) =>
      send<CommandResult>('PUT', `${providerPath(id)}/prices`, { prices, expectedRevision }),
    deleteProvider: (id: string, expectedRevision: number) =>
      send<CommandResult>('DELETE', `${providerPath(id)}?expectedRevision=${expectedRevision}`),
    recomputeVialScore: (id: string) =>
      send<CommandResult>('POST', `${providerPath(id)}/vial-score`),
    audit: (subjectId: string | undefined, signal?: AbortSignal) => {
      const query = new URLSearchParams({ limit: '50' });
      if (subjectId) query.set('subjectId', subjectId);
      return get<AuditEntryView[]>(`/api/admin/audit?${query.toString()}`, signal);
    },
  };
}

export type AdminApi = ReturnType<typeof createAdminApi>;
