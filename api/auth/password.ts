import {
  randomBytes,
  scrypt as scryptCallback,
  timingSafeEqual,
  type ScryptOptions,
} from 'node:crypto';
import { PASSWORD_MAX_LENGTH } from '../../domain/admins/password-policy';

/**
 * Administrator passwords, hashed with scrypt from node:crypto (no native add-on to build).
 *
 * Stored form: `scrypt$N$r$p$<salt base64>$<hash base64>`. The parameters travel with the hash,
 * so raising them later only needs `needsRehash` at the next successful sign-in.
 */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** N = 2^14, r = 8, p = 1: 16 MiB and about 50 ms per hash on these machines. */
export const DEFAULT_SCRYPT_PARAMS: Readonly<ScryptParams> = Object.freeze({
  N: 2 ** 14,
  r: 8,
  p: 1,
});

export { PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH } from '../../domain/admins/password-policy';

const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Bounds for parameters read back from a stored hash: a tampered row must not make us allocate gigabytes. */
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

function scrypt(
  password: string,
  salt: Buffer,
  keyLength: number,
  params: ScryptParams,
): Promise<Buffer> {
  // Node refuses by default when 128 * N * r reaches 32 MiB; give headroom for the parameters we accept.
  const options: ScryptOptions = {
    N: params.N,
    r: params.r,
    p: params.p,
    maxmem: 256 * params.N * params.r + 1024,
  };
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

function isPowerOfTwo(n: number): boolean {
  return Number.isInteger(n) && n > 1 && (n & (n - 1)) === 0;
}

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

function parseHash(encoded: string): ParsedHash | null {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, n, r, p, salt, key] = parts as [string, string, string, string, string, string];
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (!isPowerOfTwo(params.N) || params.N > MAX_N) return null;
  if (!Number.isInteger(params.r) || params.r < 1 || params.r > MAX_R) return null;
  if (!Number.isInteger(params.p) || params.p < 1 || params.p > MAX_P) return null;
  const saltBytes = Buffer.from(salt, 'base64');
  const keyBytes = Buffer.from(key, 'base64');
  if (saltBytes.length < 8 || keyBytes.length < 16 || keyBytes.length > 64) return null;
  return { params, salt: saltBytes, key: keyBytes };
}

/** Hashes a password with a fresh random salt. `params` exists so tests can use cheap ones. */
export async function hashPassword(
  password: string,
  params: ScryptParams = DEFAULT_SCRYPT_PARAMS,
): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scrypt(password, salt, KEY_BYTES, params);
  return [
    'scrypt',
    params.N,
    params.r,
    params.p,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$');
}

/** True when `password` matches `encoded`. A malformed or unknown hash is a mismatch, never an exception. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  if (password.length > PASSWORD_MAX_LENGTH) return false;
  const parsed = parseHash(encoded);
  if (!parsed) return false;
  const key = await scrypt(password, parsed.salt, parsed.key.length, parsed.params);
  return timingSafeEqual(key, parsed.key);
}

/** True when a stored hash uses other parameters than today's defaults (rehash after a successful sign-in). */
export function needsRehash(
  encoded: string,
  params: ScryptParams = DEFAULT_SCRYPT_PARAMS,
): boolean {
  const parsed = parseHash(encoded);
  return (
    !parsed ||
    parsed.params.N !== params.N ||
    parsed.params.r !== params.r ||
    parsed.params.p !== params.p
  );
}

let dummyHash: Promise<string> | undefined;
/** Hashed once per process, on first use or at the warm-up. */
const theDummyHash = () => (dummyHash ??= hashPassword(randomBytes(18).toString('base64')));

/**
 * Spends the same scrypt work as a real verification and answers false. Called when the e-mail
 * is unknown so that response time does not reveal which administrator e-mails exist.
 */
export async function dummyVerify(password: string): Promise<false> {
  await verifyPassword(password.slice(0, PASSWORD_MAX_LENGTH), await theDummyHash());
  return false;
}

/**
 * Computes the dummy hash ahead of the first unknown e-mail (call at start-up; optional). Once
 * per process, however many sign-in handlers call it.
 */
export async function warmUpDummyVerify(): Promise<void> {
  await theDummyHash();
}

/** The one password rule lives in domain/admins/password-policy.ts; re-exported for api/ callers. */
export {
  COMMON_PASSWORD_MESSAGE,
  checkPasswordPolicy as validatePasswordStrength,
  type PasswordStrength,
} from '../../domain/admins/password-policy';
