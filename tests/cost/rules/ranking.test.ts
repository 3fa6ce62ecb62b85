/**
 * The /cost ranking (domain/cost: rankAllInCosts) as tables of cases: the total for each path,
 * introductory prices, plans against monthly pricing, unknown fees, prices that stop early,
 * the state filter, the form families, one row per provider (its cheapest offer) and ties.
 */
import { describe, expect, it } from 'vitest';
import { rankAllInCosts, type CostChoice, type CostProvider } from '../../../domain/cost';
import type { Fees, Offer } from '../../../domain/providers';

const TIRZ = [
  { dose: '2.5 mg', monthly: 249 },
  { dose: '5 mg', monthly: 299 },
  { dose: '7.5 mg', monthly: 349 },
  { dose: '10 mg', monthly: 399 },
  { dose: '12.5 mg', monthly: 449 },
  { dose: '15 mg', monthly: 499 },
];

function anOffer(overrides: Partial<Offer> = {}): Offer {
  return {
    id: 'vial',
    medication: 'tirzepatide',
    form: 'compounded-vial',
    prices: TIRZ,
    intro: null,
    plans: [],
    concentrationMgPerMl: null,
    checked: { source: null, checkedOn: '2026-11-01' },
    ...overrides,
  };
}

const included = { kind: 'included' } as const;
const usd = (amount: number) => ({ kind: 'amount', usd: amount }) as const;
const unknown = { kind: 'unknown' } as const;

/** Fees all included unless a case says otherwise. */
function someFees(overrides: Partial<Fees> = {}): Fees {
  return {
    membership: { amount: included, includesMedication: false },
    oneTime: [],
    shippingPerOrder: included,
    checked: { source: null, checkedOn: '2026-11-01' },
    ...overrides,
  };
}

function aProvider(name: string, overrides: Partial<CostProvider> = {}): CostProvider {
  return { name, states: ['OH'], offers: [anOffer()], fees: someFees(), ...overrides };
}

const choice = (overrides: Partial<CostChoice> = {}): CostChoice => ({
  medication: 'tirzepatide',
  form: 'either',
  months: 6,
  state: 'OH',
  ...overrides,
});

describe('the total for each path (tirzepatide 249/299/349/399/449/499 a month, fees included)', () => {
  it.each([
    // months, maintenance dose, fills on the path, medication total
    [1, undefined, '2.5', 249],
    [3, undefined, '2.5, 5, 7.5, 10', 1296],
    [6, undefined, '2.5, 5, 7.5, 10, 12.5, 15, 15', 2743],
    [6, 5, '2.5, 5, 5, 5, 5, 5, 5', 249 + 6 * 299],
    [12, undefined, '2.5 ... 12.5, then 15 x 8', 249 + 299 + 349 + 399 + 449 + 8 * 499],
    [12, 7.5, '2.5, 5, then 7.5 x 11', 249 + 299 + 11 * 349],
  ])('%i months held at %s mg (%s): $%i', (months, dose, _path, total) => {
    const [row] = rankAllInCosts(
      [aProvider('Acme')],
      choice({ months, ...(dose === undefined ? {} : { maintenanceDoseMg: dose }) }),
    );
    expect(row?.cost.total).toBe(total);
    expect(row?.group).toBe('known');
    expect(row?.monthlyAverage).toBe(Math.round((total / months) * 100) / 100);
  });
});

describe('fees, introductory prices and plans (6 months, monthly path $2,743)', () => {
  it.each([
    [
      'membership $49 a month',
      { fees: someFees({ membership: { amount: usd(49), includesMedication: false } }) },
      2743 + 6 * 49,
    ],
    [
      'shipping $10 an order (7 fills)',
      { fees: someFees({ shippingPerOrder: usd(10) }) },
      2743 + 70,
    ],
    [
      'a consult fee of $25 once',
      { fees: someFees({ oneTime: [{ name: 'consult', label: '', amount: usd(25) }] }) },
      2743 + 25,
    ],
    [
      'a first month at $99',
      { offers: [anOffer({ intro: { monthly: 99, months: 1 } })] },
      2743 - 249 + 99,
    ],
    [
      'a 6-month plan at $2,000 (cheaper: used)',
      { offers: [anOffer({ plans: [{ months: 6, total: 2000 }] })] },
      2000,
    ],
    [
      'a 6-month plan at $3,000 (dearer: monthly)',
      { offers: [anOffer({ plans: [{ months: 6, total: 3000 }] })] },
      2743,
    ],
    [
      'only a 12-month plan at $2,600 (covers more, cheaper: used whole)',
      { offers: [anOffer({ plans: [{ months: 12, total: 2600 }] })] },
      2600,
    ],
    [
      'prices stop at 7.5 mg but a 6-month plan at $1,800 covers the path',
      { offers: [anOffer({ prices: TIRZ.slice(0, 2), plans: [{ months: 6, total: 1800 }] })] },
      1800,
    ],
  ])('%s: $%i', (_case, overrides, total) => {
    const [row] = rankAllInCosts([aProvider('Acme', overrides)], choice());
    expect(row?.group).toBe('known');
    expect(row?.cost.total).toBe(total);
  });
});

describe('unknown fees are never $0', () => {
  it.each([
    ['no fees entered', null, ['Membership fee', 'One-time fees', 'Shipping fee'], 2743],
    [
      'membership unknown',
      someFees({ membership: { amount: unknown, includesMedication: null } }),
      ['Membership fee'],
      2743,
    ],
    [
      'labs unknown, shipping $10',
      someFees({
        oneTime: [{ name: 'labs', label: '', amount: unknown }],
        shippingPerOrder: usd(10),
      }),
      ['Labs fee'],
      2743 + 70,
    ],
  ])('%s: total unknown, %j named, known part $%i', (_case, fees, named, knownPart) => {
    const [row] = rankAllInCosts([aProvider('Acme', { fees })], choice());
    expect(row?.group).toBe('unknown-fees');
    expect(row?.cost.total).toBeNull();
    expect(row?.monthlyAverage).toBeNull();
    expect(row?.cost.unknownItems).toEqual(named);
    expect(row?.cost.knownTotal).toBe(knownPart);
  });
});

describe('the order', () => {
  const providers = [
    aProvider('Dear Known', {
      fees: someFees({ membership: { amount: usd(100), includesMedication: false } }),
    }),
    aProvider('Cheap Known', { offers: [anOffer({ plans: [{ months: 6, total: 1500 }] })] }),
    aProvider('Unknown Small', {
      offers: [anOffer({ plans: [{ months: 6, total: 900 }] })],
      fees: someFees({ shippingPerOrder: unknown }),
    }),
    aProvider('Unknown Large', { fees: null }),
    aProvider('Stops Early', { offers: [anOffer({ prices: TIRZ.slice(0, 2) })] }),
    aProvider('Stops Later', { offers: [anOffer({ prices: TIRZ.slice(0, 4) })] }),
    aProvider('Another Cheap', { offers: [anOffer({ plans: [{ months: 6, total: 1500 }] })] }),
  ];

  it('known totals lowest first, then unknown fees by the known part, then prices that stop, furthest first; ties by name', () => {
    const rows = rankAllInCosts(providers, choice());
    expect(rows.map((r) => [r.provider.name, r.group])).toEqual([
      ['Another Cheap', 'known'],
      ['Cheap Known', 'known'],
      ['Dear Known', 'known'],
      ['Unknown Small', 'unknown-fees'],
      ['Unknown Large', 'unknown-fees'],
      ['Stops Later', 'stops'],
      ['Stops Early', 'stops'],
    ]);
  });

  it('says where the prices stop', () => {
    const rows = rankAllInCosts(providers, choice());
    expect(rows.filter((r) => r.group === 'stops').map((r) => r.cost.stopsAtDoseMg)).toEqual([
      12.5, 7.5,
    ]);
  });

  it('never reads anything but the costs (a commission flag on the provider changes nothing)', () => {
    const paid = providers.map((p, i) => ({ ...p, commission: i % 2 === 0 }));
    expect(rankAllInCosts(paid, choice()).map((r) => r.provider.name)).toEqual(
      rankAllInCosts(providers, choice()).map((r) => r.provider.name),
    );
  });
});

describe('who is ranked', () => {
  const vial = anOffer({ id: 'vial', form: 'compounded-vial' });
  const drops = anOffer({
    id: 'drops',
    form: 'compounded-other',
    plans: [{ months: 6, total: 2100 }],
  });
  const pen = anOffer({ id: 'pen', form: 'brand-pen', plans: [{ months: 6, total: 1900 }] });
  const oral = anOffer({ id: 'oral', form: 'oral', medication: 'semaglutide', prices: [] });
  const brandVial = anOffer({
    id: 'brand-vial',
    form: 'brand-vial',
    plans: [{ months: 6, total: 2500 }],
  });

  it.each([
    ['compounded', [vial, drops, pen], 'drops'],
    ['brand', [vial, brandVial, pen], 'pen'],
    ['brand', [vial, brandVial], 'brand-vial'],
    ['either', [vial, drops, pen, brandVial], 'pen'],
    ['compounded', [pen, brandVial], null],
    ['brand', [vial, drops], null],
  ] as const)(
    'form %s over offers: the row is its cheapest qualifying offer (%#)',
    (form, offers, id) => {
      const rows = rankAllInCosts([aProvider('Acme', { offers })], choice({ form }));
      expect(rows[0]?.offer.id ?? null).toBe(id);
    },
  );

  it('oral counts as brand', () => {
    const rows = rankAllInCosts(
      [aProvider('Acme', { offers: [oral] })],
      choice({ medication: 'semaglutide', form: 'brand' }),
    );
    expect(rows.map((r) => r.offer.id)).toEqual(['oral']);
    expect(rows[0]?.group).toBe('stops');
  });

  it.each([
    ['serves OH', ['OH', 'TX'], 1],
    ['serves TX only', ['TX'], 0],
    ['serves no state', [], 0],
  ])('a provider that %s is ranked for OH: %i row', (_case, states, count) => {
    expect(rankAllInCosts([aProvider('Acme', { states })], choice())).toHaveLength(count);
  });

  it('a provider without an offer of the medication is not ranked', () => {
    expect(rankAllInCosts([aProvider('Acme')], choice({ medication: 'semaglutide' }))).toEqual([]);
  });
});
