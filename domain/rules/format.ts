/** Small display helpers shared by the rules (numbers with units, no float noise). */
import { roundTo } from './prices';

/** 0.25 -> '0.25 mg', 1 -> '1 mg', 12.5 -> '12.5 mg'. */
export function formatMg(mg: number): string {
  return `${roundTo(mg, 3)} mg`;
}

/** 3887 -> '$3,887'; 12.5 -> '$12.50' (cents only when there are any). */
export function formatUsd(amount: number): string {
  const cents = Math.round(amount * 100);
  const whole = cents % 100 === 0;
  return `$${(cents / 100).toLocaleString('en-US', {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  })}`;
}
