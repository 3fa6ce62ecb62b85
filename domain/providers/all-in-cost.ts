/**
 * What an offer really costs over a number of months, all in: the medication along the
 * label's dose path, the membership, one-time and shipping fees, introductory prices and the
 * cheaper of monthly or plan pricing (issue 25, `/cost`). Pure and deterministic; money is
 * summed as entered and rounded to cents only at the end.
 *
 * The counting follows the calculator (domain/calculator/titration.ts): a horizon of N months
 * is round(N x 52 / 12) weeks, bought as four-week fills (1 month: 1 fill, 6 months: 7,
 * 12 months: 13); the dose climbs one ladder step per fill and is held at the maintenance dose.
 *
 * - Medication per fill: the offer's monthly price of that fill's dose (two labels of one
 *   dose: the lower price); the first `intro.months` fills at the introductory price instead.
 * - Plans: a plan is a prepaid total for the medication over its months, at any dose. The plan
 *   considered is the cheapest one of exactly the horizon's months, or when none, the cheapest
 *   one covering more months (its whole total is paid). It replaces the monthly medication
 *   (introductory price included) when it is cheaper, or when the monthly prices stop early.
 * - Membership: its monthly amount x months. One-time fees: once each. Shipping: per order,
 *   one order per fill.
 * - 'included' counts as $0; 'unknown' is never read as $0: the total is then null, the known
 *   part is `knownTotal`, and `unknownItems` names what is unknown.
 *
 * No zod here: the browser imports it.
 */
import { ladderDoses, weeksInMonths } from '../calculator';
import { formatMg, formatUsd } from '../shared/format';
import {
  doseKey,
  parseDoseMg,
  roundTo,
  STANDARD_LADDERS,
  WEEKS_PER_STEP,
  type LadderMedication,
} from '../shared/prices';
import { type FeeAmount, type Fees, type Offer, type OfferPlan } from './offers';
import { oneTimeFeeLabel } from './offer-vocabulary';

export const MIN_COST_MONTHS = 1;
export const MAX_COST_MONTHS = 12;

export interface AllInCostInput {
  offer: Pick<Offer, 'medication' | 'prices' | 'intro' | 'plans'>;
  /** The provider's fees; null when none were entered (every fee unknown). */
  fees: Pick<Fees, 'membership' | 'oneTime' | 'shippingPerOrder'> | null;
  /** 1 to 12. */
  months: number;
  /** The dose held after the climb (mg); default, and at most, the top of the ladder. */
  maintenanceDoseMg?: number;
}

export interface CostFill {
  /** 1-based. */
  fill: number;
  /** First week this fill covers (1-based). */
  week: number;
  doseMg: number;
  /** What this fill costs on monthly pricing; null when the offer has no price for the dose. */
  usd: number | null;
  intro: boolean;
}

export interface CostItem {
  label: string;
  /** null: unknown. 0 with a note: included. */
  usd: number | null;
  note?: string;
}

export interface AllInCost {
  months: number;
  weeks: number;
  maintenanceDoseMg: number;
  /** The dose path on monthly pricing, one entry per four-week fill. */
  fills: CostFill[];
  /** The plan whose total is counted for the medication; null: monthly pricing. */
  plan: OfferPlan | null;
  items: CostItem[];
  /** Sum of the items; null when any item is unknown. */
  total: number | null;
  /** Sum of the known items. */
  knownTotal: number;
  /** Labels of the unknown items ('Membership fee', 'Labs fee', 'Medication'). */
  unknownItems: string[];
  /** The first dose on the path without a price (the first dose too); null: none. */
  stopsAtDoseMg: number | null;
  /**
   * One month at the maintenance dose, all in (medication at its regular price, membership,
   * one order's shipping; one-time fees left out): 'from $X/mo all-in'. null when any is unknown.
   */
  monthlyAllInAtMaintenance: number | null;
}

/** The top of a medication's ladder, or `target` when it is lower (and positive). */
export function maintenanceDose(medication: LadderMedication, target?: number): number {
  const ladder = STANDARD_LADDERS[medication];
  const top = ladder[ladder.length - 1] as number;
  if (target === undefined) return top;
  if (!Number.isFinite(target) || target <= 0) {
    throw new RangeError(`Maintenance dose must be more than 0 mg (got ${target})`);
  }
  return Math.min(target, top);
}

/**
 * The dose (mg) of each of `fills` four-week fills: one ladder step each, up to the maintenance
 * dose, then held there. A target between two steps is reached from the step below it.
 */
export function dosePath(
  medication: LadderMedication,
  fills: number,
  maintenanceDoseMg?: number,
): number[] {
  const hold = maintenanceDose(medication, maintenanceDoseMg);
  const below = STANDARD_LADDERS[medication].filter(
    (mg) => mg < hold && doseKey(mg) !== doseKey(hold),
  );
  return ladderDoses([...below, hold], fills);
}

/** doseKey(mg) -> the lowest monthly price an offer lists for that dose. */
function offerPriceByDose(prices: Offer['prices']): Map<string, number> {
  const out = new Map<string, number>();
  for (const { dose, monthly } of prices) {
    const mg = parseDoseMg(dose);
    if (mg === null || !Number.isFinite(monthly) || monthly < 0) continue;
    const key = doseKey(mg);
    const seen = out.get(key);
    if (seen === undefined || monthly < seen) out.set(key, monthly);
  }
  return out;
}

/** The plan to weigh against monthly pricing for `months` (see the module's note). */
export function planForMonths(plans: readonly OfferPlan[], months: number): OfferPlan | null {
  const cheapest = (list: OfferPlan[]) =>
    list.reduce<OfferPlan | null>(
      (best, p) => (best === null || p.total < best.total ? p : best),
      null,
    );
  return (
    cheapest(plans.filter((p) => p.months === months)) ??
    cheapest(plans.filter((p) => p.months > months))
  );
}

/** A fee over `times` charges: [usd | null, note]. */
function feeOver(
  amount: FeeAmount,
  times: number,
  per: string,
): { usd: number | null; note?: string } {
  switch (amount.kind) {
    case 'amount':
      return times === 1
        ? { usd: amount.usd }
        : { usd: amount.usd * times, note: `${formatUsd(amount.usd)} ${per} x ${times}` };
    case 'included':
      return { usd: 0, note: 'Included' };
    case 'unknown':
      return { usd: null, note: 'Unknown' };
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function allInCost(input: AllInCostInput): AllInCost {
  const { offer, fees, months } = input;
  if (!Number.isInteger(months) || months < MIN_COST_MONTHS || months > MAX_COST_MONTHS) {
    throw new RangeError(`Months must be a whole number from 1 to 12 (got ${months})`);
  }
  const maintenanceDoseMg = maintenanceDose(offer.medication, input.maintenanceDoseMg);
  const weeks = weeksInMonths(months);
  const fillCount = Math.ceil(weeks / WEEKS_PER_STEP);
  const priceOf = offerPriceByDose(offer.prices);
  const { intro: introPrice } = offer;

  const fills: CostFill[] = dosePath(offer.medication, fillCount, maintenanceDoseMg).map(
    (doseMg, i) => {
      const intro = introPrice !== null && i < introPrice.months;
      const usd = intro ? introPrice.monthly : (priceOf.get(doseKey(doseMg)) ?? null);
      return { fill: i + 1, week: i * WEEKS_PER_STEP + 1, doseMg, usd, intro };
    },
  );
  const stopsAtDoseMg = fills.find((f) => f.usd === null)?.doseMg ?? null;
  const monthly =
    stopsAtDoseMg === null ? fills.reduce((sum, f) => sum + (f.usd as number), 0) : null;

  const candidate = planForMonths(offer.plans, months);
  const plan = candidate && (monthly === null || candidate.total < monthly) ? candidate : null;

  const items: CostItem[] = [];
  const doses = fills.map((f) => f.doseMg);
  const span =
    doses.length === 0
      ? ''
      : Math.min(...doses) === Math.max(...doses)
        ? ` at ${formatMg(doses[0] as number)}`
        : `, ${formatMg(Math.min(...doses))} to ${formatMg(Math.max(...doses))}`;
  if (plan) {
    const extra = plan.months > months ? `, covering more than the ${months} months` : '';
    const versus =
      monthly === null
        ? `no monthly price for ${formatMg(stopsAtDoseMg as number)}`
        : `monthly would be ${formatUsd(roundTo(monthly, 2))}`;
    items.push({
      label: 'Medication',
      usd: plan.total,
      note: `${plan.months}-month plan${extra} (${versus})`,
    });
  } else {
    const introCount = fills.filter((f) => f.intro).length;
    const introNote =
      introCount > 0 ? `; ${plural(introCount, 'fill')} at the introductory price` : '';
    items.push({
      label: 'Medication',
      usd: monthly,
      note:
        stopsAtDoseMg === null
          ? `${plural(fillCount, 'four-week fill')}${span}${introNote}`
          : `No price for ${formatMg(stopsAtDoseMg)}, a dose on the path`,
    });
  }

  if (fees === null) {
    items.push(
      { label: 'Membership fee', usd: null, note: 'Unknown' },
      { label: 'One-time fees', usd: null, note: 'Unknown' },
      { label: 'Shipping fee', usd: null, note: 'Unknown' },
    );
  } else {
    items.push({
      label: 'Membership fee',
      ...feeOver(fees.membership.amount, months, 'a month'),
    });
    for (const fee of fees.oneTime) {
      items.push({ label: oneTimeFeeLabel(fee), ...feeOver(fee.amount, 1, 'once') });
    }
    items.push({ label: 'Shipping fee', ...feeOver(fees.shippingPerOrder, fillCount, 'an order') });
  }

  const unknownItems = items.filter((item) => item.usd === null).map((item) => item.label);
  const knownSum = items.reduce((sum, item) => sum + (item.usd ?? 0), 0);

  return {
    months,
    weeks,
    maintenanceDoseMg,
    fills: fills.map((f) => ({ ...f, usd: f.usd === null ? null : roundTo(f.usd, 2) })),
    plan,
    items: items.map((item) => ({ ...item, usd: item.usd === null ? null : roundTo(item.usd, 2) })),
    total: unknownItems.length === 0 ? roundTo(knownSum, 2) : null,
    knownTotal: roundTo(knownSum, 2),
    unknownItems,
    stopsAtDoseMg,
    monthlyAllInAtMaintenance: monthlyAtMaintenance(priceOf.get(doseKey(maintenanceDoseMg)), fees),
  };
}

function monthlyAtMaintenance(medication: number | undefined, fees: AllInCostInput['fees']) {
  if (medication === undefined || fees === null) return null;
  const perMonth = (amount: FeeAmount) =>
    amount.kind === 'amount' ? amount.usd : amount.kind === 'included' ? 0 : null;
  const membership = perMonth(fees.membership.amount);
  const shipping = perMonth(fees.shippingPerOrder);
  if (membership === null || shipping === null) return null;
  return roundTo(medication + membership + shipping, 2);
}
