import { describe, expect, it } from 'vitest';
import {
  prepareLogin,
  prepareSetup,
  setupFieldErrors,
} from '../../../web/features/admins/credentials';

describe('admin login input (spec section 5)', () => {
  it('trims the e-mail and the password before sending', () => {
    expect(prepareLogin('  admin@example.com ', '\tcorrect horse battery  ')).toEqual({
      ok: true,
      credentials: { email: 'admin@example.com', password: 'correct horse battery' },
    });
  });

  it.each([
    ['', 'password'],
    ['admin@example.com', ''],
    ['   ', '   '],
  ])('e-mail %j and password %j are both required', (email, password) => {
    expect(prepareLogin(email, password)).toEqual({
      ok: false,
      error: 'Please enter your e-mail and password',
    });
  });
});

describe('first administrator setup', () => {
  const good = {
    email: ' owner@example.com ',
    password: 'a-long-passphrase',
    confirmPassword: 'a-long-passphrase',
  };

  it('accepts a valid e-mail and matching passwords of 12 characters or more, trimmed', () => {
    expect(prepareSetup(good)).toEqual({
      ok: true,
      credentials: { email: 'owner@example.com', password: 'a-long-passphrase' },
    });
    expect(
      prepareSetup({ ...good, password: '123456789012', confirmPassword: ' 123456789012 ' }).ok,
    ).toBe(true);
  });

  it.each([
    ['e-mail missing', { email: '' }, { email: 'Please enter a valid email address.' }],
    [
      'e-mail malformed',
      { email: 'owner@example' },
      { email: 'Please enter a valid email address.' },
    ],
    [
      '11 characters',
      { password: '12345678901', confirmPassword: '12345678901' },
      { password: 'Password must be at least 12 characters' },
    ],
    [
      '12 characters only after trimming spaces',
      { password: '  1234567890  ', confirmPassword: '  1234567890  ' },
      { password: 'Password must be at least 12 characters' },
    ],
    [
      'confirmation differs',
      { confirmPassword: 'a-long-passphrasE' },
      { confirmPassword: 'Passwords do not match' },
    ],
  ])('%s', (_case, overrides, errors) => {
    expect(prepareSetup({ ...good, ...overrides })).toEqual({ ok: false, errors });
  });

  it('server field messages go beside e-mail and password; others are listed', () => {
    expect(
      setupFieldErrors({ email: 'Already used', password: 'Too common', token: 'Expired' }),
    ).toEqual({
      byField: { email: 'Already used', password: 'Too common' },
      other: ['Expired'],
    });
  });
});
