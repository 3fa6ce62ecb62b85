/**
 * A signing secret kept in DATA_DIR when the configuration gives none (the unsubscribe links',
 * the invitation links'): 32 random bytes made on first use, written with 'wx' and mode 600,
 * so two processes starting together keep the first one written. Read once per file.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

const kept = new Map<string, string>();

export function keptSecret(dataDir: string, fileName: string): string {
  const file = path.join(dataDir, fileName);
  const known = kept.get(file);
  if (known) return known;
  let secret: string;
  try {
    secret = readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, {
        flag: 'wx',
        mode: 0o600,
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    secret = readFileSync(file, 'utf8').trim();
  }
  if (secret.length < 32) {
    throw new Error(`${file} holds no usable secret (under 32 characters): remove it to make one`);
  }
  kept.set(file, secret);
  return secret;
}
