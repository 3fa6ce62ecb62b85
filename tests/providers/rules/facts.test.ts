/**
 * How old a fact's check may grow (domain/providers/facts.ts): 90 days, then 'not rechecked
 * since {date}'; demo data never shows a date; the 'needs recheck' list, oldest first.
 */
import { describe, expect, it } from 'vitest';
import {
  FACT_STALE_AFTER_DAYS,
  factFreshness,
  factsNeedingRecheck,
  type FactCheck,
  type ProviderWithFacts,
} from '../../../domain/providers/facts';

const TODAY = '2025-06-30';
/** The day `days` days before TODAY. */
const daysAgo = (days: number) =>
  new Date(Date.UTC(2025, 5, 30) - days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

describe('factFreshness', () => {
  it('has 90 days as its limit', () => {
    expect(FACT_STALE_AFTER_DAYS).toBe(90);
  });

  it.each<[string, FactCheck, ReturnType<typeof factFreshness>]>([
    ['checked today', { checkedOn: TODAY }, { state: 'fresh', checkedOn: TODAY }],
    ['89 days ago', { checkedOn: daysAgo(89) }, { state: 'fresh', checkedOn: '2025-04-02' }],
    ['90 days ago', { checkedOn: daysAgo(90) }, { state: 'fresh', checkedOn: '2025-04-01' }],
    [
      '91 days ago',
      { checkedOn: daysAgo(91) },
      { state: 'stale', checkedOn: '2025-03-31', label: 'not rechecked since 2025-03-31' },
    ],
    [
      'a year ago',
      { checkedOn: '2024-06-30' },
      { state: 'stale', checkedOn: '2024-06-30', label: 'not rechecked since 2024-06-30' },
    ],
    ['never', { checkedOn: null }, { state: 'unchecked' }],
    ['on a date that does not exist', { checkedOn: '2025-02-30' }, { state: 'unchecked' }],
    ['demo data, dated', { checkedOn: daysAgo(400), demo: true }, { state: 'demo' }],
    ['demo data, undated', { checkedOn: null, demo: true }, { state: 'demo' }],
  ])('a fact checked %s', (_case, checked, expected) => {
    expect(factFreshness(checked, TODAY)).toEqual(expected);
  });

  it.each([
    ['early in the UTC day', '2025-06-30T00:00:01.000Z', 'fresh'],
    ['late in the UTC day', '2025-06-30T23:59:59.000Z', 'fresh'],
    ['the next UTC day', '2025-07-01T00:00:00.000Z', 'stale'],
  ])('counts whole UTC days from a Date: %s', (_case, now, state) => {
    expect(factFreshness({ checkedOn: daysAgo(90) }, new Date(now)).state).toBe(state);
  });
});

describe('factsNeedingRecheck', () => {
  const checked = (checkedOn: string | null, demo?: true) => ({
    checked: demo ? { checkedOn, demo } : { checkedOn },
  });
  const providers: ProviderWithFacts[] = [
    {
      id: 'p-1',
      name: 'Acme Health',
      offers: [checked(daysAgo(10)), checked(daysAgo(120))],
      fees: checked(daysAgo(91)),
      terms: checked(daysAgo(90)),
      trust: null,
    },
    {
      id: 'p-2',
      name: 'Beta Clinic',
      offers: null,
      fees: checked(null),
      terms: checked(daysAgo(200)),
      trust: checked(daysAgo(91)),
    },
    {
      id: 'demo-provider-1',
      name: 'Example Telehealth Co.',
      offers: [checked(daysAgo(300), true)],
      fees: checked(daysAgo(300), true),
    },
  ];

  it('lists groups older than 90 days or never checked, oldest first; never demo data', () => {
    expect(factsNeedingRecheck(providers, TODAY)).toEqual([
      {
        providerId: 'p-2',
        providerName: 'Beta Clinic',
        group: 'fees',
        checkedOn: null,
        ageDays: null,
      },
      {
        providerId: 'p-2',
        providerName: 'Beta Clinic',
        group: 'terms',
        checkedOn: daysAgo(200),
        ageDays: 200,
      },
      {
        providerId: 'p-1',
        providerName: 'Acme Health',
        group: 'offers',
        checkedOn: daysAgo(120),
        ageDays: 120,
      },
      {
        providerId: 'p-1',
        providerName: 'Acme Health',
        group: 'fees',
        checkedOn: daysAgo(91),
        ageDays: 91,
      },
      {
        providerId: 'p-2',
        providerName: 'Beta Clinic',
        group: 'trust',
        checkedOn: daysAgo(91),
        ageDays: 91,
      },
    ]);
  });

  it('lists nothing when every check is fresh', () => {
    expect(
      factsNeedingRecheck([{ id: 'p-1', name: 'Acme', fees: checked(daysAgo(90)) }], TODAY),
    ).toEqual([]);
  });
});
