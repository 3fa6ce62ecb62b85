/**
 * A content row and an SEO override as Given(events) / When(command) / Then(events or error):
 * the first save of a key creates its row, later saves record only what changed, a save that
 * changes nothing records nothing; an override is saved, changed, removed, and removing one
 * that is not there is refused.
 */
import { describe, it } from 'vitest';
import { DecisionError } from '../../../domain/shared/decider';
import { contentRowDecider, seoOverrideDecider } from '../../../domain/site-content/decider';
import type { ContentRowEvent, SeoOverrideEvent } from '../../../domain/site-content/events';
import type { SeoOverride } from '../../../domain/site-content/seo';
import { DeciderSpecification } from '../../support/decider-specification';

describe('a content row', () => {
  const { given } = DeciderSpecification.for(contentRowDecider);
  const created: ContentRowEvent = {
    type: 'SiteContentCreated',
    data: { key: 'hero_title', content: 'Compare providers', active: true },
  };
  const set = (content: string, active: boolean) =>
    ({ type: 'SetContent', key: 'hero_title', content, active }) as const;

  it('Given no row, When a key is set, Then its row is created with its content and active flag', () => {
    given([]).when(set('Compare providers', true)).then([created]);
  });

  it('Given a row, When new content is set, Then only the content is recorded as changed', () => {
    given([created])
      .when(set('Find a provider', true))
      .then([
        {
          type: 'SiteContentChanged',
          data: {
            key: 'hero_title',
            content: 'Find a provider',
            active: true,
            changedFields: ['content'],
          },
        },
      ]);
  });

  it('Given a row, When it is switched off, Then only active is recorded as changed', () => {
    given([created])
      .when(set('Compare providers', false))
      .thenMatches([{ type: 'SiteContentChanged', data: { changedFields: ['active'] } }]);
  });

  it('Given a row, When the same content and flag are saved, Then nothing happens', () => {
    given([created]).when(set('Compare providers', true)).thenNothingHappened();
  });
});

describe('an SEO override', () => {
  const { given } = DeciderSpecification.for(seoOverrideDecider);
  const blog: SeoOverride = {
    pageType: 'page',
    pageSlug: 'blog',
    path: '/blog',
    metaTitle: 'GLP-1 articles',
    metaDescription: '',
    metaKeywords: '',
    canonicalUrl: '',
    ogImageUrl: '',
    robotsDirective: '',
  };
  const saved: SeoOverrideEvent = { type: 'SeoOverrideSaved', data: blog };
  const removed: SeoOverrideEvent = {
    type: 'SeoOverrideRemoved',
    data: { pageType: 'page', pageSlug: 'blog', path: '/blog' },
  };
  const remove = {
    type: 'RemoveOverride',
    pageType: 'page',
    pageSlug: 'blog',
    path: '/blog',
  } as const;

  it('Given no override, When one is saved, Then it is recorded with every field', () => {
    given([])
      .when({ type: 'SaveOverride', ...blog })
      .then([saved]);
  });

  it('Given an override, When a field changes, Then the whole override is saved again', () => {
    const changed = { ...blog, robotsDirective: 'noindex, follow' as const };
    given([saved])
      .when({ type: 'SaveOverride', ...changed })
      .then([{ type: 'SeoOverrideSaved', data: changed }]);
  });

  it('Given an override, When the same fields are saved, Then nothing happens', () => {
    given([saved])
      .when({ type: 'SaveOverride', ...blog })
      .thenNothingHappened();
  });

  it('Given an override, When it is removed, Then the page goes back to its defaults', () => {
    given([saved]).when(remove).then([removed]);
  });

  it('Given a removed override, When it is removed again, Then it is refused (not found)', () => {
    given([saved, removed])
      .when(remove)
      .thenThrows(DecisionError, { code: 'seo_override_not_found' });
  });

  it('Given a removed override, When it is saved again, Then it is recorded anew', () => {
    given([saved, removed])
      .when({ type: 'SaveOverride', ...blog })
      .then([saved]);
  });
});
