/**
 * What the first months cost with a provider, from its entered price tables, by the
 * calculator's titration rule (domain/calculator/titration.ts): the page, the compare table and
 * the home page's "lowest 3-month cost" sort read it from here, so they cannot disagree.
 */
import { titrationCost, type TitrationCost } from '../calculator';
import { STANDARD_LADDERS, type LadderMedication } from '../shared/prices';
import type { ProviderPrices } from './provider';

const LADDER_MEDICATIONS = Object.keys(STANDARD_LADDERS) as LadderMedication[];

/** The medication whose titration over `months` costs least, with that cost. */
export interface LowestTitrationCost {
  medication: LadderMedication;
  months: number;
  total: number;
}

/**
 * The titration cost of each ladder medication the provider offers or prices (listed as
 * offered: a 'Semaglutide' in `medications`; priced: at least one entered price for it).
 */
export function providerTitrationCosts(
  prices: Partial<ProviderPrices> | null | undefined,
  medications: readonly string[],
): TitrationCost[] {
  return LADDER_MEDICATIONS.filter((medication) => {
    const listed = medications.some((m) => m.toLowerCase() === medication);
    return listed || Object.keys(prices?.[medication] ?? {}).length > 0;
  }).map((medication) => titrationCost(medication, prices?.[medication] ?? {}));
}

/**
 * The lowest total over `months` (3, 6 or 12) across both ladder medications; null when no
 * medication's ladder is fully priced for that horizon (a missing dose is never guessed).
 */
export function lowestTitrationCost(
  prices: Partial<ProviderPrices> | null | undefined,
  months = 3,
): LowestTitrationCost | null {
  let best: LowestTitrationCost | null = null;
  for (const medication of LADDER_MEDICATIONS) {
    const table = prices?.[medication];
    if (!table || Object.keys(table).length === 0) continue;
    const horizon = titrationCost(medication, table, [months]).horizons[0];
    if (horizon?.total === null || horizon?.total === undefined) continue;
    if (best === null || horizon.total < best.total) {
      best = { medication, months, total: horizon.total };
    }
  }
  return best;
}
