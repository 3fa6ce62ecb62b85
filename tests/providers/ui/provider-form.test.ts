import { describe, expect, it } from 'vitest';
import {
  REQUIRED_FIELDS_MESSAGE,
  emptyProviderForm,
  formToDetails,
  mapServerFieldErrors,
  pricesToRows,
  providerToForm,
  readFeatures,
  readScore,
  rowsToPrices,
  validateProviderForm,
  withStandardDoses,
  vialScoreSource,
  type PriceRow,
  addFeature,
  missingSuggestions,
  type ProviderFormValues,
} from '../../../web/features/providers/provider-form';
import { errorSummary } from '../../../web/components/form/form-kit';
import type { AdminProviderView } from '../../../api/providers/contracts';
import { samePrices } from '../../../domain/providers/price-tables';
import { computeVialScore } from '../../../domain/providers/vial-score';

function form(overrides: Partial<ProviderFormValues> = {}): ProviderFormValues {
  return { ...emptyProviderForm(), name: 'Hims', websiteUrl: 'https://hims.com', ...overrides };
}

const provider: AdminProviderView = {
  _id: 'p1',
  name: 'Hims',
  description: 'Online clinic',
  websiteUrl: 'https://hims.com',
  states: ['TX', 'CA'],
  medications: ['Tirzepatide', 'Semaglutide'],
  trustpilotScore: 4.2,
  googleScore: 3.9,
  trustpilotReviewCount: 12431,
  googleReviewCount: null,
  featured: true,
  discountCode: 'SAVE20',
  affiliateTag: 'ref=vial',
  card: {
    features: ['Fast shipping', 'No insurance'],
    logoUrl: 'https://hims.com/logo.png',
    logoBackground: '#fff',
    badgeText: 'Top pick',
    badgeColor: 'teal',
    offerTitle: 'First month $99',
    offerCode: 'HIMS99',
    ratingLabel: 'Great',
    votesCount: 1200,
    ctaText: 'Start',
    detailedRating: 4.8,
  },
  prices: { semaglutide: { '1mg': 299, '0.25mg': 199 }, tirzepatide: {} },
  vialScore: computeVialScore({
    states: ['TX', 'CA'],
    medications: ['Semaglutide', 'Tirzepatide'],
    googleScore: 3.9,
    trustpilotScore: 4.2,
    prices: { semaglutide: {}, tirzepatide: {} },
  }),
  pendingVialScore: computeVialScore({
    states: ['TX', 'CA'],
    medications: ['Semaglutide', 'Tirzepatide'],
    googleScore: 3.9,
    trustpilotScore: 4.2,
    prices: { semaglutide: { '1mg': 299, '0.25mg': 199 }, tirzepatide: {} },
  }),
  revision: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
};

describe('score input (empty is "not entered", never 0; text that is no number is refused)', () => {
  it.each([
    ['4.5', 4.5],
    [' 3 ', 3],
    ['', null],
    ['   ', null],
    ['abc', Number.NaN],
    ['4,5', Number.NaN],
    ['0', 0],
    ['0.1', 0.1],
    ['7', 7],
  ])('%j -> %d', (text, expected) => {
    expect(readScore(text)).toEqual(expected);
  });

  it.each([
    ['', undefined],
    ['  ', undefined],
    ['x', 'Detailed rating must be a number'],
    ['4.8', undefined],
    ['0', undefined],
  ])('the optional detailed rating %j -> %j', (text, message) => {
    const values = form();
    values.card.detailedRating = text;
    expect(validateProviderForm(values)['card.detailedRating']).toBe(message);
  });
});

describe('form -> details payload', () => {
  it('trims every text field and reads the scores as numbers', () => {
    const details = formToDetails(
      form({
        name: '  Hims  ',
        websiteUrl: ' https://hims.com ',
        description: ' Online clinic \n',
        trustpilotScore: '4.2',
        googleScore: '',
        discountCode: ' SAVE20 ',
        affiliateTag: ' ref=vial ',
      }),
    );
    expect(details).toMatchObject({
      name: 'Hims',
      websiteUrl: 'https://hims.com',
      description: 'Online clinic',
      trustpilotScore: 4.2,
      googleScore: null,
      discountCode: 'SAVE20',
      affiliateTag: 'ref=vial',
    });
  });

  it('sends states and medications in the reference lists order, whatever the click order', () => {
    const details = formToDetails(
      form({ states: ['WY', 'AL', 'TX'], medications: ['Dulaglutide', 'Semaglutide'] }),
    );
    expect(details.states).toEqual(['AL', 'TX', 'WY']);
    expect(details.medications).toEqual(['Semaglutide', 'Dulaglutide']);
  });

  it('reads features one per line, dropping blank lines', () => {
    expect(readFeatures(' Fast shipping \r\n\n  \nNo insurance needed\n')).toEqual([
      'Fast shipping',
      'No insurance needed',
    ]);
  });

  it('keeps the card fields the form does not show when editing', () => {
    const values = providerToForm(provider);
    const details = formToDetails(
      { ...values, card: { ...values.card, badgeText: 'New badge' } },
      provider.card,
    );
    expect(details.card).toMatchObject({
      logoBackground: '#fff',
      badgeColor: 'teal',
      offerCode: 'HIMS99',
      votesCount: 1200,
      badgeText: 'New badge',
      detailedRating: 4.8,
    });
  });

  it('a blank detailed rating is sent as not set', () => {
    expect(formToDetails(form()).card?.detailedRating).toBeNull();
  });

  it('round-trips a provider through the form unchanged', () => {
    const details = formToDetails(providerToForm(provider), provider.card);
    expect(details).toEqual({
      name: provider.name,
      description: provider.description,
      websiteUrl: provider.websiteUrl,
      states: ['CA', 'TX'],
      medications: ['Semaglutide', 'Tirzepatide'],
      trustpilotScore: 4.2,
      googleScore: 3.9,
      trustpilotReviewCount: 12431,
      googleReviewCount: null,
      featured: true,
      discountCode: 'SAVE20',
      affiliateTag: 'ref=vial',
      card: provider.card,
    });
  });

  it('a new provider starts empty: nothing pre-filled', () => {
    const empty = emptyProviderForm();
    expect([empty.name, empty.websiteUrl, empty.description, empty.discountCode]).toEqual([
      '',
      '',
      '',
      '',
    ]);
    expect(empty.states).toEqual([]);
    expect(empty.featured).toBe(false);
  });
});

describe('validation before sending', () => {
  it.each([
    ['no name', { name: '  ' }, ['name']],
    ['no website', { websiteUrl: '' }, ['websiteUrl']],
    ['neither', { name: '', websiteUrl: ' ' }, ['name', 'websiteUrl']],
  ])('%s -> Please fill in all required fields', (_case, overrides, fields) => {
    const errors = validateProviderForm(form(overrides));
    expect(Object.keys(errors).sort()).toEqual([...fields].sort());
    for (const field of fields) expect(errors[field]).toBe(REQUIRED_FIELDS_MESSAGE);
  });

  it.each([
    ['trustpilotScore', '5.1', 'Trustpilot score must be between 0 and 5'],
    ['trustpilotScore', '-0.1', 'Trustpilot score must be between 0 and 5'],
    ['googleScore', '6', 'Google score must be between 0 and 5'],
  ] as const)('%s %j -> %s', (field, value, message) => {
    const errors = validateProviderForm(form({ [field]: value }));
    expect(errors[field]).toBe(message);
    expect(Object.values(errors)).not.toContain(REQUIRED_FIELDS_MESSAGE);
  });

  it.each([
    ['trustpilotReviewCount', 'many', 'Trustpilot review count must be a number'],
    ['trustpilotReviewCount', '12.5', 'Trustpilot review count must be a whole number'],
    ['googleReviewCount', '-3', 'Google review count must be 0 or more'],
  ] as const)('review count %s %j -> %s', (field, value, message) => {
    expect(validateProviderForm(form({ [field]: value }))).toEqual({ [field]: message });
  });

  it.each([
    ['', null],
    ['0', 0],
    ['12431', 12431],
    ['12,431', 12431],
  ])('review count %j is sent as %j (empty: not entered)', (text, expected) => {
    const values = form({ trustpilotReviewCount: text, googleReviewCount: text });
    expect(validateProviderForm(values)).toEqual({});
    expect(formToDetails(values)).toMatchObject({
      trustpilotReviewCount: expected,
      googleReviewCount: expected,
    });
  });

  it.each(['0', '5', '2.5', ''])('score %j is accepted (empty: not entered)', (value) => {
    expect(validateProviderForm(form({ trustpilotScore: value, googleScore: value }))).toEqual({});
  });

  it.each([
    ['abc', 'Trustpilot score must be a number'],
    ['5.5', 'Trustpilot score must be between 0 and 5'],
    ['-1', 'Trustpilot score must be between 0 and 5'],
  ])('score %j is refused with %j', (value, message) => {
    expect(validateProviderForm(form({ trustpilotScore: value }))).toEqual({
      trustpilotScore: message,
    });
  });

  it.each([
    [
      { trustpilotScore: 'Trustpilot score must be between 0 and 5' },
      'Trustpilot score must be between 0 and 5.',
    ],
    [
      {
        googleScore: 'Google score must be a number',
        name: REQUIRED_FIELDS_MESSAGE,
        websiteUrl: REQUIRED_FIELDS_MESSAGE,
      },
      `${REQUIRED_FIELDS_MESSAGE}. Google score must be a number.`,
    ],
  ])('the error summary names the actual problems: %j', (errors, summary) => {
    expect(errorSummary(errors, REQUIRED_FIELDS_MESSAGE)).toBe(summary);
  });

  it('a detailed rating above 5 is refused', () => {
    const values = form();
    values.card.detailedRating = '5.5';
    expect(validateProviderForm(values)['card.detailedRating']).toBe(
      'Detailed rating must be between 0 and 5',
    );
  });

  it('price row errors are reported with the row', () => {
    const errors = validateProviderForm(
      form({ prices: { semaglutide: [{ dose: '1mg', price: 'lots' }], tirzepatide: [] } }),
    );
    expect(errors).toEqual({ 'prices.semaglutide.0': 'Price must be a number' });
  });
});

describe('price table rows', () => {
  const priced = (medication: 'semaglutide' | 'tirzepatide', rows: PriceRow[]) =>
    form({ prices: { semaglutide: [], tirzepatide: [], [medication]: rows } });

  it('rows -> table, skipping unpriced rows and accepting a leading $', () => {
    const rows = [
      { dose: ' 0.25mg ', price: '199' },
      { dose: '0.5mg', price: ' $249.50 ' },
      { dose: '1mg', price: '' },
      { dose: '', price: '' },
    ];
    expect(rowsToPrices({ semaglutide: rows, tirzepatide: [] })).toEqual({
      prices: { semaglutide: { '0.25mg': 199, '0.5mg': 249.5 }, tirzepatide: {} },
      errors: {},
    });
    expect(validateProviderForm(priced('semaglutide', rows))).toEqual({});
  });

  it.each([
    [{ dose: '', price: '199' }, 'Dose label is required'],
    [{ dose: '1mg', price: 'abc' }, 'Price must be a number'],
    [{ dose: '1mg', price: '12,5' }, 'Price must be a number'],
    [{ dose: '1mg', price: '-5' }, 'Price must be 0 or more'],
  ])('row %j -> %s (never read as $0)', (row, message) => {
    expect(
      validateProviderForm(priced('tirzepatide', [{ dose: '2.5mg', price: '249' }, row])),
    ).toEqual({
      'prices.tirzepatide.1': message,
    });
  });

  it('the same dose twice is refused on the second row', () => {
    expect(
      validateProviderForm(
        priced('semaglutide', [
          { dose: '1mg', price: '299' },
          { dose: '1 MG', price: '289' },
        ]),
      ),
    ).toEqual({ 'prices.semaglutide.1': '1 MG is listed twice' });
  });

  it('both medications are read, and errors of both are collected', () => {
    expect(
      validateProviderForm(
        form({
          prices: {
            semaglutide: [{ dose: '1mg', price: 'x' }],
            tirzepatide: [{ dose: '', price: '1' }],
          },
        }),
      ),
    ).toEqual({
      'prices.semaglutide.0': 'Price must be a number',
      'prices.tirzepatide.0': 'Dose label is required',
    });
    expect(rowsToPrices({ semaglutide: [], tirzepatide: [{ dose: '5mg', price: '299' }] })).toEqual(
      { prices: { semaglutide: {}, tirzepatide: { '5mg': 299 } }, errors: {} },
    );
  });

  it('table -> rows, lowest dose first, unparseable labels last', () => {
    expect(pricesToRows({ '10mg': 399, Starter: 99, '2.5 mg': 249 })).toEqual([
      { dose: '2.5 mg', price: '249' },
      { dose: '10mg', price: '399' },
      { dose: 'Starter', price: '99' },
    ]);
    expect(pricesToRows(undefined)).toEqual([]);
  });

  it('standard doses are added unpriced next to the listed ones', () => {
    expect(
      withStandardDoses('semaglutide', [
        { dose: '1 mg', price: '299' },
        { dose: '', price: '' },
      ]),
    ).toEqual([
      { dose: '0.25mg', price: '' },
      { dose: '0.5mg', price: '' },
      { dose: '1 mg', price: '299' },
      { dose: '1.7mg', price: '' },
      { dose: '2.4mg', price: '' },
    ]);
  });

  it.each([
    [
      { semaglutide: { '1mg': 299 }, tirzepatide: {} },
      { semaglutide: { '1mg': 299 }, tirzepatide: {} },
      true,
    ],
    [
      { semaglutide: { '1mg': 299 }, tirzepatide: {} },
      { semaglutide: { '1mg': 289 }, tirzepatide: {} },
      false,
    ],
    [{ semaglutide: {}, tirzepatide: {} }, { semaglutide: { '1mg': 299 }, tirzepatide: {} }, false],
    [{ semaglutide: {}, tirzepatide: { '5mg': 1 } }, { semaglutide: {}, tirzepatide: {} }, false],
  ])('samePrices(%j, %j) = %s', (a, b, expected) => {
    expect(samePrices(a, b)).toBe(expected);
  });
});

describe('server field errors -> form fields', () => {
  const prices = {
    semaglutide: [
      { dose: '0.25mg', price: '199' },
      { dose: '1mg', price: '-1' },
    ],
    tirzepatide: [],
  };

  it.each([
    ['name', 'name'],
    ['details.websiteUrl', 'websiteUrl'],
    ['card.logoUrl', 'card.logoUrl'],
    ['card.features.2', 'card.features'],
    ['states.4', 'states'],
    ['medications.0', 'medications'],
    ['trustpilotScore', 'trustpilotScore'],
    ['prices.semaglutide.1mg', 'prices.semaglutide.1'],
    ['semaglutide.0.25mg', 'prices.semaglutide.0'],
    ['prices.tirzepatide.5mg', 'prices.tirzepatide'],
    ['prices.semaglutide', 'prices.semaglutide'],
  ])('%s -> %s', (path, field) => {
    expect(mapServerFieldErrors({ [path]: 'Bad value' }, prices)).toEqual({
      byField: { [field]: 'Bad value' },
      other: [],
    });
  });

  it('a path the form has no place for is listed separately; the first message per field wins', () => {
    expect(
      mapServerFieldErrors(
        { expectedRevision: 'Required', 'states.1': 'Unknown US state', 'states.2': 'Also bad' },
        prices,
      ),
    ).toEqual({ byField: { states: 'Unknown US state' }, other: ['Required'] });
  });
});

describe('live Vial Score inputs from the form', () => {
  it('reads what can be read: bad price rows are left out, a score not entered is null', () => {
    const values = form({
      states: ['TX'],
      medications: ['Semaglutide'],
      trustpilotScore: '',
      googleScore: '4',
      prices: {
        semaglutide: [
          { dose: '0.25mg', price: '199' },
          { dose: '0.5mg', price: 'call us' },
          { dose: '', price: '5' },
        ],
        tirzepatide: [],
      },
    });
    expect(vialScoreSource(values)).toEqual({
      states: ['TX'],
      medications: ['Semaglutide'],
      trustpilotScore: null,
      googleScore: 4,
      prices: { semaglutide: { '0.25mg': 199 }, tirzepatide: {} },
    });
  });

  it('the preview equals the pending score of the saved provider when nothing was edited', () => {
    const fromForm = computeVialScore(vialScoreSource(providerToForm(provider)));
    expect(fromForm).toEqual(computeVialScore(provider));
    expect(fromForm).toEqual(provider.pendingVialScore);
  });
});

describe('feature suggestions: offered in the form, never shown unsaved', () => {
  const suggestions = ['Free quiz', 'Ships in 48 hours'];
  it.each([
    ['no features yet', '', ['Free quiz', 'Ships in 48 hours']],
    ['one already added (any case)', 'free QUIZ\nCancel any time', ['Ships in 48 hours']],
    ['all added', 'Free quiz\nShips in 48 hours', []],
  ])('%s -> %j', (_case, text, expected) => {
    expect(missingSuggestions(text, suggestions)).toEqual(expected);
  });

  it.each([
    ['', 'Free quiz'],
    ['Cancel any time\n\n', 'Cancel any time\nFree quiz'],
  ])('adding to %j gives %j', (text, expected) => {
    expect(addFeature(text, 'Free quiz')).toBe(expected);
  });

  it('a new form saves no features', () => {
    expect(formToDetails(form()).card?.features).toEqual([]);
  });
});
