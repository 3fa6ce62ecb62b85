import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  NEWSLETTER_MESSAGES,
  normaliseSubscriberEmail,
  validateSubscriberEmail,
} from '../../../domain/newsletter/rules';

describe('newsletter messages (spec section 8, word for word)', () => {
  it.each([
    ['invalid', 'Please enter a valid email address.'],
    ['duplicate', 'This email is already subscribed to our updates.'],
    ['failed', 'Subscription failed. Please try again later.'],
    ['success', "Successfully Subscribed! You'll receive weekly GLP-1 updates and provider news."],
  ] as const)('%s: %s', (key, text) => {
    expect(NEWSLETTER_MESSAGES[key]).toBe(text);
  });
});

describe('validateSubscriberEmail: present and x@y.z, stored lowercase', () => {
  it.each([
    ['ann@example.com', 'ann@example.com'],
    ['  Ann.Lee+glp1@Example.CO.uk ', 'ann.lee+glp1@example.co.uk'],
    ['a@b.c', 'a@b.c'],
  ])('%j -> %j', (input, email) => {
    expect(validateSubscriberEmail(input)).toEqual({ ok: true, email });
  });

  it.each([
    '',
    '   ',
    'ann',
    'ann@example',
    '@example.com',
    'ann@.com.',
    'ann @example.com',
    'a@b@c.d',
    null,
    42,
  ])('%j -> Please enter a valid email address.', (input) => {
    expect(validateSubscriberEmail(input)).toEqual({
      ok: false,
      error: 'Please enter a valid email address.',
    });
  });

  it('normalising is idempotent and yields lowercase without edge spaces', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const once = normaliseSubscriberEmail(s);
        expect(normaliseSubscriberEmail(once)).toBe(once);
        expect(once).toBe(once.toLowerCase());
        expect(once).toBe(once.trim());
      }),
    );
  });
});
