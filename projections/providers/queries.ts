/** The provider read side's questions. Public pages and admin lists read only these. */
import { TRASH_DAYS } from '../../domain/providers/decider';
import type { ProviderFacts } from '../../domain/providers/offers';
import type { Filter, ReadStore, Sort } from '../read-store/port';
import { providerChangesQueries } from './changes';
import { providerDatesQueries } from './dates';
import { vialScoreMethodQueries } from './method';
import { providerPageQueries } from './pages';
import { pricedCollection } from './stored-prices';
import {
  PROVIDER_COLLECTIONS,
  PUBLIC_PROVIDERS,
  type AdminProviderDoc,
  type ProviderCardDoc,
  type TrashedProviderDoc,
} from './views';

/** The back-office list's filters and order (the API's parameters, already checked). */
export interface AdminProviderListQuery {
  q?: string;
  featured?: 'yes' | 'no';
  status?: 'draft' | 'published';
  state?: string;
  minScore?: number;
  sort?: 'name' | 'vialScore' | 'trustpilotScore' | 'googleScore' | 'updatedAt' | 'createdAt';
  dir?: 'asc' | 'desc';
}

const SORT_FIELDS: Record<NonNullable<AdminProviderListQuery['sort']>, string> = {
  name: 'name',
  vialScore: 'vialScore.outOf10',
  trustpilotScore: 'trustpilotScore',
  googleScore: 'googleScore',
  updatedAt: 'updatedAt',
  createdAt: 'createdAt',
};

function listFilter({ q, featured, status, state, minScore }: AdminProviderListQuery): Filter {
  const term = q?.trim();
  const filter: Filter = {};
  if (term) {
    filter.$or = ['name', 'description'].map((field) => ({
      [field]: { $regex: escapeRegex(term), $options: 'i' },
    }));
  }
  if (featured) filter.featured = featured === 'yes';
  if (status === 'draft') filter.draft = true;
  if (status === 'published') Object.assign(filter, PUBLIC_PROVIDERS);
  if (state) filter.states = state;
  if (minScore !== undefined) filter['vialScore.outOf10'] = { $gte: minScore };
  return filter;
}

/** Newest first unless asked otherwise; ties by id, so pages never overlap. */
function listSort({ sort, dir }: AdminProviderListQuery): Sort {
  if (!sort) return { createdAt: -1, _id: 1 };
  const direction = dir === 'desc' ? -1 : 1;
  return { [SORT_FIELDS[sort]]: direction, _id: 1 };
}

const TRASH_MS = TRASH_DAYS * 24 * 60 * 60 * 1000;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function providerQueries(store: ReadStore) {
  return {
    ...providerDatesQueries(store),
    ...vialScoreMethodQueries(store),
    ...providerPageQueries(store),
    ...providerChangesQueries(store),
    /** The public ranking: featured providers, best first. */
    featuredProviderCards(): Promise<ProviderCardDoc[]> {
      return store
        .collection<ProviderCardDoc>(PROVIDER_COLLECTIONS.ranking)
        .find({}, { sort: { rank: 1 } });
    },

    /**
     * One page of the ranking in its own order (rank, then id: the list view's tie-break),
     * optionally only the cards offering `medication`, and how many there are: the home page's
     * top N copies N cards, not the whole ranking.
     */
    async featuredProviderCardPage(options: {
      medication: string | undefined;
      skip: number;
      limit: number;
    }): Promise<{ cards: ProviderCardDoc[]; total: number }> {
      const ranking = store.collection<ProviderCardDoc>(PROVIDER_COLLECTIONS.ranking);
      const filter = options.medication ? { medications: options.medication } : {};
      const [cards, total] = await Promise.all([
        ranking.find(filter, {
          sort: { rank: 1, _id: 1 },
          skip: options.skip,
          limit: options.limit,
        }),
        ranking.count(filter),
      ]);
      return { cards, total };
    },

    /** Back-office list, newest first; `search` matches name or description, any case. */
    adminProviders(search?: string): Promise<AdminProviderDoc[]> {
      const term = search?.trim();
      const filter = term
        ? {
            $or: ['name', 'description'].map((field) => ({
              [field]: { $regex: escapeRegex(term), $options: 'i' },
            })),
          }
        : {};
      return pricedCollection(
        store.collection<AdminProviderDoc>(PROVIDER_COLLECTIONS.adminProviders),
      ).find(filter, { sort: { createdAt: -1, _id: 1 } });
    },

    /** The filtered, sorted list: one page and how many match. */
    async adminProviderPage(
      query: AdminProviderListQuery,
      page: number,
      pageSize: number,
    ): Promise<{ rows: AdminProviderDoc[]; total: number }> {
      const admin = pricedCollection(
        store.collection<AdminProviderDoc>(PROVIDER_COLLECTIONS.adminProviders),
      );
      const filter = listFilter(query);
      const [rows, total] = await Promise.all([
        admin.find(filter, { sort: listSort(query), skip: (page - 1) * pageSize, limit: pageSize }),
        admin.count(filter),
      ]);
      return { rows, total };
    },

    /** Every match of the list's filters, in its order (the CSV export). */
    adminProviderList(query: AdminProviderListQuery): Promise<AdminProviderDoc[]> {
      return pricedCollection(
        store.collection<AdminProviderDoc>(PROVIDER_COLLECTIONS.adminProviders),
      ).find(listFilter(query), { sort: listSort(query) });
    },

    /** Removed providers that can still be restored (removed in the last TRASH_DAYS days), newest first. */
    async trashedProviders(now = new Date()): Promise<TrashedProviderDoc[]> {
      const since = new Date(now.getTime() - TRASH_MS).toISOString();
      return pricedCollection(
        store.collection<TrashedProviderDoc>(PROVIDER_COLLECTIONS.trash),
      ).find({ removedAt: { $gte: since } }, { sort: { removedAt: -1, _id: 1 } });
    },

    adminProvider(id: string): Promise<AdminProviderDoc | null> {
      return pricedCollection(
        store.collection<AdminProviderDoc>(PROVIDER_COLLECTIONS.adminProviders),
      ).findOne({ _id: id });
    },

    /**
     * Every listed provider's id, name and entered facts (offers, fees, terms, trust: issue 25),
     * by name: what the back office's 'needs recheck' list reads (domain/providers/facts.ts).
     * Providers never given facts are left out.
     */
    async providersWithFacts(): Promise<ProviderFactsDoc[]> {
      const docs = await store
        .collection<AdminProviderDoc>(PROVIDER_COLLECTIONS.adminProviders)
        .find(
          { facts: { $exists: true } },
          { sort: { name: 1, _id: 1 }, projection: { _id: 1, name: 1, facts: 1 } },
        );
      return docs.flatMap((doc) =>
        doc.facts ? [{ id: doc._id, name: doc.name, ...doc.facts }] : [],
      );
    },
  };
}

/** A provider as providersWithFacts reads it: its id, name and entered facts (null: none). */
export type ProviderFactsDoc = { id: string; name: string } & ProviderFacts;

export type ProviderQueries = ReturnType<typeof providerQueries>;
