import { describe, expect, it } from 'vitest';
import { defaultParseSearch, defaultStringifySearch } from '@tanstack/react-router';
import { calculateDosage } from '../../../domain/calculator/dosage';
import { calculateCost } from '../../../domain/calculator/cost';
import { calculateBmi } from '../../../domain/calculator/bmi';
import {
  activeTab,
  bmiParamErrors,
  bmiRuleInput,
  costRuleInput,
  dosageParamErrors,
  dosageRuleInput,
  formDiffers,
  formsFromSearch,
  isSubmitted,
  parseCalculatorSearch,
  readSearchValue,
  searchFromForm,
  submitSearch,
  tabSearch,
  type CalculatorSearch,
  convertBmiUnits,
} from '../../../web/features/calculator/search';

/** What the route sees for a query string: the router's own parser, then validateSearch. */
function fromUrl(query: string): CalculatorSearch {
  return parseCalculatorSearch(defaultParseSearch(query));
}

/** The query string the router writes for a search object. */
function toUrl(search: CalculatorSearch): string {
  return defaultStringifySearch(search);
}

describe('reading one URL value leniently', () => {
  it.each([
    ['a number', 80, 80],
    ['numeric text', ' 0.25 ', 0.25],
    ['text that is not a number', 'abc', 'abc'],
    ['empty text (an empty field was sent)', '', ''],
    ['Infinity', Infinity, 'Infinity'],
    ['NaN', NaN, 'NaN'],
    ['true', true, 'true'],
    ['null', null, ''],
    ['an object', { a: 1 }, ''],
    ['a repeated key: the last value', [1, 2], 2],
    ['an empty array', [], ''],
    ['very long text, cut to 32 characters', 'x'.repeat(500), 'x'.repeat(32)],
  ])('%s', (_case, raw, expected) => {
    expect(readSearchValue(raw)).toEqual(expected);
  });

  it('keeps an absent value absent', () => {
    expect(readSearchValue(undefined)).toBeUndefined();
  });
});

describe('the route search (validateSearch)', () => {
  it.each([
    ['no query: default tab, no fields', '', {}],
    ['tab=cost', '?tab=cost', { tab: 'cost' }],
    ['tab=bmi', '?tab=bmi', { tab: 'bmi' }],
    ['an unknown tab falls back to the default', '?tab=titration', {}],
    ['a tab given twice is not a tab', '?tab=bmi&tab=cost', {}],
    ['unknown keys are not calculator fields', '?utm_source=news&tab=dosage', { tab: 'dosage' }],
    [
      'the dosage GET form',
      '?tab=dosage&dose=0.25&concentration=2.5&frequency=1&weeks=4&vial=2',
      { tab: 'dosage', dose: 0.25, concentration: 2.5, frequency: 1, weeks: 4, vial: 2 },
    ],
    [
      'the cost GET form',
      '?tab=cost&price=299&volume=2&strength=2.5&weeklyDose=0.25',
      { tab: 'cost', price: 299, volume: 2, strength: 2.5, weeklyDose: 0.25 },
    ],
    [
      'the BMI GET form, metric (the hidden imperial fields arrive empty)',
      '?tab=bmi&units=metric&weight=80&height=180&feet=&inches=',
      { tab: 'bmi', units: 'metric', weight: 80, height: 180, feet: '', inches: '' },
    ],
    [
      'the BMI GET form, imperial',
      '?tab=bmi&units=imperial&weight=180&height=&feet=5&inches=10',
      { tab: 'bmi', units: 'imperial', weight: 180, height: '', feet: 5, inches: 10 },
    ],
    ['unknown units are dropped', '?tab=bmi&units=stones&weight=80', { tab: 'bmi', weight: 80 }],
    ['invalid numbers are kept as text', '?dose=abc&vial=-1', { dose: 'abc', vial: -1 }],
    ['a quoted number is a number', '?dose=%220.5%22', { dose: 0.5 }],
    ['a JSON object is not a value', '?dose=%7B%22a%22%3A1%7D', { dose: '' }],
    ['exponent notation', '?weight=8e1', { weight: 80 }],
  ])('%s', (_case, query, expected) => {
    expect(fromUrl(query)).toEqual(expected);
  });

  it('overrides every raw value the router merges it over, so a bad tab cannot leak through', () => {
    const raw = defaultParseSearch('?tab=titration&units=stones&dose=%7B%7D&utm_source=news');
    const merged = { ...raw, ...parseCalculatorSearch(raw) };
    expect(activeTab(merged)).toBe('dosage');
    expect(merged.units).toBeUndefined();
    expect(merged.dose).toBe('');
  });

  it.each([
    ['{}', {}, 'dosage'],
    ['tab=cost', { tab: 'cost' }, 'cost'],
    ['tab=bmi', { tab: 'bmi' }, 'bmi'],
  ] as const)('the active tab of %s is %s', (_case, search, tab) => {
    expect(activeTab(search)).toBe(tab);
  });
});

describe('when a tab counts as calculated', () => {
  it.each([
    ['no fields', '?tab=dosage', 'dosage', false],
    ['one dosage field', '?dose=0.5', 'dosage', true],
    ['an empty dosage field was sent', '?tab=dosage&dose=', 'dosage', true],
    ['dosage fields do not calculate cost', '?dose=0.5', 'cost', false],
    ['units alone do not calculate BMI', '?tab=bmi&units=metric', 'bmi', false],
    ['a BMI weight', '?tab=bmi&weight=80', 'bmi', true],
    ['a cost price', '?tab=cost&price=299', 'cost', true],
  ] as const)('%s', (_case, query, tab, expected) => {
    expect(isSubmitted(fromUrl(query), tab)).toBe(expected);
  });
});

describe('form text from the URL', () => {
  it('starts the dosage form at the spec defaults, the others empty, BMI imperial', () => {
    expect(formsFromSearch({})).toEqual({
      dosage: { dose: '0.25', concentration: '2.5', frequency: '1', weeks: '4', vial: '2' },
      cost: { price: '', volume: '', strength: '', weeklyDose: '', per: '' },
      bmi: { units: 'imperial', weight: '', height: '', feet: '', inches: '' },
    });
  });

  it('shows the URL values, and the defaults for dosage fields the URL leaves out', () => {
    const forms = formsFromSearch(fromUrl('?dose=0.5&weeks=abc&units=metric&weight=80'));
    expect(forms.dosage).toEqual({
      dose: '0.5',
      concentration: '2.5',
      frequency: '1',
      weeks: 'abc',
      vial: '2',
    });
    expect(forms.bmi).toEqual({ units: 'metric', weight: '80', height: '', feet: '', inches: '' });
  });
});

describe('form text -> URL (Calculate)', () => {
  it('writes the dosage fields as numbers, so the link reads like the GET form', () => {
    const search = searchFromForm('dosage', {
      dose: '0.25',
      concentration: '2.5',
      frequency: '1',
      weeks: '4',
      vial: '2',
    });
    expect(toUrl(search)).toBe(
      '?tab=dosage&dose=0.25&concentration=2.5&frequency=1&weeks=4&vial=2',
    );
  });

  it('keeps empty and non-numeric text so the rule can name the field', () => {
    const search = searchFromForm('cost', {
      price: '',
      volume: 'two',
      strength: '2.5',
      weeklyDose: '0.25',
      per: 'vial',
    });
    expect(toUrl(search)).toBe('?tab=cost&price=&volume=two&strength=2.5&weeklyDose=0.25&per=vial');
    expect(fromUrl(toUrl(search))).toEqual({ ...search });
  });

  it.each([
    [
      'metric sends weight and height only',
      { units: 'metric', weight: '80', height: '180', feet: '5', inches: '10' },
      '?tab=bmi&weight=80&height=180&units=metric',
    ],
    [
      'imperial sends weight, feet and inches only',
      { units: 'imperial', weight: '180', height: '180', feet: '5', inches: '10' },
      '?tab=bmi&weight=180&feet=5&inches=10&units=imperial',
    ],
  ] as const)('BMI: %s', (_case, form, query) => {
    expect(toUrl(searchFromForm('bmi', form))).toBe(query);
  });

  it('replaces only the submitted tab fields and keeps the other tabs results', () => {
    const current = fromUrl('?tab=bmi&units=imperial&weight=180&feet=5&inches=10&dose=0.5');
    const next = submitSearch(current, 'bmi', {
      units: 'metric',
      weight: '80',
      height: '180',
      feet: '5',
      inches: '10',
    });
    expect(next).toEqual({ tab: 'bmi', units: 'metric', weight: 80, height: 180, dose: 0.5 });
  });

  it('switches the tab when Calculate is pressed on another tab', () => {
    const next = submitSearch(fromUrl('?tab=dosage&dose=0.5'), 'cost', {
      price: '299',
      volume: '2',
      strength: '2.5',
      weeklyDose: '0.25',
      per: '',
    });
    expect(next.tab).toBe('cost');
    expect(next.dose).toBe(0.5);
  });

  it('round-trips every tab through the router serialiser', () => {
    const search = fromUrl(
      '?tab=cost&dose=0.5&concentration=5&frequency=2&weeks=8&vial=3&price=299&volume=2&strength=2.5&weeklyDose=0.25&units=metric&weight=80&height=180',
    );
    expect(fromUrl(toUrl(search))).toEqual(search);
  });
});

describe('changing tab', () => {
  it('keeps every calculated value and changes only the tab', () => {
    const current = fromUrl('?tab=dosage&dose=0.5&units=metric&weight=80&height=180');
    expect(tabSearch(current, 'bmi')).toEqual({ ...current, tab: 'bmi' });
    expect(toUrl(tabSearch({}, 'cost'))).toBe('?tab=cost');
  });
});

describe('a stale result (inputs edited after Calculate)', () => {
  const search = fromUrl('?tab=dosage&dose=0.5&concentration=2.5&frequency=1&weeks=4&vial=2');
  it.each([
    [
      'the same values',
      { dose: '0.5', concentration: '2.5', frequency: '1', weeks: '4', vial: '2' },
      false,
    ],
    [
      'the same numbers written differently',
      { dose: '0.50', concentration: '2.5', frequency: '1', weeks: '4', vial: '2' },
      false,
    ],
    [
      'a changed dose',
      { dose: '1', concentration: '2.5', frequency: '1', weeks: '4', vial: '2' },
      true,
    ],
    [
      'an emptied field',
      { dose: '', concentration: '2.5', frequency: '1', weeks: '4', vial: '2' },
      true,
    ],
  ])('%s', (_case, form, expected) => {
    expect(formDiffers('dosage', form, search)).toBe(expected);
  });

  it('a changed BMI unit system is a change', () => {
    const bmi = fromUrl('?tab=bmi&units=metric&weight=80&height=180');
    expect(formDiffers('bmi', { ...formsFromSearch(bmi).bmi, units: 'imperial' }, bmi)).toBe(true);
  });
});

describe('form text -> rule input', () => {
  it('maps the dosage fields onto the dosage rule', () => {
    const form = { dose: '0.25', concentration: '2.5', frequency: '1', weeks: '4', vial: '2' };
    expect(dosageRuleInput(form)).toEqual({
      dosage: '0.25',
      concentration: '2.5',
      frequency: '1',
      duration: '4',
      vialSize: '2',
    });
    const outcome = calculateDosage(dosageRuleInput(form));
    expect(outcome.ok && outcome.result).toMatchObject({
      volumePerInjection: 0.1,
      unitsPerInjection: 10,
      totalVolume: 0.4,
      numberOfVials: 1,
    });
  });

  it('maps the cost fields onto the cost rule', () => {
    const form = { price: '299', volume: '2', strength: '2.5', weeklyDose: '0.25', per: 'month' };
    expect(costRuleInput(form)).toEqual({
      price: '299',
      pricePer: 'month',
      vialVolume: '2',
      concentration: '2.5',
      weeklyDose: '0.25',
    });
    // 299 / (2 ml x 2.5 mg/ml) = 59.80 per mg; 0.25 mg x 59.8 = 14.95 per dose.
    expect(calculateCost(costRuleInput(form))).toMatchObject({
      costPerMg: 59.8,
      costPerDose: 14.95,
    });
  });

  it.each([
    [
      'metric: kg and cm',
      { units: 'metric', weight: '80', height: '180', feet: '5', inches: '3' },
      { system: 'metric', kg: '80', cm: '180' },
      24.7,
    ],
    [
      'imperial: pounds, feet and inches',
      { units: 'imperial', weight: '180', height: '999', feet: '5', inches: '10' },
      { system: 'imperial', pounds: '180', feet: '5', inches: '10' },
      25.8,
    ],
  ] as const)('maps BMI %s', (_case, form, input, bmi) => {
    expect(bmiRuleInput(form)).toEqual(input);
    const outcome = calculateBmi(bmiRuleInput(form));
    expect(outcome.ok && outcome.result.bmi).toBe(bmi);
  });
});

describe('rule messages -> the field they sit beside', () => {
  it('puts each dosage message beside its URL field, word for word', () => {
    const outcome = calculateDosage(
      dosageRuleInput({ dose: '0', concentration: '0', frequency: '0', weeks: '0', vial: '0' }),
    );
    expect(outcome.ok).toBe(false);
    expect(outcome.ok ? {} : dosageParamErrors(outcome.errors)).toEqual({
      dose: 'Dosage must be greater than 0',
      concentration: 'Concentration must be greater than 0',
      frequency: 'Frequency must be greater than 0',
      weeks: 'Duration must be greater than 0',
      vial: 'Vial size must be greater than 0',
    });
  });

  it.each([
    ['metric height beside centimetres', 'metric', { height: 'H' }, { height: 'H' }],
    ['imperial height beside feet', 'imperial', { height: 'H' }, { feet: 'H' }],
    ['weight beside weight', 'metric', { weight: 'W' }, { weight: 'W' }],
    ['inches beside inches', 'imperial', { inches: 'I' }, { inches: 'I' }],
  ] as const)('BMI: %s', (_case, units, errors, expected) => {
    expect(bmiParamErrors(units, errors)).toEqual(expected);
  });

  it('shows the BMI rule message for inches out of range', () => {
    const outcome = calculateBmi(
      bmiRuleInput({ units: 'imperial', weight: '180', height: '', feet: '5', inches: '12' }),
    );
    expect(outcome.ok ? {} : bmiParamErrors('imperial', outcome.errors)).toEqual({
      inches: 'Inches must be between 0 and 11',
    });
  });
});

describe('switching the BMI units converts the values entered', () => {
  const bmi = (
    units: 'imperial' | 'metric',
    weight: string,
    height: string,
    feet: string,
    inches: string,
  ) => ({
    units,
    weight,
    height,
    feet,
    inches,
  });
  it.each([
    [
      '195 lb, 5 ft 10 in -> metric',
      bmi('imperial', '195', '', '5', '10'),
      'metric',
      { weight: '88.5', height: '177.8' },
    ],
    [
      '88.5 kg, 177.8 cm -> imperial',
      bmi('metric', '88.5', '177.8', '', ''),
      'imperial',
      { weight: '195.1', feet: '5', inches: '10' },
    ],
    [
      '183 cm -> 6 ft 0 in',
      bmi('metric', '', '183', '', ''),
      'imperial',
      { weight: '', feet: '6', inches: '0' },
    ],
    [
      'blank fields stay blank',
      bmi('imperial', '', '', '', ''),
      'metric',
      { weight: '', height: '' },
    ],
    [
      'unreadable weight is left as typed',
      bmi('imperial', 'abc', '', '5', ''),
      'metric',
      { weight: 'abc', height: '152.4' },
    ],
    [
      'same units: unchanged',
      bmi('metric', '70', '170', '', ''),
      'metric',
      { weight: '70', height: '170' },
    ],
  ] as const)('%s', (_case, form, to, expected) => {
    expect(convertBmiUnits(form, to)).toMatchObject({ units: to, ...expected });
  });
});
