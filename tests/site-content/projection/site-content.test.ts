/**
 * The site content read models and audit entries: given events -> documents. Only active rows
 * reach the public read; a removed override is gone; a replay rewrites the same documents; the
 * audit log shows each change with before -> after under the key.
 */
import { describe, expect, it } from 'vitest';
import { appQueries } from '../../../workers/bootstrap/composition';
import { seoOverrideStreamId, siteContentStreamId } from '../../../domain/site-content/events';
import { siteContentProjector, siteContentQueries } from '../../../projections/site-content';
import { history } from '../../support/events';
import { appProjector, project } from '../../support/projections';

const blog = {
  pageType: 'page',
  pageSlug: 'blog',
  path: '/blog',
  metaTitle: 'GLP-1 articles',
  metaDescription: '',
  metaKeywords: '',
  canonicalUrl: '',
  ogImageUrl: '',
  robotsDirective: '',
} as const;

function edits() {
  const h = history();
  h.add(siteContentStreamId('hero_title'), 'SiteContentCreated', {
    key: 'hero_title',
    content: 'Compare providers',
    active: true,
  });
  h.add(siteContentStreamId('hero_subtitle'), 'SiteContentCreated', {
    key: 'hero_subtitle',
    content: 'Hidden for now',
    active: false,
  });
  h.add(
    siteContentStreamId('hero_title'),
    'SiteContentChanged',
    { key: 'hero_title', content: 'Find a provider', active: true, changedFields: ['content'] },
    { occurredAt: '2025-03-15T09:00:00.000Z' },
  );
  h.add(seoOverrideStreamId(blog), 'SeoOverrideSaved', blog);
  h.add(seoOverrideStreamId({ pageType: 'page', pageSlug: 'about' }), 'SeoOverrideSaved', {
    ...blog,
    pageSlug: 'about',
    path: '/about',
  });
  h.add(seoOverrideStreamId({ pageType: 'page', pageSlug: 'about' }), 'SeoOverrideRemoved', {
    pageType: 'page',
    pageSlug: 'about',
    path: '/about',
  });
  return h.events;
}

describe('site content read models', () => {
  it('keeps every row for the back office and only the active ones for the pages', async () => {
    const queries = siteContentQueries(await project(siteContentProjector, edits()));
    expect(await queries.activeSiteContent()).toEqual({ hero_title: 'Find a provider' });
    const rows = await queries.siteContentRows();
    expect(rows.map((r) => [r.key, r.active])).toEqual([
      ['hero_subtitle', false],
      ['hero_title', true],
    ]);
    expect(rows[1]).toMatchObject({
      createdAt: '2025-03-14T10:00:00.000Z',
      updatedAt: '2025-03-15T09:00:00.000Z',
    });
    expect((await queries.seoOverrides()).map((o) => o.path)).toEqual(['/blog']);
  });

  it('applying the same events again (a replay after a crash) leaves the same documents', async () => {
    const once = siteContentQueries(await project(siteContentProjector, edits()));
    const twice = siteContentQueries(await project(siteContentProjector, [...edits(), ...edits()]));
    expect(await twice.siteContentRows()).toEqual(await once.siteContentRows());
    expect(await twice.seoOverrides()).toEqual(await once.seoOverrides());
  });

  it("the audit log names the key and shows each change's before -> after", async () => {
    const store = await project(appProjector('audit_log'), edits());
    const entries = await appQueries(store).auditLog({ subjectId: 'hero_title' });
    expect(entries.map((e) => e.summary)).toEqual([
      'Changed the site content "hero_title": content',
      'Created the site content "hero_title"',
    ]);
    expect(entries[0]?.changes).toEqual([
      { field: 'content', before: 'Compare providers', after: 'Find a provider' },
    ]);
    expect(entries[0]?.subject).toEqual({
      kind: 'site-content',
      id: 'hero_title',
      name: 'Hero title (hero_title)',
    });
    const about = await appQueries(store).auditLog({ subjectId: '/about' });
    expect(about.map((e) => e.eventType)).toEqual(['SeoOverrideRemoved', 'SeoOverrideSaved']);
  });
});
