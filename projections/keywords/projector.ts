/**
 * 'trending_keywords': one document per keyword (deleted ones are removed), keyed by its id,
 * for the back office's list and the public /trending-keywords page, in the list's order.
 */
import { asKeywordEvent, KEYWORD_EVENT_TYPES } from '../../domain/keywords/events';
import { keywordKey } from '../../domain/keywords/rules';
import type { Projector } from '../projector';
import type { Document, Filter, ReadStore } from '../read-store/port';

export const KEYWORDS_COLLECTION = 'trending_keywords';

export type KeywordDoc = Document & {
  keyword: string;
  /** Lowercase text, searched by the back office and unique (the reservation streams). */
  key: string;
  category: string;
  note: string;
  active: boolean;
  position: number;
  createdAt: string;
  updatedAt: string;
};

export const keywordsProjector: Projector = {
  name: 'trending-keywords',
  version: 1,
  eventTypes: KEYWORD_EVENT_TYPES,
  collections: [KEYWORDS_COLLECTION],
  async handle(recorded, ctx) {
    const event = asKeywordEvent(recorded);
    if (!event) return;
    const collection = ctx.collection<KeywordDoc>(KEYWORDS_COLLECTION);
    const at = recorded.metadata.occurredAt;
    const _id = event.data.keywordId;
    switch (event.type) {
      case 'KeywordCreated': {
        const { keyword, category, note, position } = event.data;
        await collection.upsert({
          _id,
          keyword,
          key: keywordKey(keyword),
          category,
          note,
          active: true,
          position,
          createdAt: at,
          updatedAt: at,
        });
        return;
      }
      case 'KeywordUpdated': {
        const { keyword, category, note } = event.data;
        await collection.update(
          { _id },
          { $set: { keyword, key: keywordKey(keyword), category, note, updatedAt: at } },
        );
        return;
      }
      case 'KeywordMoved':
        await collection.update(
          { _id },
          { $set: { position: event.data.position, updatedAt: at } },
        );
        return;
      case 'KeywordActivated':
      case 'KeywordDeactivated':
        await collection.update(
          { _id },
          { $set: { active: event.type === 'KeywordActivated', updatedAt: at } },
        );
        return;
      case 'KeywordDeleted':
        await collection.delete({ _id });
        return;
    }
  },
};

export interface KeywordListParams {
  q?: string;
  status?: 'active' | 'inactive';
  page: number;
  pageSize: number;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The list's order: position, then the older first (ties after concurrent moves). */
const ORDER = { position: 1, createdAt: 1, _id: 1 } as const;

export function keywordQueries(store: ReadStore) {
  const collection = () => store.collection<KeywordDoc>(KEYWORDS_COLLECTION);
  return {
    /** The back office's list in order: one page, the total matching. */
    async keywordPage(params: KeywordListParams) {
      const filter: Filter = {};
      if (params.status) filter.active = params.status === 'active';
      const q = params.q?.trim().toLowerCase();
      if (q) {
        filter.$or = [
          { key: { $regex: escapeRegex(q) } },
          { category: { $regex: escapeRegex(q), $options: 'i' } },
        ];
      }
      const [rows, total] = await Promise.all([
        collection().find(filter, {
          sort: ORDER,
          skip: (params.page - 1) * params.pageSize,
          limit: params.pageSize,
        }),
        collection().count(filter),
      ]);
      return { rows, total };
    },
    keyword(keywordId: string): Promise<KeywordDoc | null> {
      return collection().findOne({ _id: keywordId });
    },
    /** Every keyword's id and position in the list's order (what a move reorders). */
    keywordOrder(): Promise<KeywordDoc[]> {
      return collection().find({}, { sort: ORDER, projection: { _id: 1, position: 1 } });
    },
    /** The public page: the active keywords in order. */
    activeKeywords(): Promise<KeywordDoc[]> {
      return collection().find({ active: true }, { sort: ORDER });
    },
  };
}

export type KeywordQueries = ReturnType<typeof keywordQueries>;
