/**
 * The signup form without JavaScript past the rate limit: it comes back to the home page
 * saying what the JSON signup says ('Too many requests. Try again in N minutes.'), with the
 * minutes in the redirect, never 'failed'.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SUBSCRIBE_LIMIT } from '../../../api/newsletter/routes';
import { startTestServer, type TestServer } from '../../support/http-server';

let site: TestServer;

beforeEach(async () => {
  site = await startTestServer({ prefix: 'vial-form-limit-' });
});

afterEach(() => site.close());

const postJson = (email: string) =>
  fetch(`${site.base}/api/subscriptions`, {
    method: 'POST',
    headers: { Origin: site.base, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email }),
  });

const postForm = (email: string) =>
  fetch(`${site.base}/newsletter`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: site.base, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email }).toString(),
  });

describe('POST /newsletter past the limit', () => {
  it('redirects (303) to ?newsletter=limited&retry=N with the minutes the JSON signup names', async () => {
    for (let i = 0; i < SUBSCRIBE_LIMIT; i++) await postJson('bad');
    const json = await postJson('late@example.com');
    expect(json.status).toBe(429);
    const { error } = (await json.json()) as { error: string };
    const minutes = Number(/in (\d+) minutes?\./.exec(error)?.[1]);

    const response = await postForm('late@example.com');
    expect(response.status).toBe(303);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('location')).toBe(
      `/?newsletter=limited&retry=${minutes}#newsletter`,
    );
    expect(minutes).toBeGreaterThanOrEqual(59);
    expect(minutes).toBeLessThanOrEqual(60);
    expect(await site.backend.eventStore.headPosition()).toBe(0n);
  });
});
