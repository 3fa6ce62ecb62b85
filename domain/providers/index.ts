/** The providers capability's domain, as other capabilities reach it (docs/architecture.md). */
export type { ProviderCard } from './provider-card';
export { asProviderEvent, PROVIDER_EVENT_TYPES, type ProviderEvent } from './events';
export { allowedVisitorParams, outboundUrl } from './affiliate-link';
export { providerSlug, PROVIDER_SLUG_PATTERN } from './slug';
