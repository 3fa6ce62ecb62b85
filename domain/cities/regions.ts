import type { StateCode } from '../shared/reference/states';
import { isStateCode } from '../shared/reference/states';

/** The nine regions a city record can carry (spec, "City record"), in the spec's order. */
export const REGIONS = [
  'Northeast',
  'West Coast',
  'Midwest',
  'South',
  'Southwest',
  'Mountain West',
  'Mid-Atlantic',
  'Alaska',
  'Pacific',
] as const;

export type Region = (typeof REGIONS)[number];

/**
 * Fixed state -> region map. Census divisions where they agree with the spec's names
 * (New England = Northeast, Midwest, West Coast = Pacific division minus AK/HI), with the
 * common usage where they do not: DE and MD join NY/NJ/PA as Mid-Atlantic, VA and WV stay
 * in the South, the four border states form the Southwest, and Alaska and Hawaii get their own.
 * A Record over StateCode makes the compiler reject a missing state.
 */
export const REGION_BY_STATE: Readonly<Record<StateCode, Region>> = {
  CT: 'Northeast',
  MA: 'Northeast',
  ME: 'Northeast',
  NH: 'Northeast',
  RI: 'Northeast',
  VT: 'Northeast',

  DE: 'Mid-Atlantic',
  MD: 'Mid-Atlantic',
  NJ: 'Mid-Atlantic',
  NY: 'Mid-Atlantic',
  PA: 'Mid-Atlantic',

  AL: 'South',
  AR: 'South',
  FL: 'South',
  GA: 'South',
  KY: 'South',
  LA: 'South',
  MS: 'South',
  NC: 'South',
  SC: 'South',
  TN: 'South',
  VA: 'South',
  WV: 'South',

  AZ: 'Southwest',
  NM: 'Southwest',
  OK: 'Southwest',
  TX: 'Southwest',

  CA: 'West Coast',
  OR: 'West Coast',
  WA: 'West Coast',

  CO: 'Mountain West',
  ID: 'Mountain West',
  MT: 'Mountain West',
  NV: 'Mountain West',
  UT: 'Mountain West',
  WY: 'Mountain West',

  IA: 'Midwest',
  IL: 'Midwest',
  IN: 'Midwest',
  KS: 'Midwest',
  MI: 'Midwest',
  MN: 'Midwest',
  MO: 'Midwest',
  ND: 'Midwest',
  NE: 'Midwest',
  OH: 'Midwest',
  SD: 'Midwest',
  WI: 'Midwest',

  AK: 'Alaska',
  HI: 'Pacific',
};

/** Region of a two-letter state code (case-insensitive); undefined for DC, territories, junk. */
export function regionOfState(code: string): Region | undefined {
  const upper = code.trim().toUpperCase();
  return isStateCode(upper) ? REGION_BY_STATE[upper] : undefined;
}

export function isRegion(value: string): value is Region {
  return (REGIONS as readonly string[]).includes(value);
}
