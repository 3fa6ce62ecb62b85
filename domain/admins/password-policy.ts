/**
 * THE password policy: every way an administrator's password is set (first-start setup, an
 * invitation accepted, a password change, `npm run admin:create`) asks this one rule.
 *
 * Length is what matters (NIST SP 800-63B), so no composition rules: at least 12 characters,
 * and refused when zxcvbn-ts, with its maintained common-password and English dictionaries
 * (checked offline, nothing leaves the machine), rates it guessable: a score under 3 means a
 * common password, a dictionary word or keyboard run dressed up with digits or symbols
 * ('password1234', 'qwertyuiop12'), which guessing lists try first.
 *
 * Server side only: the dictionaries weigh about 1.5 MB, so web/ never imports this file (the
 * forms check the length and let the server answer the rest).
 */
import { createRequire } from 'node:module';
import type * as ZxcvbnCore from '@zxcvbn-ts/core';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import type * as ZxcvbnCommon from '@zxcvbn-ts/language-common';
import type * as ZxcvbnEnglish from '@zxcvbn-ts/language-en';

export const PASSWORD_MIN_LENGTH = 12;
/** scrypt copes with long input, but a megabyte "password" is a denial-of-service attempt. */
export const PASSWORD_MAX_LENGTH = 1024;
/** zxcvbn's 0-4 scale: 3 is 'safely unguessable: moderate protection from offline attacks'. */
export const PASSWORD_MIN_SCORE = 3;

export const PASSWORD_MESSAGES = {
  required: 'Password is required.',
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
  sameAsEmail: 'Password must not be the same as the e-mail address.',
  common:
    'This password is too common and easy to guess (a common word or keyboard run with digits or symbols added). Use a longer phrase of several unrelated words.',
} as const;

export const COMMON_PASSWORD_MESSAGE = PASSWORD_MESSAGES.common;

export type PasswordStrength = { ok: true } | { ok: false; message: string };

/**
 * The packages are loaded on the first check, not imported: their dictionaries cost ~80 ms of
 * every server start, and most processes never set a password.
 */
const load = createRequire(import.meta.url);

let checker: ZxcvbnFactory | undefined;
/** Built on first use: loading the dictionaries costs ~100 ms, paid once per process. */
function zxcvbn(): ZxcvbnFactory {
  if (checker) return checker;
  const core = load('@zxcvbn-ts/core') as typeof ZxcvbnCore;
  const common = load('@zxcvbn-ts/language-common') as typeof ZxcvbnCommon;
  const en = load('@zxcvbn-ts/language-en') as typeof ZxcvbnEnglish;
  checker = new core.ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  });
  return checker;
}

/**
 * Whether `password` may be an administrator's password. `email` (optional) is the account's:
 * the password may not be it, and its parts count as guessable words.
 */
export function checkPasswordPolicy(
  password: string,
  context: { email?: string } = {},
): PasswordStrength {
  if (password.trim().length === 0) return { ok: false, message: PASSWORD_MESSAGES.required };
  if ([...password].length < PASSWORD_MIN_LENGTH) {
    return { ok: false, message: PASSWORD_MESSAGES.tooShort };
  }
  if (password.length > PASSWORD_MAX_LENGTH)
    return { ok: false, message: PASSWORD_MESSAGES.tooLong };
  const email = context.email?.trim().toLowerCase();
  if (email && password.trim().toLowerCase() === email) {
    return { ok: false, message: PASSWORD_MESSAGES.sameAsEmail };
  }
  // zxcvbn's cost grows with length; the first 100 characters decide (longer is long enough).
  const userInputs = email ? [email, ...email.split(/[@.+_-]+/).filter((p) => p.length > 2)] : [];
  const checked = password.slice(0, 100);
  const { score, sequence } = zxcvbn().check(checked, userInputs);
  if (score < PASSWORD_MIN_SCORE) return { ok: false, message: PASSWORD_MESSAGES.common };
  // A common password in disguise ('P@ssw0rd2024!!' scores 3): refused when one entry of the
  // common-password list (l33t or reversed included) makes up half the password or more.
  const commonChars = sequence
    .filter(
      (match) => match.pattern === 'dictionary' && match.dictionaryName === 'passwords-common',
    )
    .reduce((longest, match) => Math.max(longest, match.j - match.i + 1), 0);
  if (commonChars * 2 >= checked.length) return { ok: false, message: PASSWORD_MESSAGES.common };
  return { ok: true };
}
