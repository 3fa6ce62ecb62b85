/**
 * The blog over HTTP on a real port: an administrator drafts, publishes, renames (the old
 * address answers 301) and unpublishes a post; visitors read only published posts; a taken
 * slug and bad input answer clear 4xx errors naming the field; the dashboard counts posts,
 * the sitemap and the site search list the published post.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminPostListView,
  AdminPostView,
  PostListView,
  PostLookupView,
} from '../../../api/blog/contracts';
import {
  registerAdmin,
  request,
  signIn,
  startTestServer,
  type AdminSession,
  type TestServer,
} from '../../support/http-server';
import { startJobs } from '../../../workers/jobs';
import { publishScheduledPostJob, scheduledPostsTickJob } from '../../../workers/blog';
import { InlineJobQueue } from '../../../workers/queue';

const EMAIL = 'editor@example.com';
const PASSWORD = 'a long test password 1';

describe('Given an administrator and the blog', () => {
  let server: TestServer;
  let base: string;
  let session: AdminSession;
  let postId: string;

  beforeAll(async () => {
    server = await startTestServer({ prefix: 'vial-blog-' });
    base = server.base;
    await registerAdmin(server.backend, EMAIL, PASSWORD);
    session = await signIn(base, EMAIL, PASSWORD);
  });
  afterAll(async () => {
    await server?.close();
  });

  const lookup = async (slug: string) =>
    (await (await request(base, `/api/blog/posts/${slug}`)).json()) as PostLookupView;

  it('When a draft is saved with hostile HTML, then it is stored sanitised, slugged from the title, by Admin, and not public', async () => {
    const created = await request(base, '/api/admin/blog/posts', {
      session,
      json: {
        title: '  Semaglutide: First Weeks  ',
        content:
          '<h2>Week one</h2><ul><li>Start low</li></ul><script>alert(1)</script><iframe src="https://evil.test"></iframe><img src="https://img.test/a.png" onerror="x()">',
        authorName: ' ',
        publish: false,
      },
    });
    expect(created.status).toBe(201);
    postId = ((await created.json()) as { id: string }).id;

    const post = (await (
      await request(base, `/api/admin/blog/posts/${postId}`, { session })
    ).json()) as AdminPostView;
    expect(post).toMatchObject({
      title: 'Semaglutide: First Weeks',
      slug: 'semaglutide-first-weeks',
      authorName: 'Admin',
      published: false,
      publishedAt: null,
      content:
        '<h2>Week one</h2><ul><li>Start low</li></ul><img src="https://img.test/a.png" alt="" loading="lazy" />',
    });
    expect(await lookup('semaglutide-first-weeks')).toEqual({
      status: 'missing',
      slug: 'semaglutide-first-weeks',
    });
  });

  it('When it is published, then /api/blog/posts lists it and its page reads it; the dashboard counts it; sitemap and search have it', async () => {
    const published = await request(base, `/api/admin/blog/posts/${postId}/publish`, {
      session,
      method: 'POST',
    });
    expect(published.status).toBe(200);
    const list = (await (await request(base, '/api/blog/posts')).json()) as PostListView;
    expect(list.total).toBe(1);
    expect(list.posts[0]).toMatchObject({ slug: 'semaglutide-first-weeks', readTimeMinutes: 1 });
    const found = await lookup('semaglutide-first-weeks');
    expect(found.status).toBe('found');

    const counts = (await (
      await request(base, '/api/admin/dashboard', { session })
    ).json()) as Record<string, number>;
    expect(counts.posts).toBe(1);

    const sitemap = await (await request(base, '/sitemap.xml')).text();
    expect(sitemap).toContain('/blog/semaglutide-first-weeks</loc>');

    const search = JSON.stringify(
      await (await request(base, '/api/search?q=semaglutide%20weeks')).json(),
    );
    expect(search).toContain('/blog/semaglutide-first-weeks');
  });

  it('When another post asks for the same slug, then it is refused with 409 and nothing is written', async () => {
    const clash = await request(base, '/api/admin/blog/posts', {
      session,
      json: { title: 'Semaglutide First Weeks', content: '<p>Copy</p>' },
    });
    expect(clash.status).toBe(409);
    expect(await clash.json()).toMatchObject({
      error: 'This slug is already used by another post. Choose another slug.',
    });
    const all = (await (
      await request(base, '/api/admin/blog/posts', { session })
    ).json()) as AdminPostListView;
    expect(all.total).toBe(1);
  });

  it('When the post is renamed, then the old address answers 301 to the new one and the old slug is free again', async () => {
    const saved = await request(base, `/api/admin/blog/posts/${postId}`, {
      session,
      method: 'PUT',
      json: {
        previousSlug: 'semaglutide-first-weeks',
        title: 'Semaglutide: First Weeks',
        slug: 'first-weeks-on-semaglutide',
        content: '<p>Updated</p>',
        publish: true,
      },
    });
    expect(saved.status).toBe(200);
    const old = await request(base, '/blog/semaglutide-first-weeks');
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/blog/first-weeks-on-semaglutide');
    expect(await lookup('semaglutide-first-weeks')).toEqual({
      status: 'moved',
      slug: 'first-weeks-on-semaglutide',
    });
  });

  it('When bad input is sent, then 400 names each field; never a 5xx', async () => {
    const bad = await request(base, '/api/admin/blog/posts', {
      session,
      json: { title: ' ', content: '<script>x</script>', featuredImageUrl: 'javascript:alert(1)' },
    });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { fields: Record<string, string> };
    expect(body.fields).toMatchObject({
      title: 'Title and content are required',
      content: 'Title and content are required',
      featuredImageUrl: 'Featured image URL must be a full http(s) address',
    });
    const notJson = await request(base, '/api/admin/blog/posts', { session, json: [1, 2] });
    expect(notJson.status).toBe(400);
    const badPage = await request(base, '/api/admin/blog/posts?page=zero', { session });
    expect(badPage.status).toBe(400);
    const missing = await request(base, '/api/admin/blog/posts/nope/publish', {
      session,
      method: 'POST',
    });
    expect(missing.status).toBe(404);
  });

  it('When the post is unpublished, then it is no longer public and its old address no longer redirects', async () => {
    const done = await request(base, `/api/admin/blog/posts/${postId}/unpublish`, {
      session,
      method: 'POST',
    });
    expect(done.status).toBe(200);
    expect((await lookup('first-weeks-on-semaglutide')).status).toBe('missing');
    expect((await lookup('semaglutide-first-weeks')).status).toBe('missing');
  });

  it('When a post is scheduled a moment ahead, then the delayed job publishes it at that time', async () => {
    const publishAt = new Date(Date.now() + 1500).toISOString();
    const created = await request(base, '/api/admin/blog/posts', {
      session,
      json: { title: 'Scheduled note', content: '<p>Soon</p>', publishAt },
    });
    expect(created.status).toBe(201);
    expect((await lookup('scheduled-note')).status).toBe('missing');
    // The test server runs no jobs; a queue that processes only the blog's jobs stands in.
    const queue = new InlineJobQueue();
    const deps = { bus: server.backend.bus, queries: server.backend.queries, queue };
    await startJobs(queue, [publishScheduledPostJob], deps, { info: () => {} });
    // After a restart the queue is empty: the tick queues the pending post from the read model.
    const tick = await scheduledPostsTickJob.run({}, { jobId: 't', attempt: 1 }, deps);
    expect(tick).toEqual({ pending: 1, queued: 1 });
    expect((await lookup('scheduled-note')).status).toBe('missing');
    await expect
      .poll(async () => (await lookup('scheduled-note')).status, { timeout: 8000, interval: 250 })
      .toBe('found');
    await queue.close();
  });

  it('When a schedule is in the past, then it is refused with 422', async () => {
    const late = await request(base, '/api/admin/blog/posts', {
      session,
      json: { title: 'Late', content: '<p>x</p>', publishAt: '2020-01-01T00:00:00Z' },
    });
    expect(late.status).toBe(422);
    expect(await late.json()).toMatchObject({
      error: 'The scheduled publication time must be in the future.',
    });
  });

  it('When a post is deleted, then the dashboard count goes down', async () => {
    const removed = await request(
      base,
      `/api/admin/blog/posts/${postId}?slug=first-weeks-on-semaglutide`,
      { session, method: 'DELETE' },
    );
    expect(removed.status).toBe(200);
    const counts = (await (
      await request(base, '/api/admin/dashboard', { session })
    ).json()) as Record<string, number>;
    expect(counts.posts).toBe(1);
  });
});
