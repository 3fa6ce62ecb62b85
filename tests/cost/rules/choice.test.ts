/**
 * The /cost page's choices as they come in the URL (domain/cost: parseCostChoice): defaults for
 * what is absent, a ZIP code resolved to its state, a message naming the field for anything
 * wrong, and never a throw, whatever the visitor sends.
 */
import { describe, expect, it } from 'vitest';
import { COST_MESSAGES, parseCostChoice } from '../../../domain/cost';

describe('a valid choice', () => {
  it.each([
    [{}, null, { medication: 'tirzepatide', form: 'either', months: 6 }],
    [{ state: 'oh' }, 'OH', { medication: 'tirzepatide', form: 'either', months: 6 }],
    [
      { medication: 'semaglutide', form: 'compounded', months: '12', state: ' TX ' },
      'TX',
      { medication: 'semaglutide', form: 'compounded', months: 12 },
    ],
    [{ zip: '43004', state: 'CA' }, 'OH', { months: 6 }],
    [{ months: '', form: '', state: 'NY' }, 'NY', { months: 6, form: 'either' }],
    [{ dose: '5 mg', state: 'OH' }, 'OH', { maintenanceDoseMg: 5 }],
    [{ medication: 'semaglutide', dose: '1.7', state: 'OH' }, 'OH', { maintenanceDoseMg: 1.7 }],
    [{ constructor: 'x', toString: 'y', __proto__: 'z', state: 'OH' }, 'OH', { months: 6 }],
  ] as const)('%j -> state %s with %j', (params, state, expected) => {
    const parsed = parseCostChoice(params);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.choice?.state ?? null).toBe(state);
    expect(parsed.values).toMatchObject(expected);
  });

  it('says which state a ZIP code was resolved to', () => {
    const parsed = parseCostChoice({ zip: '43004' });
    expect(parsed.ok && parsed.zipState).toBe('OH');
  });
});

describe('a wrong value gets a message naming its field', () => {
  const long = 'x'.repeat(10_000);
  it.each([
    [{ medication: 'ozempic' }, 'medication', COST_MESSAGES.medication],
    [{ form: 'pill' }, 'form', COST_MESSAGES.form],
    [{ months: 'constructor' }, 'months', COST_MESSAGES.months],
    [{ months: '0' }, 'months', COST_MESSAGES.months],
    [{ months: '13' }, 'months', COST_MESSAGES.months],
    [{ months: '6.5' }, 'months', COST_MESSAGES.months],
    [{ months: long }, 'months', COST_MESSAGES.months],
    [{ state: 'XX' }, 'state', COST_MESSAGES.state],
    [{ state: 'Ohio' }, 'state', COST_MESSAGES.state],
    [{ zip: '1234' }, 'zip', 'ZIP code: Enter a 5-digit US ZIP code.'],
    [{ zip: '20001' }, 'zip', 'ZIP code: ZIP code 20001 is in DC, outside the 50 states we cover.'],
    [{ dose: '15', medication: 'semaglutide' }, 'dose', COST_MESSAGES.dose('semaglutide')],
    [{ dose: 'lots' }, 'dose', COST_MESSAGES.dose('tirzepatide')],
    [{ dose: '3' }, 'dose', COST_MESSAGES.dose('tirzepatide')],
  ] as const)('%j -> %s: %s', (params, field, message) => {
    const parsed = parseCostChoice(params);
    expect(parsed).toEqual({ ok: false, fields: { [field]: message } });
  });

  it('names every wrong field at once', () => {
    const parsed = parseCostChoice({ medication: 'x', months: '99', state: 'ZZ' });
    expect(parsed.ok ? [] : Object.keys(parsed.fields).sort()).toEqual([
      'medication',
      'months',
      'state',
    ]);
  });

  it('reads the messages as sentences naming the field', () => {
    expect(COST_MESSAGES.months).toBe('Months must be a whole number from 1 to 12');
    expect(COST_MESSAGES.dose('tirzepatide')).toBe(
      'Maintenance dose must be one of 2.5 mg, 5 mg, 7.5 mg, 10 mg, 12.5 mg, 15 mg for tirzepatide',
    );
  });
});
