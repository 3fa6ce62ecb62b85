/**
 * The one-click unsubscribe link's token (HMAC-SHA256 of the subscription id with the server's
 * secret) and the secret kept in DATA_DIR when UNSUBSCRIBE_SECRET is unset.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  preferencesUrl,
  signPreferencesToken,
  signUnsubscribeToken,
  unsubscribeSecret,
  unsubscribeUrl,
  verifyPreferencesToken,
  verifyUnsubscribeToken,
} from '../../../commands/newsletter';
import { sha256 } from '../../../commands/hash';

const SECRET = 'a'.repeat(40);
const OTHER_SECRET = 'b'.repeat(40);
const ID = sha256('ann@example.com');
const token = signUnsubscribeToken(SECRET, ID);
const [idPart, macPart] = token.split('.') as [string, string];
const flip = (text: string, at: number) =>
  text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);

describe('verifyUnsubscribeToken', () => {
  it.each([
    ['the token as signed', token, { ok: true, subscriptionId: ID }],
    [
      'signed with another secret',
      signUnsubscribeToken(OTHER_SECRET, ID),
      { ok: false, reason: 'bad-signature' },
    ],
    [
      'another subscription id with this MAC',
      `${sha256('bob@example.com')}.${macPart}`,
      { ok: false, reason: 'bad-signature' },
    ],
    [
      'one MAC character changed',
      `${idPart}.${flip(macPart, 5)}`,
      { ok: false, reason: 'bad-signature' },
    ],
    ['the MAC cut short', `${idPart}.${macPart.slice(0, 40)}`, { ok: false, reason: 'malformed' }],
    ['no MAC', idPart, { ok: false, reason: 'malformed' }],
    ['an id that is no sha256', `abc.${macPart}`, { ok: false, reason: 'malformed' }],
    ['an upper-case id', `${idPart.toUpperCase()}.${macPart}`, { ok: false, reason: 'malformed' }],
    ['empty', '', { ok: false, reason: 'malformed' }],
    ['very long', 'x'.repeat(5000), { ok: false, reason: 'malformed' }],
    ['not a string', 42, { ok: false, reason: 'malformed' }],
    ['undefined', undefined, { ok: false, reason: 'malformed' }],
  ])('%s', (_case, input, expected) => {
    expect(verifyUnsubscribeToken(SECRET, input)).toEqual(expected);
  });

  it('a last MAC character that differs only in its 2 unused bits is refused (one spelling per MAC)', () => {
    // Base64url's 43rd character of 32 bytes carries 4 bits: A, B, C and D decode alike.
    const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = B64.indexOf(macPart.at(-1) ?? '');
    const sibling = B64[last ^ 1] ?? '';
    const respelled = `${idPart}.${macPart.slice(0, -1)}${sibling}`;
    expect(Buffer.from(respelled.split('.')[1] ?? '', 'base64url')).toEqual(
      Buffer.from(macPart, 'base64url'),
    );
    expect(verifyUnsubscribeToken(SECRET, respelled)).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
  });

  it('a token is the id, a dot and a 43-character base64url MAC (no address in it)', () => {
    expect(token).toMatch(/^[0-9a-f]{64}\.[A-Za-z0-9_-]{43}$/);
    expect(token).not.toContain('ann');
  });

  it('signing refuses what is not a subscription id', () => {
    expect(() => signUnsubscribeToken(SECRET, 'ann@example.com')).toThrow(/64 hexadecimal/);
  });

  it('the link is under PUBLIC_URL', () => {
    expect(unsubscribeUrl('https://example.com/', SECRET, ID)).toBe(
      `https://example.com/unsubscribe/${token}`,
    );
  });
});

describe('unsubscribeSecret', () => {
  const dirs: string[] = [];
  const dir = () => {
    const made = mkdtempSync(path.join(tmpdir(), 'vial-unsub-secret-'));
    dirs.push(made);
    return made;
  };
  afterEach(() => {
    for (const made of dirs.splice(0)) rmSync(made, { recursive: true, force: true });
  });

  it('UNSUBSCRIBE_SECRET wins when set', () => {
    expect(unsubscribeSecret({ UNSUBSCRIBE_SECRET: SECRET, dataDir: dir() })).toBe(SECRET);
  });

  it('unset: one is generated on first use, kept in DATA_DIR (mode 600) and read back', () => {
    const dataDir = dir();
    const first = unsubscribeSecret({ dataDir });
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, 'unsubscribe-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(unsubscribeSecret({ dataDir })).toBe(first);
    // Another DATA_DIR, another secret.
    expect(unsubscribeSecret({ dataDir: dir() })).not.toBe(first);
  });
});

describe('the preferences link (a purpose of its own)', () => {
  const preferences = signPreferencesToken(SECRET, ID);

  it.each([
    ['its own token', preferences, { ok: true, subscriptionId: ID }],
    [
      'the unsubscribe token of the same subscription',
      token,
      { ok: false, reason: 'bad-signature' },
    ],
    [
      'a token signed with another secret',
      signPreferencesToken(OTHER_SECRET, ID),
      { ok: false, reason: 'bad-signature' },
    ],
    ['garbage', 'nonsense', { ok: false, reason: 'malformed' }],
  ])('verifyPreferencesToken of %s', (_case, given, expected) => {
    expect(verifyPreferencesToken(SECRET, given)).toEqual(expected);
  });

  it('the unsubscribe link does not accept the preferences token', () => {
    expect(verifyUnsubscribeToken(SECRET, preferences)).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
  });

  it('preferencesUrl: /preferences/{token} under the public URL (a trailing slash ignored)', () => {
    expect(preferencesUrl('https://vial.example/', SECRET, ID)).toBe(
      `https://vial.example/preferences/${preferences}`,
    );
  });
});
