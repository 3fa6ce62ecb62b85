/** The provider read side's questions. Public pages and admin lists read only these. */
import type { ReadStore } from '../read-store/port';
import { providerDatesQueries } from './dates';
import { vialScoreMethodQueries } from './method';
import { PROVIDER_COLLECTIONS, type AdminProviderDoc, type ProviderCardDoc } from './views';

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function providerQueries(store: ReadStore) {
  return {
    ...providerDatesQueries(store),
    ...vialScoreMethodQueries(store),
    /** The public ranking: featured providers, best first. */
    featuredProviderCards(): Promise<ProviderCardDoc[]> {
      return store
        .collection<ProviderCardDoc>(PROVIDER_COLLECTIONS.ranking)
        .find({}, { sort: { rank: 1 } });
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
      return store
        .collection<AdminProviderDoc>(PROVIDER_COLLECTIONS.adminProviders)
        .find(filter, { sort: { createdAt: -1, _id: 1 } });
    },

    adminProvider(id: string): Promise<AdminProviderDoc | null> {
      return store
        .collection<AdminProviderDoc>(PROVIDER_COLLECTIONS.adminProviders)
        .findOne({ _id: id });
    },
  };
}

export type ProviderQueries = ReturnType<typeof providerQueries>;
