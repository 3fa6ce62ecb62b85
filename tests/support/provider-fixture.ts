import {
  cardContentSchema,
  providerDetailsSchema,
  type CardContent,
  type ProviderRecord,
} from '../../domain/providers/provider';

/** A valid ProviderRecord with the schema's defaults; override what a case is about. */
export function aProvider(
  overrides: Partial<Omit<ProviderRecord, 'card'>> & { card?: Partial<CardContent> } = {},
): ProviderRecord {
  const { card, ...rest } = overrides;
  const details = providerDetailsSchema.parse({
    name: 'Acme Health',
    websiteUrl: 'https://acme.example',
  });
  return {
    ...details,
    id: 'provider-1',
    prices: { semaglutide: {}, tirzepatide: {} },
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...rest,
    card: { ...cardContentSchema.parse({}), ...card },
  };
}

/** The spec's fixed price tables (section 9), a fully transparent provider. */
export const FULL_PRICES = {
  semaglutide: { '0.25mg': 199, '0.5mg': 249, '1mg': 299, '1.7mg': 349, '2.4mg': 399 },
  tirzepatide: { '2.5mg': 249, '5mg': 299, '7.5mg': 349, '10mg': 399, '12.5mg': 449, '15mg': 499 },
};
