/**
 * The /cost ranking: every provider that serves the visitor's state and sells the medication
 * in the chosen form family, ranked by what the whole path costs all in (issue 25). Pure.
 *
 * - A provider qualifies when it serves the state and has an offer of the medication in the
 *   family (compounded: compounded vial or other; brand: brand pen, brand vial or oral; either).
 * - Its row is its cheapest qualifying offer, by the order below, each costed by allInCost with
 *   the provider's fees (none entered: every fee unknown, never $0).
 * - Order: first the fully known totals, lowest first; then the rows with an unknown item
 *   ('includes unknown fees', named), by their known part; then the rows with a dose on the path
 *   that has no price (no plan covers it; the first dose too, for a provider that starts
 *   higher), by how far along the path their prices reach. Ties by name.
 *
 * Nothing else is read: not the Vial Score, not whether the site is paid for the link.
 */
import {
  allInCost,
  OFFER_FORM_FAMILIES,
  OFFER_FORMS,
  type AllInCost,
  type Fees,
  type Offer,
  type OfferForm,
} from '../providers';
import type { CostChoice } from './choice';
import type { CostForm } from './options';

/** What the ranking reads of a provider; the rest of P is carried through to the rows. */
export interface CostProvider {
  name: string;
  states: readonly string[];
  offers: readonly Offer[];
  /** null: no fees entered (every fee unknown). */
  fees: Fees | null;
}

export const FORM_FAMILIES: Readonly<Record<CostForm, readonly OfferForm[]>> = {
  ...OFFER_FORM_FAMILIES,
  either: OFFER_FORMS,
};

/** known: a total; unknown-fees: an unknown item, the medication priced; stops: a dose unpriced. */
export type CostGroup = 'known' | 'unknown-fees' | 'stops';
const GROUP_ORDER: readonly CostGroup[] = ['known', 'unknown-fees', 'stops'];

export interface RankedCost<P extends CostProvider = CostProvider> {
  provider: P;
  /** The offer costed: the provider's cheapest qualifying one. */
  offer: Offer;
  cost: AllInCost;
  group: CostGroup;
  /** total / months, to the cent; null unless the total is known. */
  monthlyAverage: number | null;
}

function groupOf(cost: AllInCost): CostGroup {
  if (cost.total !== null) return 'known';
  // The medication is unknown only when the monthly prices stop and no plan covers the months.
  return cost.plan === null && cost.stopsAtDoseMg !== null ? 'stops' : 'unknown-fees';
}

/** Fills priced before the prices stop (more is further along the path). */
const pricedFills = (cost: AllInCost) => {
  const stop = cost.fills.findIndex((fill) => fill.usd === null);
  return stop === -1 ? cost.fills.length : stop;
};

/** Within a group: the amount that orders it (lower first). */
function weight(group: CostGroup, cost: AllInCost): number {
  switch (group) {
    case 'known':
      return cost.total as number;
    case 'unknown-fees':
      return cost.knownTotal;
    case 'stops':
      return -pricedFills(cost);
  }
}

function compareCosts(
  a: { group: CostGroup; cost: AllInCost },
  b: { group: CostGroup; cost: AllInCost },
): number {
  return (
    GROUP_ORDER.indexOf(a.group) - GROUP_ORDER.indexOf(b.group) ||
    weight(a.group, a.cost) - weight(b.group, b.cost)
  );
}

const byName = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });

/** The provider's cheapest qualifying offer, costed; null when none qualifies. */
export function bestOffer<P extends CostProvider>(
  provider: P,
  choice: Omit<CostChoice, 'state'>,
): RankedCost<P> | null {
  const forms = FORM_FAMILIES[choice.form];
  let best: RankedCost<P> | null = null;
  for (const offer of provider.offers) {
    if (offer.medication !== choice.medication || !forms.includes(offer.form)) continue;
    const cost = allInCost({
      offer,
      fees: provider.fees,
      months: choice.months,
      ...(choice.maintenanceDoseMg === undefined
        ? {}
        : { maintenanceDoseMg: choice.maintenanceDoseMg }),
    });
    const row: RankedCost<P> = {
      provider,
      offer,
      cost,
      group: groupOf(cost),
      monthlyAverage:
        cost.total === null ? null : Math.round((cost.total / choice.months) * 100) / 100,
    };
    // The first entered wins a tie between two offers of one provider.
    if (best === null || compareCosts(row, best) < 0) best = row;
  }
  return best;
}

/** The ranking for `choice` (see the module's note). */
export function rankAllInCosts<P extends CostProvider>(
  providers: readonly P[],
  choice: CostChoice,
): RankedCost<P>[] {
  const rows: RankedCost<P>[] = [];
  for (const provider of providers) {
    if (!provider.states.includes(choice.state)) continue;
    const row = bestOffer(provider, choice);
    if (row) rows.push(row);
  }
  return rows.sort(
    (a, b) => compareCosts(a, b) || byName.compare(a.provider.name, b.provider.name),
  );
}
