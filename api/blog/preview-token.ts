/**
 * Draft previews at a signed address: /blog/preview/{token}, where the token names the post and
 * an expiry and carries an HMAC-SHA256 of both under the server's secret
 * (BLOG_PREVIEW_SECRET, else a random secret per process). Anyone holding the link can read
 * the draft until it expires; nobody can make a link for another post or a later time.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a preview link works. */
export const PREVIEW_TTL_MS = 60 * 60 * 1000;

export const PREVIEW_MESSAGES = {
  invalid: 'This preview link is not valid. Open a new preview from the blog editor.',
  expired: 'This preview link has expired. Open a new preview from the blog editor.',
  missing: 'This post no longer exists.',
} as const;

export type PreviewCheck =
  { ok: true; postId: string; expiresAt: Date } | { ok: false; reason: 'invalid' | 'expired' };

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

function mac(secret: string, postId: string, expires: number): Buffer {
  return createHmac('sha256', secret).update(`blog-preview\n${postId}\n${expires}`).digest();
}

export interface PreviewSigner {
  sign(postId: string, now?: Date): { token: string; expiresAt: string };
  verify(token: string, now?: Date): PreviewCheck;
}

export function previewSigner(
  secret: string = randomBytes(32).toString('base64url'),
  ttlMs: number = PREVIEW_TTL_MS,
): PreviewSigner {
  return {
    sign(postId, now = new Date()) {
      const expires = Math.floor((now.getTime() + ttlMs) / 1000);
      const signature = mac(secret, postId, expires).toString('base64url');
      return {
        token: `${b64(postId)}.${expires}.${signature}`,
        expiresAt: new Date(expires * 1000).toISOString(),
      };
    },
    verify(token, now = new Date()) {
      const parts = token.split('.');
      if (parts.length !== 3) return { ok: false, reason: 'invalid' };
      const [encodedId = '', expiresText = '', signature = ''] = parts;
      if (!/^\d{1,12}$/.test(expiresText) || !/^[A-Za-z0-9_-]{1,200}$/.test(encodedId)) {
        return { ok: false, reason: 'invalid' };
      }
      const postId = Buffer.from(encodedId, 'base64url').toString('utf8');
      const expires = Number(expiresText);
      // Compared as text: base64url's last character has unused bits (and the decoder skips
      // characters it does not know), so bytes would accept other spellings of the signature.
      const expected = Buffer.from(mac(secret, postId, expires).toString('base64url'));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return { ok: false, reason: 'invalid' };
      }
      if (expires * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
      return { ok: true, postId, expiresAt: new Date(expires * 1000) };
    },
  };
}
