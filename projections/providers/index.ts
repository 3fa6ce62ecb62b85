/** The providers capability's read side. */
export { providersProjector, adminProviderView, applyToRecord } from './projector';
export { rankWithPublishedScores, type RankableProvider } from './ranking';
export { providerAudit } from './audit';
export { providerCounters } from './counters';
export { providerQueries, type ProviderQueries } from './queries';
export * from './views';
