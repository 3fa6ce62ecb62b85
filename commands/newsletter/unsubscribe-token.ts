/**
 * The newsletter's signed links: the one-click unsubscribe link
 * `/unsubscribe/{subscriptionId}.{mac}` where mac = base64url(HMAC-SHA256(secret,
 * 'unsubscribe:v1:' + subscriptionId)), and the preferences link `/preferences/{id}.{mac}`
 * (purpose 'preferences:v1:'). The purpose is part of what is signed, so one link's token does
 * not open the other's page. No sign-in: the link is the authorisation, and only the server's
 * secret can make one. The subscription id is random (or, for an old subscription, the sha256
 * of the address), never the address itself.
 *
 * The secret is UNSUBSCRIBE_SECRET, or (unset) one generated on first start and kept in
 * DATA_DIR/unsubscribe-secret (mode 600), so links stay valid across restarts.
 */
import { keptSecret } from '../kept-secret';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { SUBSCRIPTION_ID_PATTERN } from './streams';

/** What a signed link lets its holder do; signed with the token, never interchangeable. */
export const LINK_PURPOSES = {
  unsubscribe: 'unsubscribe:v1:',
  preferences: 'preferences:v1:',
} as const;
export type LinkPurpose = keyof typeof LINK_PURPOSES;

export const UNSUBSCRIBE_SECRET_FILE = 'unsubscribe-secret';

const mac = (purpose: LinkPurpose, secret: string, subscriptionId: string) =>
  createHmac('sha256', secret)
    .update(`${LINK_PURPOSES[purpose]}${subscriptionId}`, 'utf8')
    .digest();

function signToken(purpose: LinkPurpose, secret: string, subscriptionId: string): string {
  if (!SUBSCRIPTION_ID_PATTERN.test(subscriptionId)) {
    throw new Error('A subscription id is 32 or 64 hexadecimal characters');
  }
  return `${subscriptionId}.${mac(purpose, secret, subscriptionId).toString('base64url')}`;
}

/** The token of a subscription's unsubscribe link. */
export function signUnsubscribeToken(secret: string, subscriptionId: string): string {
  return signToken('unsubscribe', secret, subscriptionId);
}

/** The token of a subscription's preferences link. */
export function signPreferencesToken(secret: string, subscriptionId: string): string {
  return signToken('preferences', secret, subscriptionId);
}

export type UnsubscribeTokenCheck =
  { ok: true; subscriptionId: string } | { ok: false; reason: 'malformed' | 'bad-signature' };
export type SignedLinkCheck = UnsubscribeTokenCheck;

/** The subscription an unsubscribe token names, when the server signed it; never throws. */
export function verifyUnsubscribeToken(secret: string, token: unknown): UnsubscribeTokenCheck {
  return verifyToken('unsubscribe', secret, token);
}

/** The subscription a preferences token names, when the server signed it; never throws. */
export function verifyPreferencesToken(secret: string, token: unknown): SignedLinkCheck {
  return verifyToken('preferences', secret, token);
}

function verifyToken(purpose: LinkPurpose, secret: string, token: unknown): SignedLinkCheck {
  if (typeof token !== 'string' || token.length > 200) return { ok: false, reason: 'malformed' };
  const dot = token.indexOf('.');
  const subscriptionId = token.slice(0, dot);
  const signature = token.slice(dot + 1);
  if (
    dot < 0 ||
    !SUBSCRIPTION_ID_PATTERN.test(subscriptionId) ||
    !/^[A-Za-z0-9_-]{43}$/.test(signature)
  ) {
    return { ok: false, reason: 'malformed' };
  }
  // Compared as text, not as decoded bytes: the 43rd character carries 2 unused bits, so four
  // spellings decode to one MAC, and a link one character off would still unsubscribe.
  const expected = Buffer.from(mac(purpose, secret, subscriptionId).toString('base64url'));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'bad-signature' };
  }
  return { ok: true, subscriptionId };
}

/** What the secret is read from: the configuration (UNSUBSCRIBE_SECRET and DATA_DIR). */
export interface UnsubscribeSecretSource {
  UNSUBSCRIBE_SECRET?: string | undefined;
  dataDir: string;
}

/**
 * UNSUBSCRIBE_SECRET, or the one kept in DATA_DIR (made on first use: 32 random bytes; written
 * with 'wx', so two processes starting together keep the first one written).
 */
export function unsubscribeSecret(source: UnsubscribeSecretSource): string {
  return source.UNSUBSCRIBE_SECRET ?? keptSecret(source.dataDir, UNSUBSCRIBE_SECRET_FILE);
}

/** The absolute unsubscribe link of a subscription. */
export function unsubscribeUrl(publicUrl: string, secret: string, subscriptionId: string): string {
  return `${publicUrl.replace(/\/$/, '')}/unsubscribe/${signUnsubscribeToken(secret, subscriptionId)}`;
}

/** The absolute preferences link of a subscription. */
export function preferencesUrl(publicUrl: string, secret: string, subscriptionId: string): string {
  return `${publicUrl.replace(/\/$/, '')}/preferences/${signPreferencesToken(secret, subscriptionId)}`;
}
