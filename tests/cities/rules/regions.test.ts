import { describe, expect, it } from 'vitest';
import { STATE_CODES } from '../../../domain/shared/reference/states';
import { REGIONS, REGION_BY_STATE, isRegion, regionOfState } from '../../../domain/cities/regions';

describe('regions', () => {
  it('are the nine of the spec, in its order', () => {
    expect(REGIONS).toEqual([
      'Northeast',
      'West Coast',
      'Midwest',
      'South',
      'Southwest',
      'Mountain West',
      'Mid-Atlantic',
      'Alaska',
      'Pacific',
    ]);
  });

  it('cover every one of the 50 states and only them', () => {
    expect(Object.keys(REGION_BY_STATE).sort()).toEqual([...STATE_CODES].sort());
    for (const region of Object.values(REGION_BY_STATE)) expect(isRegion(region)).toBe(true);
  });

  it('each have at least one state', () => {
    const used = new Set(Object.values(REGION_BY_STATE));
    expect([...used].sort()).toEqual([...REGIONS].sort());
  });
});

describe('regionOfState', () => {
  it.each([
    ['HI', 'Pacific'],
    ['AK', 'Alaska'],
    ['CA', 'West Coast'],
    ['OR', 'West Coast'],
    ['WA', 'West Coast'],
    ['AZ', 'Southwest'],
    ['NM', 'Southwest'],
    ['TX', 'Southwest'],
    ['OK', 'Southwest'],
    ['CO', 'Mountain West'],
    ['UT', 'Mountain West'],
    ['MA', 'Northeast'],
    ['VT', 'Northeast'],
    ['NY', 'Mid-Atlantic'],
    ['MD', 'Mid-Atlantic'],
    ['GA', 'South'],
    ['VA', 'South'],
    ['IL', 'Midwest'],
    ['KS', 'Midwest'],
    ['tx', 'Southwest'],
    [' hi ', 'Pacific'],
  ])('%s -> %s', (code, region) => {
    expect(regionOfState(code)).toBe(region);
  });

  it.each(['DC', 'PR', 'GU', '', 'Texas', 'XX'])('has no region for %j', (code) => {
    expect(regionOfState(code)).toBeUndefined();
  });
});
