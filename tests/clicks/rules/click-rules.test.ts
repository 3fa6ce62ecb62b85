import { describe, expect, it } from 'vitest';
import { goPath } from '../../../domain/clicks/paths';
import { clickCsvRows, clickReport, UNKNOWN_PROVIDER_NAME } from '../../../domain/clicks/report';
import { clickDay, clickVerdict, dailyTotals, lastDays } from '../../../domain/clicks/rules';
import { outboundUrl, providerSlug } from '../../../domain/providers';
import { csvLine } from '../../../domain/shared/csv';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe('which requests to /go count as a click', () => {
  it.each([
    ['Chrome on Windows', 'GET', CHROME, undefined, 'counted'],
    ['Safari on an iPhone', 'GET', IPHONE, undefined, 'counted'],
    ['Firefox on Linux', 'GET', FIREFOX, undefined, 'counted'],
    [
      'Googlebot',
      'GET',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      undefined,
      'bot',
    ],
    [
      'Bingbot',
      'GET',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      undefined,
      'bot',
    ],
    [
      'AhrefsBot',
      'GET',
      'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
      undefined,
      'bot',
    ],
    [
      'GPTBot',
      'GET',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
      undefined,
      'bot',
    ],
    [
      'Slack link preview',
      'GET',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      undefined,
      'bot',
    ],
    ['curl', 'GET', 'curl/8.5.0', undefined, 'bot'],
    ['python requests', 'GET', 'python-requests/2.32.3', undefined, 'bot'],
    [
      'headless Chrome',
      'GET',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      undefined,
      'bot',
    ],
    ['no user agent', 'GET', undefined, undefined, 'no-user-agent'],
    ['blank user agent', 'GET', '   ', undefined, 'no-user-agent'],
    ['HEAD from a browser', 'HEAD', CHROME, undefined, 'head'],
    ['a browser prefetch', 'GET', CHROME, 'prefetch', 'prefetch'],
    ['a prerender', 'GET', CHROME, 'prefetch;prerender', 'prefetch'],
  ])('%s: %s', (_case, method, userAgent, purpose, expected) => {
    const verdict = clickVerdict({ method, userAgent, purpose });
    expect(verdict.counted ? 'counted' : verdict.reason).toBe(expected);
  });
});

describe('the day a click belongs to (UTC)', () => {
  it.each([
    ['2026-11-23T00:00:00Z', '2026-11-23'],
    ['2026-11-23T23:59:59.999Z', '2026-11-23'],
    ['2026-11-23T23:30:00-05:00', '2026-11-24'],
  ])('%s -> %s', (at, day) => {
    expect(clickDay(new Date(at))).toBe(day);
  });

  it('lists the last days oldest first, across a month end', () => {
    expect(lastDays(new Date('2026-03-02T10:00:00Z'), 4)).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(lastDays(new Date('2026-11-23T12:00:00Z'), 90)).toHaveLength(90);
  });
});

describe('the outbound link of a card and where /go sends it', () => {
  it.each([
    ['Evergreen Health', '', '/go/evergreen-health'],
    ['Hims & Hers', '?utm_source=news', '/go/hims-hers?utm_source=news'],
    ['Ro', '?sort=price&utm_medium=cpc&weight=95', '/go/ro?utm_medium=cpc'],
    ['Médi Clinic', 'gclid=x', '/go/medi-clinic?gclid=x'],
    ['!!!', '', '/go/provider'],
  ])('%s with %j -> %s', (name, query, expected) => {
    expect(goPath(providerSlug(name), query)).toBe(expected);
  });

  it.each([
    [
      'allowed parameters and the tag',
      'utm_source=news&utm_campaign=glp1',
      'https://acme.example/start?utm_source=news&utm_campaign=glp1&ref=vialcompare',
    ],
    [
      'forbidden parameters dropped',
      'sort=price&weight=95&utm_source=news',
      'https://acme.example/start?utm_source=news&ref=vialcompare',
    ],
    [
      'a visitor cannot replace the affiliate tag',
      'ref=someone-else',
      'https://acme.example/start?ref=vialcompare',
    ],
    ['nothing from the visitor', '', 'https://acme.example/start?ref=vialcompare'],
  ])('%s', (_case, query, expected) => {
    expect(outboundUrl('https://acme.example/start', 'ref=vialcompare', query)).toBe(expected);
  });
});

describe('the click report', () => {
  const days = ['2026-11-21', '2026-11-22', '2026-11-23'];
  const names = new Map([
    ['p1', 'Evergreen Health'],
    ['p2', '=HYPERLINK("http://evil.example")'],
  ]);
  const report = clickReport(
    days,
    [
      { day: '2026-11-21', providerId: 'p1', clicks: 3 },
      { day: '2026-11-23', providerId: 'p1', clicks: 2 },
      { day: '2026-11-23', providerId: 'p2', clicks: 7 },
      { day: '2026-11-22', providerId: 'gone', clicks: 1 },
      { day: '2026-10-01', providerId: 'p1', clicks: 99 },
    ],
    (id) => names.get(id),
  );

  it('totals each day, every day present, providers by clicks', () => {
    expect(report.totals).toEqual([3, 1, 9]);
    expect(report.total).toBe(13);
    expect(report.providers.map((p) => [p.name, p.total, p.byDay])).toEqual([
      ['=HYPERLINK("http://evil.example")', 7, [0, 0, 7]],
      ['Evergreen Health', 5, [3, 0, 2]],
      [UNKNOWN_PROVIDER_NAME, 1, [0, 1, 0]],
    ]);
    expect(dailyTotals(days, [{ day: '2026-11-22', providerId: 'p1', clicks: 4 }])).toEqual([
      { day: '2026-11-21', clicks: 0 },
      { day: '2026-11-22', clicks: 4 },
      { day: '2026-11-23', clicks: 0 },
    ]);
  });

  it('exports provider, date, clicks, a formula-looking name made inert', () => {
    const csv = clickCsvRows(report)
      .map((row) => csvLine(row))
      .join('');
    expect(csv).toBe(
      'Evergreen Health,2026-11-21,3\r\n' +
        'Removed provider,2026-11-22,1\r\n' +
        `"'=HYPERLINK(""http://evil.example"")",2026-11-23,7\r\n` +
        'Evergreen Health,2026-11-23,2\r\n',
    );
  });
});
