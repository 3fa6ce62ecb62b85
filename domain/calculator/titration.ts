/**
 * What the first months of treatment cost with one provider, following the standard weekly
 * dose ladder (four weeks per step, then maintenance at the top dose).
 *
 * Counting is by weeks, because weekly dosing does not fit calendar months: a month's price
 * buys a four-week fill, so a year is 13 fills, not 12. A horizon of N months is
 * round(N x 52 / 12) weeks (3 -> 13, 6 -> 26, 12 -> 52), and its cost is every fill bought
 * within it: a fill is bought at the start of each four-week block (weeks 1, 5, 9, ...), so
 * 13 weeks take 4 fills, 26 weeks 7 and 52 weeks 13.
 */
import { formatMg } from '../shared/format';
import {
  priceForDose,
  STANDARD_LADDERS,
  WEEKS_PER_STEP,
  type LadderMedication,
} from '../shared/prices';

export const TITRATION_HORIZONS_MONTHS: readonly number[] = [3, 6, 12];

export interface TitrationFill {
  /** First week this fill covers (1-based). */
  week: number;
  doseMg: number;
  /** Monthly price of this dose, or null when the provider publishes none. */
  price: number | null;
}

export interface TitrationHorizon {
  months: number;
  weeks: number;
  fills: TitrationFill[];
  /** Sum of the fills' prices; null when any fill's dose has no published price. */
  total: number | null;
  /** Ladder doses this horizon needs that have no price, ascending. */
  missingDoses: number[];
}

export interface TitrationCost {
  medication: LadderMedication;
  horizons: TitrationHorizon[];
  /** Every ladder dose the longest horizon needs without a price, ascending. */
  missingDoses: number[];
  /** Plain-language note on the missing prices; null when every horizon has a total. */
  statement: string | null;
}

/** Weeks in a horizon of `months` months of weekly dosing. */
export function weeksInMonths(months: number): number {
  return Math.round((months * 52) / 12);
}

/** Dose (mg) of each four-week fill, in order: one per ladder step, then the top dose. */
export function ladderDoses(ladder: readonly number[], fills: number): number[] {
  const top = ladder[ladder.length - 1];
  if (top === undefined) return [];
  return Array.from({ length: Math.max(0, fills) }, (_, i) => ladder[i] ?? top);
}

function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export function titrationCost(
  medication: LadderMedication,
  priceTable: Readonly<Record<string, unknown>> | undefined | null,
  horizonsMonths: readonly number[] = TITRATION_HORIZONS_MONTHS,
): TitrationCost {
  const ladder = STANDARD_LADDERS[medication];
  const horizons = horizonsMonths.map((months): TitrationHorizon => {
    const weeks = weeksInMonths(months);
    const fills = ladderDoses(ladder, Math.ceil(weeks / WEEKS_PER_STEP)).map((doseMg, i) => ({
      week: i * WEEKS_PER_STEP + 1,
      doseMg,
      price: priceForDose(priceTable, doseMg),
    }));
    const missingDoses = [
      ...new Set(fills.filter((f) => f.price === null).map((f) => f.doseMg)),
    ].sort((a, b) => a - b);
    const total =
      missingDoses.length > 0 ? null : fills.reduce((sum, f) => sum + (f.price ?? 0), 0);
    return {
      months,
      weeks,
      fills,
      total: total === null ? null : Math.round(total * 100) / 100,
      missingDoses,
    };
  });

  const missingDoses = [...new Set(horizons.flatMap((h) => h.missingDoses))].sort((a, b) => a - b);
  const blocked = horizons.filter((h) => h.total === null).map((h) => h.months);
  const statement =
    missingDoses.length === 0
      ? null
      : `No published ${medication} price for ${joinList(missingDoses.map(formatMg))}, so the ` +
        `${joinList(blocked.map(String))}-month ${blocked.length === 1 ? 'cost' : 'costs'} cannot be calculated.`;
  return { medication, horizons, missingDoses, statement };
}
