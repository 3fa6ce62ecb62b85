/**
 * The blog's feed, draft previews and revision history over HTTP on a real port:
 * - /blog/rss.xml is RSS 2.0 of the published posts only, escaped, with RFC 822 dates, a guid
 *   per post and lastBuildDate, cached like other public answers;
 * - a signed preview link shows a draft (noindex, no-store); a tampered, foreign or expired
 *   token answers 403 and a deleted post 404, each with a clear message, never a 5xx;
 * - the revision history lists each save (who, when, which fields) from the post's stream, and
 *   restoring one is a normal save the audit log records.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntryView } from '../../../api/contracts/back-office';
import type {
  AdminPostListView,
  PostRevisionView,
  PreviewLinkView,
} from '../../../api/blog/contracts';
import { PREVIEW_MESSAGES, previewSigner } from '../../../api/blog/preview-token';
import {
  registerAdmin,
  request,
  signIn,
  startTestServer,
  type AdminSession,
  type TestServer,
} from '../../support/http-server';

const EMAIL = 'feed-editor@example.com';
const PASSWORD = 'a long test password 2';
const SECRET = 'test-preview-secret-0123456789-abcdefghij';

describe('Given an administrator, a published post and a draft', () => {
  let server: TestServer;
  let base: string;
  let session: AdminSession;
  let publishedId: string;
  let draftId: string;

  const create = async (json: Record<string, unknown>) => {
    const answer = await request(base, '/api/admin/blog/posts', { session, json });
    expect(answer.status).toBe(201);
    return ((await answer.json()) as { id: string }).id;
  };

  beforeAll(async () => {
    server = await startTestServer({
      prefix: 'vial-blog-feed-',
      env: { BLOG_PREVIEW_SECRET: SECRET },
    });
    base = server.base;
    await registerAdmin(server.backend, EMAIL, PASSWORD);
    session = await signIn(base, EMAIL, PASSWORD);
    publishedId = await create({
      title: 'Dosing <Semaglutide> & "Tirzepatide"',
      content: '<p>Start low &amp; go slow.</p>',
      excerpt: 'Fish & chips <b>bold</b> control',
      authorName: "O'Brien",
      publish: true,
    });
    draftId = await create({
      title: 'Secret draft notes',
      content: '<h2>Draft heading</h2><p>Not public yet.</p><script>alert(1)</script>',
      excerpt: 'Only for the preview',
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('When /blog/rss.xml is read, then it is RSS 2.0 of the published post only, escaped, dated and cacheable', async () => {
    const answer = await request(base, '/blog/rss.xml');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/rss+xml');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=300');
    expect((await request(base, '/blog/rss.xml', { method: 'HEAD' })).status).toBe(200);
    const xml = await answer.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    expect(xml).toContain(
      '<title>Dosing &lt;Semaglutide&gt; &amp; &quot;Tirzepatide&quot;</title>',
    );
    expect(xml).toContain(
      '<description>Fish &amp; chips &lt;b&gt;bold&lt;/b&gt; control</description>',
    );
    expect(xml).toContain('<dc:creator>O&apos;Brien</dc:creator>');
    expect(xml).toContain(`<guid isPermaLink="false">post-${publishedId}</guid>`);
    expect(xml).toContain(`<link>${base}/blog/dosing-semaglutide-tirzepatide</link>`);
    expect(xml).toMatch(/<pubDate>\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT<\/pubDate>/);
    expect(xml).toMatch(
      /<lastBuildDate>\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT<\/lastBuildDate>/,
    );
    expect(xml).not.toContain('Secret draft notes');
  });

  it('When a preview link is made for the draft, then it shows the draft sanitised, noindex and never cached', async () => {
    const made = await request(base, `/api/admin/blog/posts/${draftId}/preview-link`, {
      session,
      method: 'POST',
    });
    expect(made.status).toBe(200);
    const link = (await made.json()) as PreviewLinkView;
    expect(link.path).toMatch(/^\/blog\/preview\/[A-Za-z0-9_-]+\.\d+\.[A-Za-z0-9_-]+$/);
    expect(Date.parse(link.expiresAt)).toBeGreaterThan(Date.now() + 50 * 60_000);

    const page = await request(base, link.path);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain('<h1>Secret draft notes</h1>');
    expect(html).toContain('<h2>Draft heading</h2>');
    expect(html).toContain('Draft preview.');
    expect(html).not.toContain('<script>');
    // Still not on the public blog
    expect((await request(base, '/api/blog/posts/secret-draft-notes')).status).toBe(200);
    expect(
      (
        (await (await request(base, '/api/blog/posts/secret-draft-notes')).json()) as {
          status: string;
        }
      ).status,
    ).toBe('missing');
  });

  it.each([
    ['a made-up token', 'abc', PREVIEW_MESSAGES.invalid],
    ['a token with two parts', 'abc.123', PREVIEW_MESSAGES.invalid],
    ['a token signed with another secret', 'other', PREVIEW_MESSAGES.invalid],
    ['a token for another post (signature of the draft)', 'swapped', PREVIEW_MESSAGES.invalid],
    ['an expired token', 'expired', PREVIEW_MESSAGES.expired],
    ['a huge token', 'x'.repeat(5000), PREVIEW_MESSAGES.invalid],
  ])('When %s is opened, then 403 says why', async (_name, kind, message) => {
    const token =
      kind === 'other'
        ? previewSigner('another-secret-of-at-least-32-chars!!').sign(draftId).token
        : kind === 'expired'
          ? previewSigner(SECRET).sign(draftId, new Date(Date.now() - 2 * 3_600_000)).token
          : kind === 'swapped'
            ? [
                Buffer.from(publishedId).toString('base64url'),
                ...previewSigner(SECRET).sign(draftId).token.split('.').slice(1),
              ].join('.')
            : kind;
    const answer = await request(base, `/blog/preview/${token}`);
    expect(answer.status).toBe(403);
    expect(answer.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(await answer.text()).toContain(message);
  });

  it('When the previewed post is deleted, then its link answers 404 with a clear message', async () => {
    const doomed = await create({ title: 'Short lived', content: '<p>Soon gone.</p>' });
    const link = (await (
      await request(base, `/api/admin/blog/posts/${doomed}/preview-link`, {
        session,
        method: 'POST',
      })
    ).json()) as PreviewLinkView;
    const removed = await request(base, `/api/admin/blog/posts/${doomed}?slug=short-lived`, {
      session,
      method: 'DELETE',
    });
    expect(removed.status).toBe(200);
    const answer = await request(base, link.path);
    expect(answer.status).toBe(404);
    expect(await answer.text()).toContain(PREVIEW_MESSAGES.missing);
    const none = await request(base, `/api/admin/blog/posts/nope/preview-link`, {
      session,
      method: 'POST',
    });
    expect(none.status).toBe(404);
  });

  it('When the draft is edited twice, then its revisions say who changed which fields, newest first; restoring the first is an audited save', async () => {
    const save = (json: Record<string, unknown>) =>
      request(base, `/api/admin/blog/posts/${draftId}`, {
        session,
        method: 'PUT',
        json: { previousSlug: 'secret-draft-notes', ...json },
      });
    expect(
      (
        await save({
          title: 'Secret draft notes',
          content: '<p>Second body.</p>',
          excerpt: 'Only for the preview',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await save({
          title: 'Secret draft notes',
          content: '<p>Second body.</p>',
          excerpt: 'A new excerpt',
          metaTitle: 'Meta',
        })
      ).status,
    ).toBe(200);

    const answer = await request(base, `/api/admin/blog/posts/${draftId}/revisions`, { session });
    expect(answer.status).toBe(200);
    const revisions = (await answer.json()) as PostRevisionView[];
    expect(revisions.map((r) => [r.kind, r.by, r.changedFields])).toEqual([
      ['saved', EMAIL, ['excerpt', 'meta title']],
      ['saved', EMAIL, ['content']],
      ['created', EMAIL, []],
    ]);
    const first = revisions.at(-1);
    expect(first?.fields?.content).toContain('<h2>Draft heading</h2>');

    // Restore: the editor sends the old version as a normal save
    expect((await save({ ...first?.fields, publish: false })).status).toBe(200);
    const after = (await (
      await request(base, `/api/admin/blog/posts/${draftId}/revisions`, { session })
    ).json()) as PostRevisionView[];
    expect(after[0]).toMatchObject({
      kind: 'saved',
      changedFields: ['content', 'excerpt', 'meta title'],
    });
    const audit = (await (
      await request(base, `/api/admin/audit?limit=5&subjectId=${draftId}`, { session })
    ).json()) as AuditEntryView[];
    expect(audit[0]?.summary).toBe('Saved post "Secret draft notes" (draft)');

    expect((await request(base, '/api/admin/blog/posts/nope/revisions', { session })).status).toBe(
      404,
    );
  });

  it('When the list is asked for a page size, then it pages by it; a size it does not offer is a 400 naming it', async () => {
    const list = (await (
      await request(base, '/api/admin/blog/posts?pageSize=10&status=draft', { session })
    ).json()) as AdminPostListView;
    expect(list.posts.map((p) => p.title)).toEqual(['Secret draft notes']);
    const bad = await request(base, '/api/admin/blog/posts?pageSize=7', { session });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { fields?: Record<string, string> };
    expect(body.fields?.pageSize).toBe('Page size must be one of 10, 20, 50');
  });
});
