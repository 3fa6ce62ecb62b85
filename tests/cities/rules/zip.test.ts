import { describe, expect, it } from 'vitest';
import { stateOfZip, ZIP_MESSAGES } from '../../../domain/cities/zip';

describe('a ZIP code to its state (offline)', () => {
  it.each([
    ['43004', 'OH'],
    ['10001', 'NY'],
    ['90210', 'CA'],
    ['99501', 'AK'],
    ['96813', 'HI'],
    [' 73301 ', 'TX'],
    ['43004-1234', 'OH'],
    ['430041234', 'OH'],
  ])('%s is in %s', (zip, state) => {
    expect(stateOfZip(zip)).toEqual({ ok: true, state });
  });

  it.each([
    ['', ZIP_MESSAGES.malformed],
    ['4300', ZIP_MESSAGES.malformed],
    ['43OO4', ZIP_MESSAGES.malformed],
    ['430041', ZIP_MESSAGES.malformed],
    [43004, ZIP_MESSAGES.malformed],
    ['00000', ZIP_MESSAGES.unknown('00000')],
    ['20001', ZIP_MESSAGES.outside('20001', 'DC')],
    ['00901', ZIP_MESSAGES.outside('00901', 'PR')],
  ])('%j is refused: %s', (zip, error) => {
    expect(stateOfZip(zip)).toEqual({ ok: false, error });
  });
});
