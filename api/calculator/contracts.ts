/**
 * The calculator's one read: every listed provider's entered price tables, fetched whole so
 * the visitor's dose never leaves the browser ('Use a provider's price' picks from it there).
 */
import type { ProviderPriceTables } from '../../domain/calculator/provider-prices';

export type ProviderPriceListView = ProviderPriceTables[];

/** A listed provider's vial at a stated concentration ('Provider X, 2.5 mg/ml'). */
export interface ConcentrationPresetView {
  name: string;
  slug: string;
  medication: 'semaglutide' | 'tirzepatide';
  form: string;
  concentrationMgPerMl: number;
}

export const CALCULATOR_PATHS = {
  /** GET: listed providers' vials with a concentration entered. Public; takes no parameters. */
  concentrationPresets: '/api/calculator/concentration-presets',
  /** GET: listed providers' entered price tables. Public; takes no parameters. */
  providerPrices: '/api/calculator/provider-prices',
} as const;
