import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import {
  ApiError,
  NETWORK_ERROR_MESSAGE,
  createHttpClient,
  errorMessage,
  isUnauthorized,
  request,
} from '../../../web/lib/http-client';
import { ADMIN_SESSION_KEY, csrfTokenReader } from '../../../web/lib/back-office';
import { logout } from '../../../web/features/admins/api/logout';
import { checkSetup } from '../../../web/features/admins/api/setup-check';
import { getAuditLog } from '../../../web/features/audit/api/audit-log';
import { createProvider } from '../../../web/features/providers/api/create-provider';
import { deleteProvider } from '../../../web/features/providers/api/delete-provider';
import { recomputeVialScore } from '../../../web/features/providers/api/recompute-vial-score';
import { updatePrices } from '../../../web/features/providers/api/update-prices';
import { updateProvider } from '../../../web/features/providers/api/update-provider';

function fakeFetch(status: number, body?: unknown) {
  return vi.fn<typeof fetch>(
    async () =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
}

/** The app's requests go through the global fetch: the fake stands in for it. */
function stubFetch<F extends typeof fetch>(fetchMock: F): F {
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

function sent(fetchMock: ReturnType<typeof fakeFetch>, call = 0) {
  const [url, init] = fetchMock.mock.calls[call] ?? [];
  return { url, init: init ?? {}, headers: (init?.headers ?? {}) as Record<string, string> };
}

describe('the HTTP client and the admin endpoints', () => {
  it('a state-changing request sends JSON, the cookie and the CSRF token', async () => {
    const fetchMock = stubFetch(fakeFetch(200, { id: 'p1', revision: 4, position: '9' }));

    await expect(
      updateProvider(
        {
          id: 'p 1',
          details: { name: 'Hims', websiteUrl: 'https://hims.com' },
          expectedRevision: 3,
        },
        'token-123',
      ),
    ).resolves.toEqual({
      id: 'p1',
      revision: 4,
      position: '9',
    });

    const { url, init, headers } = sent(fetchMock);
    expect(url).toBe('/api/admin/providers/p%201');
    expect(init.method).toBe('PUT');
    expect(init.credentials).toBe('same-origin');
    expect(headers['X-CSRF-Token']).toBe('token-123');
    expect(headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual({
      details: { name: 'Hims', websiteUrl: 'https://hims.com' },
      expectedRevision: 3,
    });
  });

  it('reads the CSRF token at send time (it changes at login)', async () => {
    const fetchMock = stubFetch(fakeFetch(200, {}));
    const queryClient = new QueryClient();
    const csrfToken = csrfTokenReader(queryClient);
    await logout(csrfToken());
    queryClient.setQueryData(ADMIN_SESSION_KEY, {
      user: { id: 'a1', email: 'admin@example.com' },
      csrfToken: 'after-login',
    });
    await recomputeVialScore('p1', csrfToken());
    expect(sent(fetchMock, 0).headers['X-CSRF-Token']).toBeUndefined();
    expect(sent(fetchMock, 1).headers['X-CSRF-Token']).toBe('after-login');
    expect(sent(fetchMock, 1).url).toBe('/api/admin/providers/p1/vial-score');
  });

  it('a read sends no CSRF token and no body', async () => {
    const fetchMock = stubFetch(fakeFetch(200, []));
    await getAuditLog('p/1');
    const { url, init, headers } = sent(fetchMock);
    expect(url).toBe('/api/admin/audit?limit=50&subjectId=p%2F1');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(headers['X-CSRF-Token']).toBeUndefined();
  });

  it.each([
    [
      'delete',
      () => deleteProvider({ id: 'p1', expectedRevision: 7 }, 't'),
      'DELETE',
      '/api/admin/providers/p1?expectedRevision=7',
    ],
    [
      'prices',
      () =>
        updatePrices(
          { id: 'p1', prices: { semaglutide: {}, tirzepatide: {} }, expectedRevision: 2 },
          't',
        ),
      'PUT',
      '/api/admin/providers/p1/prices',
    ],
    [
      'create',
      () => createProvider({ name: 'A', websiteUrl: 'https://a.com' }, 't'),
      'POST',
      '/api/admin/providers',
    ],
    ['setup check', () => checkSetup('a b'), 'GET', '/api/admin/setup?token=a%20b'],
    ['logout', () => logout('t'), 'POST', '/api/admin/logout'],
  ])('%s -> %s %s', async (_name, call: () => Promise<unknown>, method, url) => {
    const fetchMock = stubFetch(fakeFetch(200, {}));
    await call();
    expect(sent(fetchMock).init.method).toBe(method);
    expect(sent(fetchMock).url).toBe(url);
  });

  it('an empty 200 body resolves to undefined', async () => {
    stubFetch(fakeFetch(200));
    await expect(request('POST', '/api/admin/logout')).resolves.toBeUndefined();
  });

  it('a 400 carries the message and the field messages', async () => {
    stubFetch(
      fakeFetch(400, {
        error: 'Invalid provider',
        fields: { websiteUrl: 'Website must be a valid URL (https://…)', bad: 3 },
      }),
    );
    const error = await request('POST', '/api/admin/providers', { body: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Invalid provider',
      fields: { websiteUrl: 'Website must be a valid URL (https://…)' },
    });
  });

  it.each([
    [401, { error: 'Invalid e-mail or password' }, 'Invalid e-mail or password', true],
    [
      403,
      { error: 'Access denied. Admin privileges required.' },
      'Access denied. Admin privileges required.',
      false,
    ],
    [409, { error: 'Changed by someone else' }, 'Changed by someone else', false],
    [500, undefined, 'Request failed (500)', false],
    [502, '<html>bad gateway</html>', 'Request failed (502)', false],
  ])('status %i -> %j', async (status, body, message, unauthorized) => {
    stubFetch(fakeFetch(status, body));
    const error = await request('GET', '/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ status, message });
    expect(isUnauthorized(error)).toBe(unauthorized);
    expect(errorMessage(error, 'Fallback')).toBe(message);
  });

  it('a network failure becomes status 0 with a readable message', async () => {
    stubFetch(
      vi.fn<typeof fetch>(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(request('GET', '/x')).rejects.toMatchObject({
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
    });
  });

  it('errorMessage falls back for errors that are not from the API', () => {
    expect(errorMessage(new Error('boom'), 'Failed to save provider')).toBe(
      'Failed to save provider',
    );
    expect(errorMessage(undefined, 'Failed to save provider')).toBe('Failed to save provider');
  });
});

describe('the ApiClient the browser reads public pages with', () => {
  it('GETs the path as JSON with the cookie, and throws ApiError on a failed answer', async () => {
    const ok = fakeFetch(200, [{ _id: 'p1' }]);
    await expect(createHttpClient(ok).get('/api/providers/featured')).resolves.toEqual([
      { _id: 'p1' },
    ]);
    expect(sent(ok).url).toBe('/api/providers/featured');
    expect(sent(ok).init.method).toBe('GET');
    expect(sent(ok).init.credentials).toBe('same-origin');
    expect(sent(ok).headers.Accept).toBe('application/json');

    const failed = await createHttpClient(fakeFetch(503, { error: 'Read store down' }))
      .get('/api/site-content')
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ApiError);
    expect(failed).toMatchObject({ status: 503, message: 'Read store down' });
  });
});
