/**
 * The blog's draft-preview links: signed, expiring, and with one spelling per signature.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { previewSigner } from '../../../api/blog/preview-token';

// Made per run: no secret is written in the source.
const SECRET = randomBytes(32).toString('base64url');
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('previewSigner', () => {
  const signer = previewSigner(SECRET);
  const { token } = signer.sign('post-1');
  const [id = '', expires = '', signature = ''] = token.split('.');

  it('accepts the token as signed', () => {
    expect(signer.verify(token)).toMatchObject({ ok: true, postId: 'post-1' });
  });

  it('refuses a signature whose last character differs only in its unused bits', () => {
    // 32 bytes in base64url: the 43rd character carries 4 bits, so two spellings decode alike.
    const last = B64.indexOf(signature.at(-1) ?? '');
    const respelled = `${signature.slice(0, -1)}${B64[last ^ 1] ?? ''}`;
    expect(Buffer.from(respelled, 'base64url')).toEqual(Buffer.from(signature, 'base64url'));
    expect(signer.verify(`${id}.${expires}.${respelled}`)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('refuses a signature with a character the decoder would skip', () => {
    expect(signer.verify(`${id}.${expires}.${signature}=`)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });
});
