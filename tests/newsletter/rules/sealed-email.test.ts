/**
 * The sealed address in VisitorSubscribed (AES-256-GCM with the subscriber's own key and the
 * subscription id as associated data): opens with its key and id only.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openEmail, sealEmail } from '../../../commands/newsletter';

const KEY = randomBytes(32);
const ID = 'a'.repeat(64);
const sealed = sealEmail(KEY, ID, 'ann@example.com');
const [version, iv, ciphertext, tag] = sealed.split('.') as [string, string, string, string];
const flip = (text: string) => (text[0] === 'A' ? 'B' : 'A') + text.slice(1);

describe('sealEmail / openEmail', () => {
  it('seals to v1.<iv>.<ciphertext>.<tag> without the address, a new IV each time', () => {
    expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]+\.[\w-]{22}$/);
    expect(sealed).not.toContain('ann');
    expect(sealEmail(KEY, ID, 'ann@example.com')).not.toBe(sealed);
  });

  it.each([
    ['its key and subscription', KEY, ID, sealed, 'ann@example.com'],
    ['another key (a destroyed one replaced)', randomBytes(32), ID, sealed, null],
    ['another subscription id (moved)', KEY, 'b'.repeat(64), sealed, null],
    ['a changed ciphertext', KEY, ID, [version, iv, flip(ciphertext), tag].join('.'), null],
    ['a changed tag', KEY, ID, [version, iv, ciphertext, flip(tag)].join('.'), null],
    ['a changed IV', KEY, ID, [version, flip(iv), ciphertext, tag].join('.'), null],
    ['another version', KEY, ID, ['v2', iv, ciphertext, tag].join('.'), null],
    ['a missing part', KEY, ID, [version, iv, ciphertext].join('.'), null],
    ['garbage', KEY, ID, 'hello', null],
  ])('opened with %s: %s', (_case, key, id, text, expected) => {
    expect(openEmail(key, id, text)).toBe(expected);
  });
});
