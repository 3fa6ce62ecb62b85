/**
 * The password policy, one rule for every way a password is set (setup, invitation, change,
 * the CLI): at least 12 characters, and not guessable by zxcvbn-ts with its common-password
 * and English dictionaries (score under 3, or a common password making up half of it).
 */
import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, checkPasswordPolicy } from '../../../domain/admins/password-policy';
import { validatePasswordStrength } from '../../../api/auth/password';

const { required, tooShort, tooLong, common, sameAsEmail } = PASSWORD_MESSAGES;

describe('checkPasswordPolicy', () => {
  it.each([
    // required and length
    ['', required],
    ['            ', required],
    ['short', tooShort],
    ['elevenchars', tooShort],
    ['x'.repeat(1025), tooLong],
    // common passwords, dressed up or not
    ['password1234', common],
    ['Password1234!', common],
    ['P@ssw0rd2024!!', common],
    ['passwordpassword', common],
    ['adminadmin12', common],
    ['iloveyou2025', common],
    ['qwertyuiop12', common],
    ['123456789012', common],
    ['2024-01-01 !!', common],
    ['aaaaaaaaaaaaaaaa', common],
    // long enough and not guessable
    ['a long test password 1', null],
    ['password manager in use', null],
    ['9837 2615 4409 1187', null],
    ['correct horse battery staple', null],
    ['mauve otter lantern 97', null],
  ])('%j -> %s', (password, refusal) => {
    expect(checkPasswordPolicy(password)).toEqual(
      refusal === null ? { ok: true } : { ok: false, message: refusal },
    );
  });

  it('refuses the account’s own e-mail as password', () => {
    expect(checkPasswordPolicy('Admin@Example.com', { email: 'admin@example.com' })).toEqual({
      ok: false,
      message: sameAsEmail,
    });
  });

  it('is the rule the API and the CLI apply (one rule, re-exported)', () => {
    expect(validatePasswordStrength).toBe(checkPasswordPolicy);
  });
});
