import { describe, expect, it } from 'vitest';
import { DEFAULT_DONATION, DONATION_PRESETS } from '../../../domain/rules/donation';
import { COPIED_LABEL, COPIED_MS, COUPON_MESSAGES } from '../../../domain/rules/copy';

describe('donation (spec section 9)', () => {
  it('presets $5, $10, $25, $50, $100 with $10 selected by default', () => {
    expect(DONATION_PRESETS).toEqual([5, 10, 25, 50, 100]);
    expect(DEFAULT_DONATION).toBe(10);
    expect(DONATION_PRESETS).toContain(DEFAULT_DONATION);
  });
});

describe('coupon copy (spec sections 4, 8, 9)', () => {
  it.each([
    ['SAVE20', 'Coupon code "SAVE20" copied to clipboard!'],
    ['GLP1-50', 'Coupon code "GLP1-50" copied to clipboard!'],
  ])('success for %s', (code, text) => {
    expect(COUPON_MESSAGES.copied(code)).toBe(text);
  });
  it('failure, label and duration', () => {
    expect(COUPON_MESSAGES.failed).toBe('Failed to copy coupon code');
    expect(COPIED_LABEL).toBe('Copied!');
    expect(COPIED_MS).toBe(2000);
  });
});
