/**
 * The blog editor's rules in the browser (spec section 5): required title and content, URL
 * fields, a scheduled time in the future and not together with 'Publish immediately', the
 * slug regenerated from the title when left empty, and the search-result preview's cuts.
 */
import { describe, expect, it } from 'vitest';
import {
  cutForPreview,
  emptyPostForm,
  formToBody,
  searchPreview,
  validatePostForm,
  type PostFormValues,
} from '../../../web/features/blog/post-form';
import { BLOG_VALIDATION } from '../../../domain/blog/format';
import { previewSigner } from '../../../api/blog/preview-token';

const NOW = new Date('2026-05-01T12:00:00.000Z');
const form = (patch: Partial<PostFormValues>): PostFormValues => ({
  ...emptyPostForm(),
  title: 'Semaglutide basics',
  content: '<p>Body</p>',
  ...patch,
});

describe('validatePostForm', () => {
  it.each([
    ['a blank title', { title: '   ' }, { title: BLOG_VALIDATION.required }],
    ['empty content', { content: '<p> </p>' }, { content: BLOG_VALIDATION.required }],
    ['an image alone is content', { content: '<img src="https://x.test/a.png">' }, {}],
    ['a title with no letter or digit', { title: '!!!' }, { slug: BLOG_VALIDATION.slug }],
    [
      'a featured image that is not a web address',
      { featuredImageUrl: 'javascript:alert(1)' },
      { featuredImageUrl: 'Featured image URL must be a full http(s) address' },
    ],
    [
      'a schedule in the past',
      { publishAt: '2020-01-01T10:00' },
      { publishAt: 'The scheduled publication time must be in the future.' },
    ],
    [
      'a schedule and Publish immediately',
      { publishAt: '2030-01-01T10:00', publish: true },
      { publishAt: BLOG_VALIDATION.publishBoth },
    ],
    ['a valid post', {}, {}],
  ])('%s', (_name, patch, errors) => {
    expect(validatePostForm(form(patch), NOW)).toEqual(errors);
  });
});

describe('formToBody', () => {
  it('regenerates an empty slug from the title and sends a schedule as ISO time', () => {
    const body = formToBody(form({ title: 'Qué Elegir? Tirzepatide', slug: ' ', publishAt: '' }));
    expect(body).toMatchObject({ slug: 'que-elegir-tirzepatide', publish: false, publishAt: null });
    const scheduled = formToBody(form({ publishAt: '2030-01-01T10:00' }));
    expect(scheduled.publishAt).toBe(new Date('2030-01-01T10:00').toISOString());
  });
});

describe('searchPreview', () => {
  it('cuts the title near 60 and the description near 160 characters, with ...', () => {
    const preview = searchPreview(
      form({ title: 'word '.repeat(30), excerpt: 'longer text '.repeat(30) }),
      'https://vial.example',
    );
    expect(preview.title.length).toBeLessThanOrEqual(60);
    expect(preview.title.endsWith('...')).toBe(true);
    expect(preview.description.length).toBeLessThanOrEqual(160);
    expect(preview.url).toBe(
      'https://vial.example/blog/word-word-word-word-word-word-word-word-word-word-word-word-word-word-word-word-word-word-word-word-word-word-word-word-word-word-word-word-word-word',
    );
  });

  it('prefers the SEO fields and the social image override', () => {
    const preview = searchPreview(
      form({
        metaTitle: 'Meta',
        metaDescription: 'Described',
        canonicalUrl: 'https://elsewhere.example/a',
        featuredImageUrl: 'https://img.example/f.png',
        ogImageOverride: 'https://img.example/og.png',
      }),
      'https://vial.example',
    );
    expect(preview).toEqual({
      title: 'Meta',
      url: 'https://elsewhere.example/a',
      description: 'Described',
      image: 'https://img.example/og.png',
    });
    expect(cutForPreview('short', 60)).toBe('short');
  });
});

describe('previewSigner', () => {
  const signer = previewSigner('a-secret-of-at-least-thirty-two-characters', 60_000);
  it('accepts its own token until it expires, then says expired', () => {
    const { token } = signer.sign('post-1', NOW);
    expect(signer.verify(token, new Date(NOW.getTime() + 59_000))).toMatchObject({
      ok: true,
      postId: 'post-1',
    });
    expect(signer.verify(token, new Date(NOW.getTime() + 60_000))).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('refuses a longer expiry written into a real token', () => {
    const [id, expires, mac] = signer.sign('post-1', NOW).token.split('.');
    const forged = [id, String(Number(expires) + 3600), mac].join('.');
    expect(signer.verify(forged, NOW)).toEqual({ ok: false, reason: 'invalid' });
  });
});
