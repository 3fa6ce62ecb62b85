/** The providers capability's read side. */
export {
  providersProjector,
  adminProviderView,
  applyToOwnRecord,
  applyToRecord,
} from './projector';
export { rankWithPublishedScores, type RankableProvider } from './ranking';
export { providerAudit } from './audit';
export { providerCounters } from './counters';
export { providerQueries, type ProviderQueries } from './queries';
export { providerSearch } from './search';
export { providerDatesProjector, providerDatesQueries, PROVIDER_DATES_COLLECTION } from './dates';
export { vialScoreMethodQueries, type VialScoreExample } from './method';
export * from './views';
export {
  providerHistoryProjector,
  providerHistoryQueries,
  PROVIDER_HISTORY_COLLECTION,
  type ProviderHistoryDoc,
} from './history';
export { providerPageQueries, type ListedProviderLink } from './pages';
export {
  pricedCollection,
  toStoredPrices,
  fromStoredPrices,
  type DosePrice,
  type StoredPrices,
} from './stored-prices';
export {
  providerChangesProjector,
  providerChangesQueries,
  PROVIDER_CHANGES_COLLECTION,
  PROVIDER_CHANGE_BASES_COLLECTION,
  PROVIDER_CHANGES_PAGE_SIZE,
  type ProviderChangeDoc,
} from './changes';
