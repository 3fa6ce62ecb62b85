import { describe, expect, it } from 'vitest';
import {
  formatBmi,
  formatDraw,
  formatMl,
  formatUnits,
  plural,
} from '../../../web/features/calculator/format';

describe('calculator numbers with units', () => {
  it.each([
    [0.1, 10, '0.10 ml (10 units)'],
    [0.125, 12.5, '0.125 ml (12.5 units)'],
    [0.01, 1, '0.01 ml (1 unit)'],
    [1.2, 120, '1.20 ml (120 units)'],
  ])('a draw of %s ml / %s units reads %s', (ml, units, expected) => {
    expect(formatDraw(ml, units)).toBe(expected);
  });

  it.each([
    [0.4, '0.40 ml'],
    [12, '12.00 ml'],
    [1234.5, '1,234.50 ml'],
  ])('%s ml reads %s', (ml, expected) => {
    expect(formatMl(ml)).toBe(expected);
  });

  it.each([
    [100, '100 units'],
    [0.5, '0.5 units'],
  ])('%s units reads %s', (units, expected) => {
    expect(formatUnits(units)).toBe(expected);
  });

  it.each([
    [1, '1 vial'],
    [2, '2 vials'],
    [1000, '1,000 vials'],
  ])('%s vials reads %s', (count, expected) => {
    expect(plural(count, 'vial', 'vials')).toBe(expected);
  });

  it.each([
    [24.7, '24.7'],
    [30, '30.0'],
  ])('BMI %s reads %s', (bmi, expected) => {
    expect(formatBmi(bmi)).toBe(expected);
  });
});
