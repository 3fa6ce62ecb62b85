/**
 * What /go and the report need to know of providers: the listed providers' names, slugs and
 * link settings (read from the providers capability's back-office collection), and the names
 * of providers removed in the last 30 days (their past clicks still show under their name).
 */
import { providerSlug } from '../../domain/providers';
import {
  PROVIDER_COLLECTIONS,
  PUBLIC_PROVIDERS,
  type AdminProviderDoc,
  type TrashedProviderDoc,
} from '../providers';
import type { ReadStore } from '../read-store/port';

/** A provider as /go sees it. */
export interface ClickTarget {
  providerId: string;
  name: string;
  slug: string;
  websiteUrl: string;
  affiliateTag: string;
  createdAt: string;
}

export function clickQueries(store: ReadStore) {
  return {
    /**
     * Every listed provider, oldest listing first: when two names give the same slug, /go
     * sends to the first listed (its slug was there first).
     */
    async clickTargets(): Promise<ClickTarget[]> {
      const docs = await store
        .collection<AdminProviderDoc>(PROVIDER_COLLECTIONS.adminProviders)
        // A draft (issue 27) has no public link yet: /go/{its slug} is not found.
        .find(PUBLIC_PROVIDERS, { sort: { createdAt: 1, _id: 1 } });
      return docs.map((doc) => ({
        providerId: doc._id,
        name: doc.name,
        slug: providerSlug(doc.name),
        websiteUrl: doc.websiteUrl,
        affiliateTag: doc.affiliateTag,
        createdAt: doc.createdAt,
      }));
    },
    /** Names of providers in the trash, by id (a report names their past clicks). */
    async removedProviderNames(): Promise<Map<string, string>> {
      const docs = await store
        .collection<TrashedProviderDoc>(PROVIDER_COLLECTIONS.trash)
        .find({}, { sort: { removedAt: -1, _id: 1 } });
      return new Map(docs.map((doc) => [doc._id, doc.name]));
    },
  };
}

export type ClickQueries = ReturnType<typeof clickQueries>;
