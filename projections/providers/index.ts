/** The providers capability's read side. */
export { providersProjector, adminProviderView } from './projector';
export { providerAudit } from './audit';
export { providerCounters } from './counters';
export { providerQueries, type ProviderQueries } from './queries';
export * from './views';
