/**
 * When a price alert matches (pure; tests/newsletter/rules/price-alert-rules.test.ts has the
 * tables). The matcher (workers/newsletter/price-alerts.ts) keeps the prices as they stood when
 * it last looked (a PriceSnapshot), takes a new one after provider events, and each difference
 * (`priceChanges`) is tested against the alerts it can concern:
 *
 * - A provider alert matches any change, drop or rise, of that provider's monthly price of the
 *   medication: the lowest regular monthly price over its offers and doses (intro prices and
 *   plans left out, as the price tables the site shows). Unknown before or after: no match
 *   (a new listing, a provider removed from the list).
 * - A cheapest alert matches when the cheapest all-in monthly price of the medication among
 *   the providers serving the state (what /cost ranks by default: either form, six months, the
 *   top of the ladder, with every fee known) goes from `below` or more (or unknown) to under it.
 *
 * Nothing matches an unchanged price, another medication, provider or state.
 */
import { bestOffer, COST_DEFAULTS, type CostProvider } from '../cost';
import type { Offer } from '../providers';
import {
  PRICE_ALERT_MEDICATIONS,
  type CheapestPriceAlert,
  type PriceAlert,
  type PriceAlertMedication,
  type ProviderPriceAlert,
} from './alert-events';

/** A price as an alert mail names it: dollars, and the day it was checked (null: unknown). */
export interface CheckedPrice {
  usd: number;
  checkedOn: string | null;
}

export interface ProviderPrices {
  name: string;
  prices: Partial<Record<PriceAlertMedication, CheckedPrice>>;
}

export interface CheapestPrice extends CheckedPrice {
  providerName: string;
  providerSlug: string;
}

/** The prices alerts are about, at one moment. */
export interface PriceSnapshot {
  /** By provider slug: the listed providers only. */
  providers: Record<string, ProviderPrices>;
  /** By `${medication}:${state}`. */
  cheapest: Record<string, CheapestPrice>;
}

export const EMPTY_PRICE_SNAPSHOT: PriceSnapshot = { providers: {}, cheapest: {} };

export const cheapestKey = (medication: string, state: string) => `${medication}:${state}`;

/** A listed provider as the snapshot reads it (projections/cost's CostListedProvider fits). */
export interface AlertProvider extends CostProvider {
  slug: string;
}

/** The provider's lowest regular monthly price of `medication`, with that offer's check day. */
export function lowestMonthlyPrice(
  offers: readonly Pick<Offer, 'medication' | 'prices' | 'checked'>[],
  medication: PriceAlertMedication,
): CheckedPrice | null {
  let best: CheckedPrice | null = null;
  for (const offer of offers) {
    if (offer.medication !== medication) continue;
    for (const { monthly } of offer.prices) {
      if (!Number.isFinite(monthly) || monthly < 0) continue;
      if (best === null || monthly < best.usd) {
        best = { usd: monthly, checkedOn: offer.checked.demo ? null : offer.checked.checkedOn };
      }
    }
  }
  return best;
}

const byName = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });

/** The snapshot of the listed providers now. */
export function priceSnapshot(providers: readonly AlertProvider[]): PriceSnapshot {
  const snapshot: PriceSnapshot = { providers: {}, cheapest: {} };
  for (const provider of providers) {
    const prices: ProviderPrices['prices'] = {};
    for (const medication of PRICE_ALERT_MEDICATIONS) {
      const price = lowestMonthlyPrice(provider.offers, medication);
      if (price) prices[medication] = price;
    }
    snapshot.providers[provider.slug] = { name: provider.name, prices };
  }
  for (const medication of PRICE_ALERT_MEDICATIONS) {
    for (const provider of providers) {
      // Its best offer does not depend on the state: costed once, then offered to each state.
      const row = bestOffer(provider, {
        medication,
        form: COST_DEFAULTS.form,
        months: COST_DEFAULTS.months,
      });
      if (!row || row.group !== 'known' || row.monthlyAverage === null) continue;
      const candidate: CheapestPrice = {
        usd: row.monthlyAverage,
        checkedOn: row.offer.checked.demo ? null : row.offer.checked.checkedOn,
        providerName: provider.name,
        providerSlug: provider.slug,
      };
      for (const state of new Set(provider.states)) {
        const key = cheapestKey(medication, state);
        const known = snapshot.cheapest[key];
        if (
          !known ||
          candidate.usd < known.usd ||
          (candidate.usd === known.usd &&
            byName.compare(candidate.providerName, known.providerName) < 0)
        ) {
          snapshot.cheapest[key] = candidate;
        }
      }
    }
  }
  return snapshot;
}

/** A difference between two snapshots that an alert may be about. */
export type PriceChange =
  | {
      kind: 'provider';
      providerSlug: string;
      providerName: string;
      medication: PriceAlertMedication;
      from: number;
      to: CheckedPrice;
    }
  | {
      kind: 'cheapest';
      medication: PriceAlertMedication;
      state: string;
      /** null: no provider serving the state had a known all-in price. */
      from: number | null;
      /** null: none has one now. */
      to: CheapestPrice | null;
    };

/** Every price that moved from `before` to `after`. */
export function priceChanges(before: PriceSnapshot, after: PriceSnapshot): PriceChange[] {
  const changes: PriceChange[] = [];
  for (const [slug, now] of Object.entries(after.providers)) {
    const then = before.providers[slug];
    if (!then) continue; // newly listed: nothing to compare with
    for (const medication of PRICE_ALERT_MEDICATIONS) {
      const from = then.prices[medication];
      const to = now.prices[medication];
      if (from && to && from.usd !== to.usd) {
        changes.push({
          kind: 'provider',
          providerSlug: slug,
          providerName: now.name,
          medication,
          from: from.usd,
          to,
        });
      }
    }
  }
  const keys = new Set([...Object.keys(before.cheapest), ...Object.keys(after.cheapest)]);
  for (const key of keys) {
    const from = before.cheapest[key]?.usd ?? null;
    const to = after.cheapest[key] ?? null;
    if (from === (to?.usd ?? null)) continue;
    const [medication, state] = key.split(':') as [PriceAlertMedication, string];
    changes.push({ kind: 'cheapest', medication, state, from, to });
  }
  return changes;
}

/** Whether a provider alert is about this change. */
export function providerAlertMatches(alert: ProviderPriceAlert, change: PriceChange): boolean {
  return (
    change.kind === 'provider' &&
    change.providerSlug === alert.providerSlug &&
    change.medication === alert.medication &&
    change.from !== change.to.usd
  );
}

/** Whether a cheapest alert is about this change: it crossed under `below`. */
export function cheapestAlertMatches(alert: CheapestPriceAlert, change: PriceChange): boolean {
  return (
    change.kind === 'cheapest' &&
    change.medication === alert.medication &&
    change.state === alert.state &&
    change.to !== null &&
    change.to.usd < alert.below &&
    (change.from === null || change.from >= alert.below)
  );
}

export function alertMatches(alert: PriceAlert, change: PriceChange): boolean {
  return alert.kind === 'provider'
    ? providerAlertMatches(alert, change)
    : cheapestAlertMatches(alert, change);
}
