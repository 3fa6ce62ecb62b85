/**
 * How site content and SEO override events read in the audit log. A content row's subject is
 * its key and remembers its content, so each change shows before -> after; an override's
 * subject is its page path and remembers its fields.
 */
import { SITE_CONTENT_EVENT_TYPES, asSiteContentEvent } from '../../domain/site-content/events';
import { SITE_CONTENT_KEYS, isSiteContentKey } from '../../domain/site-content/keys';
import { SEO_FIELD_NAMES } from '../../domain/site-content/seo';
import { quoted, type AuditDescriber } from '../audit';
import type { AuditChange } from '../views';

const labelOf = (key: string) => (isSiteContentKey(key) ? SITE_CONTENT_KEYS[key].label : key);

export const siteContentAudit: AuditDescriber = {
  eventTypes: SITE_CONTENT_EVENT_TYPES,
  subjectOf(recorded) {
    const event = asSiteContentEvent(recorded);
    if (event?.type === 'SiteContentCreated' || event?.type === 'SiteContentChanged') {
      return { kind: 'site-content', id: event.data.key };
    }
    return { kind: 'seo-override', id: (recorded.data as { path: string }).path };
  },
  describe(recorded, id, known) {
    const event = asSiteContentEvent(recorded);
    if (!event) throw new Error(`Not a site content event: ${recorded.type}`);
    switch (event.type) {
      case 'SiteContentCreated': {
        const { key, content, active } = event.data;
        const name = `${labelOf(key)} (${key})`;
        return {
          subject: { kind: 'site-content', id, name },
          summary: `Created the site content ${quoted(key)}${active ? '' : ' (inactive)'}`,
          changedFields: ['content', 'active'],
          changes: [
            { field: 'content', after: content },
            { field: 'active', after: active },
          ],
          remember: { name, content, active },
        };
      }
      case 'SiteContentChanged': {
        const { key, content, active, changedFields } = event.data;
        const name = `${labelOf(key)} (${key})`;
        const after: Record<string, unknown> = { content, active };
        return {
          subject: { kind: 'site-content', id, name },
          summary: `Changed the site content ${quoted(key)}: ${changedFields.join(', ')}`,
          changedFields: [...changedFields],
          changes: changedFields.map((field): AuditChange =>
            known && field in known
              ? { field, before: known[field], after: after[field] }
              : { field, after: after[field] },
          ),
          remember: { name, content, active },
        };
      }
      case 'SeoOverrideSaved': {
        const fields = SEO_FIELD_NAMES.filter((f) => (known?.[f] ?? '') !== event.data[f]);
        const remember = Object.fromEntries(SEO_FIELD_NAMES.map((f) => [f, event.data[f]]));
        return {
          subject: { kind: 'seo-override', id, name: event.data.path },
          summary: `Saved the SEO override of ${event.data.path}`,
          changedFields: fields,
          changes: fields.map((field) =>
            known
              ? { field, before: known[field] ?? '', after: event.data[field] }
              : { field, after: event.data[field] },
          ),
          remember: { name: event.data.path, ...remember },
        };
      }
      case 'SeoOverrideRemoved': {
        const cleared = Object.fromEntries(SEO_FIELD_NAMES.map((f) => [f, '']));
        return {
          subject: { kind: 'seo-override', id, name: event.data.path },
          summary: `Removed the SEO override of ${event.data.path} (the page's defaults apply)`,
          changedFields: [],
          remember: { name: event.data.path, ...cleared },
        };
      }
    }
  },
};
