/**
 * 'site_content': one document per content key (the back office's rows; the public read takes
 * the active ones). 'seo_overrides': one document per overridden page, keyed by its path (the
 * page head looks its path up). Keyed documents: applying an event twice rewrites the same one.
 */
import { asSiteContentEvent, SITE_CONTENT_EVENT_TYPES } from '../../domain/site-content/events';
import type { SeoOverride } from '../../domain/site-content/seo';
import type { ProjectionContext, Projector } from '../projector';
import type { Document, ReadStore } from '../read-store/port';

export const SITE_CONTENT_COLLECTIONS = {
  content: 'site_content',
  seo: 'seo_overrides',
} as const;

export type SiteContentDoc = Document & {
  key: string;
  content: string;
  active: boolean;
  createdAt: string;
  updatedAt: string;
};

export type SeoOverrideDoc = Document & SeoOverride & { updatedAt: string };

export const siteContentProjector: Projector = {
  name: 'site-content',
  version: 1,
  eventTypes: SITE_CONTENT_EVENT_TYPES,
  collections: [SITE_CONTENT_COLLECTIONS.content, SITE_CONTENT_COLLECTIONS.seo],
  async handle(recorded, ctx: ProjectionContext) {
    const event = asSiteContentEvent(recorded);
    if (!event) return;
    const at = recorded.metadata.occurredAt;
    const rows = ctx.collection<SiteContentDoc>(SITE_CONTENT_COLLECTIONS.content);
    const seo = ctx.collection<SeoOverrideDoc>(SITE_CONTENT_COLLECTIONS.seo);
    switch (event.type) {
      case 'SiteContentCreated': {
        const { key, content, active } = event.data;
        await rows.upsert({ _id: key, key, content, active, createdAt: at, updatedAt: at });
        return;
      }
      case 'SiteContentChanged': {
        const { key, content, active } = event.data;
        const known = await rows.findOne({ _id: key });
        await rows.upsert({
          _id: key,
          key,
          content,
          active,
          createdAt: known?.createdAt ?? at,
          updatedAt: at,
        });
        return;
      }
      case 'SeoOverrideSaved':
        await seo.upsert({ _id: event.data.path, ...event.data, updatedAt: at });
        return;
      case 'SeoOverrideRemoved':
        await seo.delete({ _id: event.data.path });
        return;
    }
  },
};

export function siteContentQueries(store: ReadStore) {
  const rows = () => store.collection<SiteContentDoc>(SITE_CONTENT_COLLECTIONS.content);
  const seo = () => store.collection<SeoOverrideDoc>(SITE_CONTENT_COLLECTIONS.seo);
  return {
    /** Every content row, active or not, by key (the back office). */
    siteContentRows(): Promise<SiteContentDoc[]> {
      return rows().find({}, { sort: { key: 1 } });
    },
    /** The active rows' content by key (the public pages; spec: only active rows are read). */
    async activeSiteContent(): Promise<Record<string, string>> {
      const active = await rows().find({ active: true });
      return Object.fromEntries(active.map((row) => [row.key, row.content]));
    },
    /** Every SEO override, by path (the back office, and the page head's lookup). */
    seoOverrides(): Promise<SeoOverrideDoc[]> {
      return seo().find({}, { sort: { path: 1 } });
    },
  };
}

export type SiteContentQueries = ReturnType<typeof siteContentQueries>;
