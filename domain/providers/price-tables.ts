/**
 * Price-table equality, in a module without zod (the browser's form imports it, and the
 * schemas of ./provider.ts would otherwise ship to every visitor).
 */
import type { PriceTable, ProviderPrices } from './provider';

/** Two dose -> price tables hold the same prices (dose order ignored). One pass, no copies. */
export function samePriceTable(a: PriceTable, b: PriceTable | undefined): boolean {
  if (!b) return Object.keys(a).length === 0;
  let count = 0;
  for (const dose in a) {
    if (!Object.hasOwn(b, dose) || !Object.is(a[dose], b[dose])) return false;
    count++;
  }
  return count === Object.keys(b).length;
}

/** Both medications' tables are the same (see samePriceTable). */
export function samePrices(a: ProviderPrices, b: ProviderPrices | undefined | null): boolean {
  return (
    samePriceTable(a.semaglutide, b?.semaglutide) && samePriceTable(a.tirzepatide, b?.tirzepatide)
  );
}
