import { describe, expect, it, vi } from 'vitest';
import {
  AdminApiError,
  NETWORK_ERROR_MESSAGE,
  adminRequest,
  createAdminApi,
  errorMessage,
  isUnauthorized,
} from '../../../web/features/admin/api';

function fakeFetch(status: number, body?: unknown) {
  return vi.fn<typeof fetch>(
    async () =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
}

function sent(fetchMock: ReturnType<typeof fakeFetch>, call = 0) {
  const [url, init] = fetchMock.mock.calls[call] ?? [];
  return { url, init: init ?? {}, headers: (init?.headers ?? {}) as Record<string, string> };
}

describe('admin HTTP client', () => {
  it('a state-changing request sends JSON, the cookie and the CSRF token', async () => {
    const fetchMock = fakeFetch(200, { id: 'p1', revision: 4, position: '9' });
    const api = createAdminApi(fetchMock, () => 'token-123');

    await expect(
      api.updateProvider('p 1', { name: 'Hims', websiteUrl: 'https://hims.com' }, 3),
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
    const fetchMock = fakeFetch(200, {});
    const session: { token?: string } = {};
    const api = createAdminApi(fetchMock, () => session.token);
    await api.logout();
    session.token = 'after-login';
    await api.recomputeVialScore('p1');
    expect(sent(fetchMock, 0).headers['X-CSRF-Token']).toBeUndefined();
    expect(sent(fetchMock, 1).headers['X-CSRF-Token']).toBe('after-login');
    expect(sent(fetchMock, 1).url).toBe('/api/admin/providers/p1/vial-score');
  });

  it('a read sends no CSRF token and no body', async () => {
    const fetchMock = fakeFetch(200, []);
    await createAdminApi(fetchMock, () => 'secret').audit('p/1');
    const { url, init, headers } = sent(fetchMock);
    expect(url).toBe('/api/admin/audit?limit=50&subjectId=p%2F1');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(headers['X-CSRF-Token']).toBeUndefined();
  });

  it.each([
    [
      'delete',
      (api: ReturnType<typeof createAdminApi>) => api.deleteProvider('p1', 7),
      'DELETE',
      '/api/admin/providers/p1?expectedRevision=7',
    ],
    [
      'prices',
      (api: ReturnType<typeof createAdminApi>) =>
        api.updatePrices('p1', { semaglutide: {}, tirzepatide: {} }, 2),
      'PUT',
      '/api/admin/providers/p1/prices',
    ],
    [
      'create',
      (api: ReturnType<typeof createAdminApi>) =>
        api.createProvider({ name: 'A', websiteUrl: 'https://a.com' }),
      'POST',
      '/api/admin/providers',
    ],
    [
      'setup check',
      (api: ReturnType<typeof createAdminApi>) => api.checkSetup('a b'),
      'GET',
      '/api/admin/setup?token=a%20b',
    ],
    [
      'logout',
      (api: ReturnType<typeof createAdminApi>) => api.logout(),
      'POST',
      '/api/admin/logout',
    ],
  ])('%s -> %s %s', async (_name, call, method, url) => {
    const fetchMock = fakeFetch(200, {});
    await call(createAdminApi(fetchMock, () => 't'));
    expect(sent(fetchMock).init.method).toBe(method);
    expect(sent(fetchMock).url).toBe(url);
  });

  it('an empty 200 body resolves to undefined', async () => {
    await expect(
      adminRequest(fakeFetch(200), 'POST', '/api/admin/logout'),
    ).resolves.toBeUndefined();
  });

  it('a 400 carries the message and the field messages', async () => {
    const fetchMock = fakeFetch(400, {
      error: 'Invalid provider',
      fields: { websiteUrl: 'Website must be a valid URL (https://…)', bad: 3 },
    });
    const error = await adminRequest(fetchMock, 'POST', '/api/admin/providers', { body: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AdminApiError);
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
    const error = await adminRequest(fakeFetch(status, body), 'GET', '/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ status, message });
    expect(isUnauthorized(error)).toBe(unauthorized);
    expect(errorMessage(error, 'Fallback')).toBe(message);
  });

  it('a network failure becomes status 0 with a readable message', async () => {
    const failing = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(adminRequest(failing, 'GET', '/x')).rejects.toMatchObject({
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
