/**
 * Calculator numbers with their units, as the visitor reads them: "0.10 ml (10 units)",
 * "2 vials", "$39.80". Display only: every value is computed by domain/rules.
 */
import { formatUsd } from '../../lib/format';

export { formatUsd };

/** 0.1 -> '0.10 ml', 0.125 -> '0.125 ml', 12 -> '12.00 ml'. */
export function formatMl(ml: number): string {
  return `${ml.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 3 })} ml`;
}

/** U-100 syringe units: 10 -> '10 units', 12.5 -> '12.5 units', 1 -> '1 unit'. */
export function formatUnits(units: number): string {
  const n = units.toLocaleString('en-US', { maximumFractionDigits: 1 });
  return `${n} ${units === 1 ? 'unit' : 'units'}`;
}

/** One draw the way a syringe is read: '0.10 ml (10 units)'. */
export function formatDraw(ml: number, units: number): string {
  return `${formatMl(ml)} (${formatUnits(units)})`;
}

export function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

/** BMI always with one decimal: 24.7, 30.0. */
export function formatBmi(bmi: number): string {
  return bmi.toFixed(1);
}
