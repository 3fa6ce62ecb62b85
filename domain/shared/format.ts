/** Small display helpers shared by the rules (numbers with units, no float noise). */
import { roundTo } from './prices';

/** 0.25 -> '0.25 mg', 1 -> '1 mg', 12.5 -> '12.5 mg'. */
export function formatMg(mg: number): string {
  return `${roundTo(mg, 3)} mg`;
}

/** 3887 -> '$3,887'; 12.5 -> '$12.50' (cents only when there are any). */
export function formatUsd(amount: number): string {
  const cents = Math.round(amount * 100);
  const format = cents % 100 === 0 ? WHOLE_DOLLARS : DOLLARS_AND_CENTS;
  return `$${format.format(cents / 100)}`;
}

// Built once: constructing a formatter per call dominated page rendering.
const WHOLE_DOLLARS = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const DOLLARS_AND_CENTS = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Whole minutes to wait, rounded up, at least 1. */
export function retryAfterMinutes(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 60_000));
}

/** 'Try again in 1 minute.' / 'Try again in 15 minutes.' (rounded up, at least 1). */
export function retryAfterText(retryAfterMs: number): string {
  const minutes = retryAfterMinutes(retryAfterMs);
  return `Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

const MB = 1024 * 1024;
/** '14.2 MB', '10 MB', '0.5 MB'. */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / MB;
  const rounded = Math.round(mb * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1)} MB`;
}

/** A file's size: '640 bytes', '812 KB', '2.4 MB' (the media library, snapshot files). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < MB) return `${Math.round(bytes / 1024)} KB`;
  return formatMegabytes(bytes);
}
