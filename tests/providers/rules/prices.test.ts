import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  isCountablePrice,
  parseDoseMg,
  priceForDose,
  pricesByDose,
  roundTo,
} from '../../../domain/shared/prices';

describe('parseDoseMg reads the number of a dose label', () => {
  it.each([
    ['0.25mg', 0.25],
    ['2.5 mg', 2.5],
    ['1mg', 1],
    ['1.7 MG', 1.7],
    ['  15mg  ', 15],
    ['10', 10],
    ['.5mg', 0.5],
    ['2.4 mg/week', 2.4],
    ['mg', null],
    ['', null],
    ['starter', null],
    ['0mg', null],
  ])('%j -> %s', (label, mg) => {
    expect(parseDoseMg(label)).toBe(mg);
  });
});

describe('isCountablePrice: only numeric, non-NaN prices count', () => {
  it.each([
    [199, true],
    [0, true],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
    ['199', false],
    [null, false],
    [undefined, false],
    [-5, false],
  ])('%j -> %s', (value, expected) => {
    expect(isCountablePrice(value)).toBe(expected);
  });
});

describe('pricesByDose', () => {
  it('keys doses by number, keeps the lower price of two labels for one dose, drops junk', () => {
    const table = { '1mg': 320, '1 mg': 299, '0.250 mg': 199, bad: 10, '2.4mg': Number.NaN };
    expect(Object.fromEntries(pricesByDose(table))).toEqual({ '1': 299, '0.25': 199 });
    expect(priceForDose(table, 0.25)).toBe(199);
    expect(priceForDose(table, 2.4)).toBeNull();
    expect(priceForDose(undefined, 1)).toBeNull();
  });
});

describe('roundTo', () => {
  it.each([
    [0.1 + 0.2, 1, 0.3],
    [1.005, 2, 1.01],
    [0.30000000000000004, 3, 0.3],
    [12.345, 1, 12.3],
  ])('%d to %d decimals -> %d', (value, decimals, expected) => {
    expect(roundTo(value, decimals)).toBe(expected);
  });
  it('never moves a value by more than half a unit of the last decimal', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.integer({ min: 0, max: 4 }),
        (v, d) => {
          expect(Math.abs(roundTo(v, d) - v)).toBeLessThanOrEqual(0.5 / 10 ** d + 1e-9);
        },
      ),
    );
  });
});
