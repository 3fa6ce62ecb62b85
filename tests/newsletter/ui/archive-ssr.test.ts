/**
 * The public newsletter archive, server-rendered: /newsletter lists sent issues (subject, date,
 * preheader) or says none was sent yet, with the signup form; /newsletter/{slug} renders the
 * issue's body with its date; an unknown or unsent slug is 404, noindex, without a canonical.
 * Both pages announce the archive's RSS feed.
 */
import { describe, expect, it } from 'vitest';
import { render } from '../../../web/entry-server';
import { PROVIDER_PATHS } from '../../../api/providers/contracts';
import { SITE_CONTENT_PATHS } from '../../../api/site-content/contracts';
import { ARCHIVE_PATHS, type ArchivedIssue } from '../../../web/features/newsletter/api/archive';
import { fakeApiClient } from '../../support/web-fixtures';

const SITE_URL = 'https://vial.example';
const FEED = `<link rel="alternate" type="application/rss+xml" title="VialCompare newsletter" href="${SITE_URL}/newsletter/rss.xml"`;

const issue: ArchivedIssue = {
  slug: '2026-11-23-prices-this-week',
  subject: 'Prices this week',
  preheader: 'Two providers lowered semaglutide',
  sentAt: '2026-11-23T08:00:00.000Z',
  bodyHtml: '<h2>Price drops</h2><p>Acme — Semaglutide 2.5 mg: $299 → $249</p>',
};

const summary = ({ bodyHtml: _body, ...rest }: ArchivedIssue) => rest;

async function renderPage(path: string, answers: Record<string, unknown>) {
  const response = await render({
    request: new Request(`http://localhost${path}`, { headers: { Accept: 'text/html' } }),
    api: fakeApiClient({ [PROVIDER_PATHS.featured]: [], [SITE_CONTENT_PATHS.all]: {}, ...answers }),
    nonce: 'n',
    assets: { scripts: [], styles: [] },
    siteUrl: SITE_URL,
  });
  return { status: response.status, html: (await response.text()).replace(/<!-- -->/g, '') };
}

const canonicals = (html: string) =>
  [...html.matchAll(/<link rel="canonical" href="([^"]+)"/g)].map((m) => m[1]);

describe('/newsletter', () => {
  it('lists the sent issues, newest first, with the feed and the signup form', async () => {
    const older = {
      ...issue,
      slug: '2026-11-16-a-quiet-week',
      subject: 'Two new providers',
      sentAt: '2026-11-16T08:00:00.000Z',
    };
    const { status, html } = await renderPage('/newsletter', {
      [ARCHIVE_PATHS.issues]: [summary(issue), summary(older)],
    });
    expect(status).toBe(200);
    expect(html).toContain('<h1');
    expect(html).toContain('Newsletter archive');
    expect(html.indexOf('Prices this week')).toBeLessThan(html.indexOf('Two new providers'));
    expect(html).toContain('href="/newsletter/2026-11-23-prices-this-week"');
    expect(html).toContain('Nov 23, 2026');
    expect(html).toContain('Two providers lowered semaglutide');
    expect(html).toContain(FEED);
    expect(canonicals(html)).toEqual([`${SITE_URL}/newsletter`]);
    expect(html).toContain('name="email"');
    expect(html).not.toContain('No issues have been sent yet.');
  });

  it('says no issue has been sent yet, and offers the signup', async () => {
    const { status, html } = await renderPage('/newsletter', {
      [ARCHIVE_PATHS.issues]: [],
    });
    expect(status).toBe(200);
    expect(html).toContain('No issues have been sent yet.');
    expect(html).toContain('href="#subscribe"');
    expect(html).toContain('name="email"');
  });
});

describe('/newsletter/{slug}', () => {
  it("renders the issue's body with its date, head and feed", async () => {
    const { status, html } = await renderPage(`/newsletter/${issue.slug}`, {
      [ARCHIVE_PATHS.issue(issue.slug)]: { status: 'found', issue },
    });
    expect(status).toBe(200);
    expect(html).toContain('<h2>Price drops</h2>');
    expect(html).toContain('Acme — Semaglutide 2.5 mg: $299 → $249');
    expect(html).toContain('<time dateTime="2026-11-23T08:00:00.000Z">Nov 23, 2026</time>');
    expect(html).toContain('<title>Prices this week');
    expect(html).toContain('<meta name="description" content="Two providers lowered semaglutide"');
    expect(html).toContain(
      '<meta property="article:published_time" content="2026-11-23T08:00:00.000Z"',
    );
    expect(html).toContain(FEED);
    expect(canonicals(html)).toEqual([`${SITE_URL}/newsletter/${issue.slug}`]);
    expect(html).toContain('Get the next issue by e-mail');
  });

  it('is Issue not found (404, noindex, no canonical) when the server has no sent issue there', async () => {
    const { status, html } = await renderPage('/newsletter/a-draft', {
      [ARCHIVE_PATHS.issue('a-draft')]: { status: 'missing', slug: 'a-draft' },
    });
    expect(status).toBe(404);
    expect(html).toContain('Issue not found');
    expect(html).toContain('<meta name="robots" content="noindex"');
    expect(canonicals(html)).toEqual([]);
  });

  it('is Issue not found too when the read answers 404', async () => {
    const { status, html } = await renderPage('/newsletter/gone', {});
    expect(status).toBe(404);
    expect(html).toContain('Issue not found');
  });
});
