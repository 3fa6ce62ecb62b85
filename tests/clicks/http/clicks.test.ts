/**
 * Outbound clicks over HTTP on the app started for real: /go/{slug} answers 302 to the
 * provider's URL with the allowed visitor parameters and the affiliate tag, counts a browser's
 * click for today but not a bot's, a script's or a HEAD; an unknown slug is a 404; nothing is
 * appended to the event log; the back office reads the counts as JSON and as CSV.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLICK_PATHS, type ClickReportAnswer } from '../../../api/clicks/contracts';
import { clickDay } from '../../../domain/clicks/rules';
import {
  registerAdmin,
  request,
  signIn,
  startTestServer,
  type AdminSession,
  type TestServer,
} from '../../support/http-server';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let server: TestServer;
let base: string;
let session: AdminSession;
let providerId: string;

beforeAll(async () => {
  server = await startTestServer({ prefix: 'vial-clicks-' });
  base = server.base;
  const result = await server.backend.bus.dispatch(
    {
      type: 'ListProvider',
      details: {
        name: 'Evergreen Health',
        websiteUrl: 'https://evergreen.example/start?lp=glp1',
        affiliateTag: 'ref=vialcompare',
        states: ['CA'],
        medications: ['Semaglutide'],
        featured: true,
      },
    },
    { actor: { kind: 'system', id: 'test' }, correlationId: 'clicks' },
  );
  providerId = result.id;
  await server.backend.waitForProjections(result.position);
  await registerAdmin(server.backend, 'ops@example.com', 'a long test password 1');
  session = await signIn(base, 'ops@example.com', 'a long test password 1');
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const go = (path: string, headers: Record<string, string | null> = {}, method = 'GET') =>
  request(base, path, { method, headers: { Origin: null, 'User-Agent': CHROME, ...headers } });

async function report(days?: number): Promise<ClickReportAnswer> {
  const query = days ? `?days=${days}` : '';
  const response = await request(base, `${CLICK_PATHS.adminReport}${query}`, { session });
  expect(response.status).toBe(200);
  return (await response.json()) as ClickReportAnswer;
}

const todaysClicks = async () => {
  const answer = await report(1);
  return answer.providers.find((p) => p.providerId === providerId)?.total ?? 0;
};

describe('GET /go/{slug}', () => {
  it('redirects 302 to the affiliate URL with the allowed visitor parameters, not cached or indexed', async () => {
    const response = await go('/go/evergreen-health?utm_source=news&sort=price&ref=me');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(
      'https://evergreen.example/start?lp=glp1&utm_source=news&ref=vialcompare',
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-robots-tag')).toMatch(/noindex/);
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it("counts a browser's click for today, not a bot's, a script's or a HEAD", async () => {
    const before = await todaysClicks();
    expect((await go('/go/evergreen-health')).status).toBe(302);
    expect((await go('/go/evergreen-health', { 'User-Agent': GOOGLEBOT })).status).toBe(302);
    expect((await go('/go/evergreen-health', { 'User-Agent': 'curl/8.5.0' })).status).toBe(302);
    expect((await go('/go/evergreen-health', {}, 'HEAD')).status).toBe(302);
    expect((await go('/go/evergreen-health', { 'Sec-Purpose': 'prefetch' })).status).toBe(302);
    expect(await todaysClicks()).toBe(before + 1);
  });

  it('appends nothing to the event log', async () => {
    const head = await server.backend.eventStore.countAfter(0n, 1_000_000);
    for (let i = 0; i < 20; i++) await go('/go/evergreen-health');
    expect(await server.backend.eventStore.countAfter(0n, 1_000_000)).toBe(head);
  });

  it.each([
    '/go/no-such-provider',
    '/go/Evergreen-Health',
    '/go/%E2%80%AE',
    '/go/evergreen-health%2F..%2Fadmin',
  ])('%s answers 404, counting nothing', async (path) => {
    const before = await todaysClicks();
    const response = await go(path);
    expect(response.status).toBe(404);
    expect(await todaysClicks()).toBe(before);
  });

  it.each(['/go/%E0%A4%A', '/go/x?utm_source=%E0%A4%A', `/go/${'a'.repeat(3000)}`, '/go/a/b'])(
    'malformed %s answers 4xx, never 5xx',
    async (path) => {
      const status = (await go(path)).status;
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
    },
  );

  it('is disallowed to crawlers in robots.txt', async () => {
    const robots = await (await request(base, '/robots.txt')).text();
    expect(robots).toContain('Disallow: /go/');
  });
});

describe('the back office report', () => {
  it("reads 90 days by default, today's clicks in the last one", async () => {
    const answer = await report();
    expect(answer.days).toHaveLength(90);
    expect(answer.days.at(-1)).toBe(clickDay(new Date()));
    const row = answer.providers.find((p) => p.providerId === providerId);
    expect(row?.name).toBe('Evergreen Health');
    expect(row?.byDay.at(-1)).toBe(row?.total);
    expect(answer.totals.at(-1)).toBe(answer.total);
  });

  it.each([
    ['0', 'days must be between 1 and 90'],
    ['91', 'days must be between 1 and 90'],
    ['abc', 'days must be a whole number'],
  ])('refuses days=%s with a message naming it', async (days, message) => {
    const response = await request(base, `${CLICK_PATHS.adminReport}?days=${days}`, { session });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fields: Record<string, string> }).fields.days).toBe(
      message,
    );
  });

  it('exports provider, date, clicks as CSV', async () => {
    const response = await request(base, CLICK_PATHS.adminCsv, { session });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="clicks-/);
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines[0]).toBe('provider,date,clicks');
    expect(lines.at(-1)).toMatch(new RegExp(`^Evergreen Health,${clickDay(new Date())},\\d+$`));
  });

  it('is for administrators only', async () => {
    expect((await request(base, CLICK_PATHS.adminReport)).status).toBe(401);
    expect((await request(base, CLICK_PATHS.adminCsv)).status).toBe(401);
  });
});
