/**
 * When a price alert matches, as tables: a provider alert on any change of that provider's
 * lowest monthly price of the medication (drop or rise), a cheapest alert when the cheapest
 * all-in monthly price in its state crosses under its amount; nothing for unchanged prices,
 * other medications, providers or states, or providers not (or no longer) listed.
 */
import { describe, expect, it } from 'vitest';
import {
  alertMatches,
  lowestMonthlyPrice,
  priceChanges,
  priceSnapshot,
  type AlertProvider,
  type PriceChange,
} from '../../../domain/newsletter/alert-rules';
import type { PriceAlert } from '../../../domain/newsletter/alert-events';
import type { Fees, Offer } from '../../../domain/providers';

const checked = { source: null, checkedOn: '2026-11-20' };
const offer = (medication: Offer['medication'], prices: [string, number][]): Offer => ({
  id: `${medication}-${prices.length}`,
  medication,
  form: 'compounded-vial',
  prices: prices.map(([dose, monthly]) => ({ dose, monthly })),
  intro: null,
  plans: [],
  concentrationMgPerMl: null,
  checked,
});
/** Every fee known: membership $0 included, shipping included, no one-time fee. */
const fees = {
  membership: { amount: { kind: 'included' }, includesMedication: null },
  oneTime: [],
  shippingPerOrder: { kind: 'included' },
  checked,
} as unknown as Fees; // the fields allInCost reads; the rest of Fees is not read here

/** A provider selling semaglutide at one flat monthly price on every ladder dose. */
const flat = (name: string, usd: number, states: string[] = ['OH']): AlertProvider => ({
  name,
  slug: name.toLowerCase(),
  states,
  fees,
  offers: [
    offer(
      'semaglutide',
      ['0.25 mg', '0.5 mg', '1 mg', '1.7 mg', '2.4 mg'].map((dose) => [dose, usd]),
    ),
  ],
});

/**
 * A provider whose all-in monthly average on /cost's default path (six months: 26 weeks, seven
 * four-week fills, fees included) is `monthly`: each fill costs monthly x 6 / 7.
 */
const allIn = (name: string, monthly: number, states: string[] = ['OH']) =>
  flat(name, (monthly * 6) / 7, states);

const hims: PriceAlert = { kind: 'provider', providerSlug: 'hims', medication: 'semaglutide' };
const cheapOhio = (below: number): PriceAlert => ({
  kind: 'cheapest',
  medication: 'semaglutide',
  state: 'OH',
  below,
});

const changesBetween = (before: AlertProvider[], after: AlertProvider[]): PriceChange[] =>
  priceChanges(priceSnapshot(before), priceSnapshot(after));
const matches = (alert: PriceAlert, before: AlertProvider[], after: AlertProvider[]) =>
  changesBetween(before, after).some((change) => alertMatches(alert, change));

describe('lowestMonthlyPrice', () => {
  it.each([
    [
      'the lowest of the doses',
      [
        offer('semaglutide', [
          ['0.25 mg', 199],
          ['2.4 mg', 299],
        ]),
      ],
      199,
    ],
    [
      'the lowest over two offers',
      [offer('semaglutide', [['1 mg', 250]]), offer('semaglutide', [['1 mg', 240]])],
      240,
    ],
    ['no offer of the medication', [offer('tirzepatide', [['5 mg', 399]])], null],
  ])('%s', (_case, offers, expected) => {
    expect(lowestMonthlyPrice(offers, 'semaglutide')?.usd ?? null).toBe(expected);
  });

  it('carries the day the price was checked', () => {
    expect(lowestMonthlyPrice([offer('semaglutide', [['1 mg', 1]])], 'semaglutide')).toEqual({
      usd: 1,
      checkedOn: '2026-11-20',
    });
  });
});

describe('a provider alert', () => {
  it.each([
    ['a drop', [flat('Hims', 299)], [flat('Hims', 249)], true],
    ['a rise', [flat('Hims', 249)], [flat('Hims', 299)], true],
    ['no change', [flat('Hims', 249)], [flat('Hims', 249)], false],
    [
      'another provider changes',
      [flat('Hims', 249), flat('Ro', 300)],
      [flat('Hims', 249), flat('Ro', 200)],
      false,
    ],
    ['the provider is removed from the list', [flat('Hims', 249)], [], false],
    ['the provider is newly listed', [], [flat('Hims', 249)], false],
  ])('%s', (_case, before, after, expected) => {
    expect(matches(hims, before, after)).toBe(expected);
  });

  it('another medication of the provider changing does not match', () => {
    const both = (tirzepatide: number): AlertProvider => ({
      ...flat('Hims', 249),
      offers: [...flat('Hims', 249).offers, offer('tirzepatide', [['5 mg', tirzepatide]])],
    });
    expect(matches(hims, [both(399)], [both(349)])).toBe(false);
    const tirz: PriceAlert = { ...hims, medication: 'tirzepatide' };
    expect(matches(tirz, [both(399)], [both(349)])).toBe(true);
  });

  it('names the provider, both prices and the check day', () => {
    expect(changesBetween([flat('Hims', 299)], [flat('Hims', 249)])).toContainEqual({
      kind: 'provider',
      providerSlug: 'hims',
      providerName: 'Hims',
      medication: 'semaglutide',
      from: 299,
      to: { usd: 249, checkedOn: '2026-11-20' },
    });
  });
});

describe('a cheapest alert (semaglutide in OH below the amount)', () => {
  it.each([
    ['falls from above to under', 310, 290, 300, true],
    ['falls from exactly the amount to under', 300, 299, 300, true],
    ['falls but stays above', 350, 310, 300, false],
    ['falls to exactly the amount (not under)', 310, 300, 300, false],
    ['already under, falls further', 290, 250, 300, false],
    ['rises', 250, 310, 300, false],
    ['unchanged', 290, 290, 300, false],
  ])('%s: $%s -> $%s, below $%s -> %s', (_case, from, to, below, expected) => {
    expect(matches(cheapOhio(below), [allIn('Hims', from)], [allIn('Hims', to)])).toBe(expected);
  });

  it('matches when there was no known price in the state before', () => {
    expect(matches(cheapOhio(300), [], [allIn('Hims', 250)])).toBe(true);
  });

  it('does not match a price in another state', () => {
    expect(matches(cheapOhio(300), [flat('Hims', 310, ['TX'])], [flat('Hims', 250, ['TX'])])).toBe(
      false,
    );
  });

  it('does not match another medication', () => {
    const tirz: PriceAlert = {
      kind: 'cheapest',
      medication: 'tirzepatide',
      state: 'OH',
      below: 300,
    };
    expect(matches(tirz, [allIn('Hims', 310)], [allIn('Hims', 250)])).toBe(false);
  });

  it('reads the cheapest provider serving the state, all in (a fee unknown is no known price)', () => {
    const unknownFees: AlertProvider = { ...allIn('Ro', 100), fees: null };
    expect(
      matches(cheapOhio(300), [allIn('Hims', 310), unknownFees], [allIn('Hims', 290), unknownFees]),
    ).toBe(true);
    // The cheaper of two known providers decides: Ro at $280 is under the amount already.
    const ro = allIn('Ro', 280);
    expect(matches(cheapOhio(300), [allIn('Hims', 310), ro], [allIn('Hims', 290), ro])).toBe(false);
  });
});
