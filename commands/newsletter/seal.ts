/**
 * A subscriber's sealed text: AES-256-GCM with the subscription's own key and its id as
 * associated data (a sealed value cannot be moved to another subscription), written as
 * 'v1.<iv>.<ciphertext>.<tag>' in base64url. Its own module, with nothing but node:crypto, so
 * that the thread opening a replay's pages (workers/newsletter/opening-worker.ts) loads no more.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/** A subscriber key's length: AES-256's. */
export const SUBSCRIBER_KEY_BYTES = 32;

const aad = (subscriptionId: string) => Buffer.from(`subscription:${subscriptionId}`, 'utf8');

/** Seals a text (an address, or JSON) with the subscription's key. */
export function sealEmail(key: Buffer, subscriptionId: string, email: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(subscriptionId));
  const ciphertext = Buffer.concat([cipher.update(email, 'utf8'), cipher.final()]);
  return [VERSION, iv, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The text, or null when the key is not the one it was sealed with (or it is damaged). */
export function openEmail(key: Buffer, subscriptionId: string, sealed: string): string | null {
  const [version, iv, ciphertext, tag] = sealed.split('.');
  if (version !== VERSION || !iv || !ciphertext || !tag) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(aad(subscriptionId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const text = decipher.update(Buffer.from(ciphertext, 'base64url'));
    // Checks the tag (throws when it does not match); GCM has no padding, so it adds no bytes.
    decipher.final();
    return text.toString('utf8');
  } catch {
    return null;
  }
}
