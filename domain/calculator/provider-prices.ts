/**
 * 'Use a provider's price': which listed providers entered a monthly price for a medication
 * and dose, from their price tables (only entered, countable prices; labels read as mg).
 */
import { isCountablePrice, priceForDose, type LadderMedication } from '../shared/prices';

export const PRICE_MEDICATIONS: readonly LadderMedication[] = ['semaglutide', 'tirzepatide'];

/** One listed provider's entered price tables: dose label -> monthly price. */
export interface ProviderPriceTables {
  name: string;
  slug: string;
  prices: Record<LadderMedication, Record<string, number>>;
}

export interface ProviderPriceChoice {
  slug: string;
  name: string;
  /** USD per month at that dose, as entered. */
  monthly: number;
}

/** Providers with an entered price for `medication` at `doseMg`, cheapest first. */
export function providerPriceChoices(
  providers: readonly ProviderPriceTables[],
  medication: LadderMedication,
  doseMg: number | null,
): ProviderPriceChoice[] {
  if (doseMg === null || !(doseMg > 0)) return [];
  const choices: ProviderPriceChoice[] = [];
  for (const provider of providers) {
    const monthly = priceForDose(provider.prices[medication], doseMg);
    if (monthly !== null && isCountablePrice(monthly) && monthly > 0) {
      choices.push({ slug: provider.slug, name: provider.name, monthly });
    }
  }
  return choices.sort((a, b) => a.monthly - b.monthly || a.name.localeCompare(b.name));
}

/** Only the countable prices of a table (what the public list sends). */
export function enteredPrices(table: Readonly<Record<string, unknown>> | undefined) {
  const out: Record<string, number> = {};
  for (const [label, price] of Object.entries(table ?? {})) {
    if (isCountablePrice(price)) out[label] = price;
  }
  return out;
}
