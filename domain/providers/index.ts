/** The providers capability's domain, as other capabilities reach it (docs/architecture.md). */
export type { CardFieldsCache, ProviderCard } from './provider-card';
export { asProviderEvent, PROVIDER_EVENT_TYPES, type ProviderEvent } from './events';
export { allowedVisitorParams, outboundUrl } from './affiliate-link';
export { providerSlug, PROVIDER_SLUG_PATTERN } from './slug';
export {
  type Fees,
  type FeeAmount,
  type Offer,
  type ProviderFacts,
  type Terms,
  type Trust,
} from './offers';
export { effectiveOffers } from './offer-tables';
export {
  oneTimeFeeLabel,
  OFFER_FORM_FAMILIES,
  OFFER_FORMS,
  type OfferForm,
  type OfferFormFamily,
} from './offer-vocabulary';
export { allInCost, type AllInCost, type CostItem } from './all-in-cost';
export { factFreshness, type FactCheck, type FactFreshness } from './facts';
export {
  inRankingOrder,
  providerListView,
  parseRankedListParams,
  type RankedListRequest,
} from './list-view';
