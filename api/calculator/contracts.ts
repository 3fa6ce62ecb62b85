/**
 * The calculator's one read: every listed provider's entered price tables, fetched whole so
 * the visitor's dose never leaves the browser ('Use a provider's price' picks from it there).
 */
import type { ProviderPriceTables } from '../../domain/calculator/provider-prices';

export type ProviderPriceListView = ProviderPriceTables[];

export const CALCULATOR_PATHS = {
  /** GET: listed providers' entered price tables. Public; takes no parameters. */
  providerPrices: '/api/calculator/provider-prices',
} as const;
