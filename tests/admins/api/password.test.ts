import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCRYPT_PARAMS,
  dummyVerify,
  hashPassword,
  needsRehash,
  verifyPassword,
} from '../../../api/auth/password';

// Cheap parameters keep the table fast; the stored parameters are what verification uses.
const cheap = { N: 1024, r: 8, p: 1 };

describe('hashPassword', () => {
  it('encodes scrypt$N$r$p$salt$hash with base64 salt and hash', async () => {
    const encoded = await hashPassword('a long enough password');
    const parts = encoded.split('$');
    expect(parts).toHaveLength(6);
    expect(parts.slice(0, 4)).toEqual(['scrypt', String(DEFAULT_SCRYPT_PARAMS.N), '8', '1']);
    expect(Buffer.from(parts[4]!, 'base64')).toHaveLength(16);
    expect(Buffer.from(parts[5]!, 'base64')).toHaveLength(32);
  });

  it('uses a fresh salt each time, so equal passwords give different hashes', async () => {
    const [a, b] = await Promise.all([
      hashPassword('same password!', cheap),
      hashPassword('same password!', cheap),
    ]);
    expect(a).not.toEqual(b);
    expect(await verifyPassword('same password!', a)).toBe(true);
    expect(await verifyPassword('same password!', b)).toBe(true);
  });
});

describe('verifyPassword', async () => {
  const stored = await hashPassword('correct horse battery', cheap);
  const [, n, r, p, salt, key] = stored.split('$') as string[];
  const flipped = Buffer.from(key!, 'base64');
  flipped[0] = flipped[0]! ^ 1;

  it.each([
    ['the right password', 'correct horse battery', stored, true],
    ['a wrong password', 'correct horse battery!', stored, false],
    ['a different case', 'Correct horse battery', stored, false],
    ['an empty password', '', stored, false],
    [
      'a tampered hash',
      'correct horse battery',
      ['scrypt', n, r, p, salt, flipped.toString('base64')].join('$'),
      false,
    ],
    ['another algorithm', 'correct horse battery', stored.replace(/^scrypt/, 'bcrypt'), false],
    ['a truncated hash', 'correct horse battery', stored.split('$').slice(0, 5).join('$'), false],
    ['an empty hash', 'correct horse battery', '', false],
    [
      'N not a power of two',
      'correct horse battery',
      ['scrypt', '1000', r, p, salt, key].join('$'),
      false,
    ],
    [
      'N too large (denial of service)',
      'correct horse battery',
      ['scrypt', String(2 ** 24), r, p, salt, key].join('$'),
      false,
    ],
    ['an absurdly long password', 'x'.repeat(5000), stored, false],
  ])('given %s, answers %s', async (_case, password, encoded, expected) => {
    expect(await verifyPassword(password, encoded)).toBe(expected);
  });
});

describe('dummyVerify', () => {
  it('always answers false (used for unknown e-mails)', async () => {
    expect(await dummyVerify('anything at all')).toBe(false);
    expect(await dummyVerify('')).toBe(false);
  });
});

describe('needsRehash', () => {
  it.each([
    [
      'today’s parameters',
      `scrypt$${DEFAULT_SCRYPT_PARAMS.N}$8$1$c2FsdHNhbHQ=$${Buffer.alloc(32).toString('base64')}`,
      false,
    ],
    [
      'weaker parameters',
      `scrypt$1024$8$1$c2FsdHNhbHQ=$${Buffer.alloc(32).toString('base64')}`,
      true,
    ],
    ['an unreadable hash', 'nonsense', true],
  ])('%s -> %s', (_case, encoded, expected) => {
    expect(needsRehash(encoded)).toBe(expected);
  });
});

// The password policy's rule table: tests/admins/rules/password-policy.test.ts.
