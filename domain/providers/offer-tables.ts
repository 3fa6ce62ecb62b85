/**
 * Reading offers without the schemas (zod-free, for the browser too): a provider's offers are
 * those entered, or until then the upcast of its old per-medication price tables; and the
 * per-dose tables the lists, cards and calculator read, derived from the offers.
 */
import { doseKey, parseDoseMg } from '../shared/prices';
import { isoDayNumber } from './facts';
import type { Offer, ProviderFacts } from './offers';
import { OFFER_MEDICATIONS } from './offer-vocabulary';
import type { ProviderPrices } from './provider';

export const NO_PROVIDER_FACTS: ProviderFacts = {
  offers: null,
  fees: null,
  terms: null,
  trust: null,
};

// ---- upcast of the old price tables ----

/** 'YYYY-MM-DD' of an ISO timestamp, or null when there is none (or it is no date). */
function dayOf(checkedAt: string | null): string | null {
  if (!checkedAt) return null;
  const day = checkedAt.slice(0, 10);
  return isoDayNumber(day) === null ? null : day;
}

/**
 * The offers a provider's per-medication price tables (the record before issue 25) amount to:
 * one offer per medication whose table is not empty, id = the medication, every label and
 * price carried as entered and in its order (even a label that names no dose, or two labels of
 * one dose: the stored schema accepts them). The form is 'compounded-other': the record says
 * nothing of the form, and these tables are compounded prices (the site lists compounded
 * telehealth providers), not known to be vials, so no concentration either. The check is the
 * provider's website as a provider page, dated the day the prices were last checked.
 */
export function offersFromPriceTables(
  prices: ProviderPrices,
  checkedAt: string | null,
  websiteUrl: string,
): Offer[] {
  const checkedOn = dayOf(checkedAt);
  return OFFER_MEDICATIONS.flatMap((medication): Offer[] => {
    const table = prices[medication] ?? {};
    const entries = Object.entries(table);
    if (entries.length === 0) return [];
    return [
      {
        id: medication,
        medication,
        form: 'compounded-other',
        prices: entries.map(([dose, monthly]) => ({ dose, monthly })),
        intro: null,
        plans: [],
        concentrationMgPerMl: null,
        checked: { source: { url: websiteUrl, kind: 'provider-page' }, checkedOn },
      },
    ];
  });
}

/**
 * The offers a provider stands on: those entered, or until the first ProviderOffersChanged the
 * upcast of its price tables (so a provider edited before offers existed reads the same).
 */
export function effectiveOffers(record: {
  facts?: ProviderFacts | null;
  prices: ProviderPrices;
  pricesCheckedAt?: string | null;
  websiteUrl: string;
}): Offer[] {
  return (
    record.facts?.offers ??
    offersFromPriceTables(record.prices, record.pricesCheckedAt ?? null, record.websiteUrl)
  );
}

/**
 * The per-medication price tables (dose label -> monthly) the lists, cards and calculator read,
 * from the offers: each dose at its lowest regular monthly price over the medication's offers,
 * the label as first entered. Introductory prices and plans are left to the all-in cost.
 */
export function priceTablesFromOffers(offers: readonly Offer[]): ProviderPrices {
  const tables: ProviderPrices = { semaglutide: {}, tirzepatide: {} };
  for (const medication of OFFER_MEDICATIONS) {
    const byDose = new Map<string, { label: string; monthly: number }>();
    for (const offer of offers) {
      if (offer.medication !== medication) continue;
      for (const { dose, monthly } of offer.prices) {
        const mg = parseDoseMg(dose);
        const key = mg === null ? `label:${dose}` : doseKey(mg);
        const known = byDose.get(key);
        if (!known || monthly < known.monthly)
          byDose.set(key, { label: known?.label ?? dose, monthly });
      }
    }
    for (const { label, monthly } of byDose.values()) tables[medication][label] = monthly;
  }
  return tables;
}
