/**
 * An offline check against the passwords people (and password-guessing lists) try first: a
 * common word or keyboard run, dressed up with digits, symbols, capitals or look-alike
 * characters ('password1234', 'P@ssw0rd2024!', 'qwertyuiop12', '123456789012').
 *
 * A small hand-kept list of the bases that dominate breach corpora; it is not a breached-password
 * dictionary (the maintained one would be @zxcvbn-ts/language-common, not installed here).
 */

/** Bases of the most used passwords in published breach statistics (lowercase, letters only). */
const COMMON_BASES = new Set([
  'password',
  'passwort',
  'pass',
  'admin',
  'administrator',
  'root',
  'login',
  'welcome',
  'letmein',
  'iloveyou',
  'changeme',
  'secret',
  'default',
  'guest',
  'user',
  'test',
  'demo',
  'qwerty',
  'qwertz',
  'azerty',
  'asdf',
  'asdfgh',
  'asdfghjkl',
  'zxcvbn',
  'zxcvbnm',
  'qazwsx',
  'abc',
  'abcd',
  'abcdef',
  'abcdefgh',
  'monkey',
  'dragon',
  'football',
  'baseball',
  'soccer',
  'hockey',
  'sunshine',
  'princess',
  'master',
  'shadow',
  'superman',
  'batman',
  'trustno',
  'michael',
  'jordan',
  'jennifer',
  'hunter',
  'ranger',
  'buster',
  'charlie',
  'freedom',
  'whatever',
  'starwars',
  'pokemon',
  'computer',
  'internet',
  'summer',
  'winter',
  'spring',
  'autumn',
  'flower',
  'hello',
  'love',
  'lovely',
  'cookie',
  'cheese',
  'chocolate',
  'samsung',
  'google',
  'apple',
  'company',
  'business',
  'vialcompare',
  'ozempic',
  'wegovy',
  'mounjaro',
  'semaglutide',
  'tirzepatide',
]);

/** Keyboard rows and the alphabet/digits, for runs like 'qwertyuiop' or '1234567890'. */
const RUNS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm', 'abcdefghijklmnopqrstuvwxyz', '0123456789'];

const LOOK_ALIKES: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
};

/** A stretch of a keyboard row or of the alphabet or digits, either way, wrapping round. */
function isRun(text: string): boolean {
  if (text.length < 3) return false;
  const reversed = [...text].reverse().join('');
  return RUNS.some((run) => {
    const cycle = run.repeat(Math.ceil(text.length / run.length) + 1);
    return cycle.includes(text) || cycle.includes(reversed);
  });
}

/** True when `text` is one common base repeated ('adminadmin') or a keyboard run. */
function isCommonCore(text: string): boolean {
  if (isRun(text)) return true;
  for (const base of COMMON_BASES) {
    if (text.length % base.length === 0 && base.repeat(text.length / base.length) === text) {
      return true;
    }
  }
  return false;
}

/**
 * True when the password is a common base (or a keyboard or digit run) with only digits,
 * symbols and spaces around it, in any case and with look-alike characters.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase().replace(/\s+/g, '');
  // The core: from the first letter to the last, decoration on both ends cut off; read as
  // typed and with look-alikes inside it as letters ('p@ssw0rd2024!' -> 'password').
  const plain = lower.replace(/^[^a-z]+|[^a-z]+$/g, '');
  const unLeet = [...plain].map((c) => LOOK_ALIKES[c] ?? c).join('');
  if (plain === '') {
    // No letters at all: a digit run ('123456789012') or few distinct digits (dates, '111222').
    const digits = lower.replace(/[^0-9]/g, '');
    return isRun(digits) || new Set(digits).size < 5;
  }
  const candidates = [plain, unLeet];
  return candidates.some(isCommonCore);
}
