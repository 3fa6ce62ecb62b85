/**
 * A content row (one key) and an SEO override (one page) as deciders. The content arrives
 * already validated for its key (validateSiteContent); a save that changes nothing appends
 * nothing, so the audit log holds only real changes.
 */
import { decisionErrors, type Decider } from '../shared/decider';
import type { ContentRowEvent, SeoOverrideEvent } from './events';
import type { SiteContentKey } from './keys';
import { SEO_FIELD_NAMES, type SeoOverride } from './seo';

export type ContentRowState =
  { status: 'absent' } | { status: 'present'; content: string; active: boolean };

export type ContentRowCommand = {
  type: 'SetContent';
  key: SiteContentKey;
  content: string;
  active: boolean;
};

export const siteContentErrors = decisionErrors({
  seo_override_not_found: 'There is no SEO override for this page.',
});

export const contentRowDecider: Decider<ContentRowCommand, ContentRowEvent, ContentRowState> = {
  initialState: { status: 'absent' },
  evolve: (_state, event) => ({
    status: 'present',
    content: event.data.content,
    active: event.data.active,
  }),
  decide({ key, content, active }, state) {
    if (state.status === 'absent') {
      return [{ type: 'SiteContentCreated', data: { key, content, active } }];
    }
    const changedFields = [
      ...(state.content === content ? [] : (['content'] as const)),
      ...(state.active === active ? [] : (['active'] as const)),
    ];
    if (changedFields.length === 0) return [];
    return [{ type: 'SiteContentChanged', data: { key, content, active, changedFields } }];
  },
};

export type SeoOverrideState = { status: 'absent' } | { status: 'present'; override: SeoOverride };

export type SeoOverrideCommand =
  | ({ type: 'SaveOverride' } & SeoOverride)
  | { type: 'RemoveOverride'; pageType: SeoOverride['pageType']; pageSlug: string; path: string };

export const seoOverrideDecider: Decider<SeoOverrideCommand, SeoOverrideEvent, SeoOverrideState> = {
  initialState: { status: 'absent' },
  evolve(_state, event) {
    if (event.type === 'SeoOverrideRemoved') return { status: 'absent' };
    return { status: 'present', override: event.data };
  },
  decide(command, state) {
    const { pageType, pageSlug, path } = command;
    if (command.type === 'RemoveOverride') {
      if (state.status === 'absent') siteContentErrors.fail('seo_override_not_found');
      return [{ type: 'SeoOverrideRemoved', data: { pageType, pageSlug, path } }];
    }
    const { type: _type, ...override } = command;
    if (
      state.status === 'present' &&
      SEO_FIELD_NAMES.every((name) => state.override[name] === override[name])
    ) {
      return [];
    }
    return [{ type: 'SeoOverrideSaved', data: override }];
  },
};
