/**
 * The blog's read model as Given events / Then queries: the public list is published posts by
 * published_at descending (the first is the Featured Article, a re-save restamps and moves a
 * post to the top), drafts and unpublished posts never appear, the feed follows the same order,
 * and the back office's list pages 10,000 posts by the server (search, status, page).
 */
import { describe, expect, it } from 'vitest';
import type { PostFields } from '../../../domain/blog/events';
import { MemoryReadStore } from '../../../projections/read-store/memory';
import {
  BLOG_COLLECTIONS,
  blogProjector,
  blogQueries,
  type PostDoc,
} from '../../../projections/blog';
import { history, type History } from '../../support/events';
import { project } from '../../support/projections';

const fields = (title: string, slug: string): PostFields => ({
  title,
  slug,
  content: `<p>${title} body text.</p>`,
  excerpt: null,
  featuredImageUrl: null,
  authorName: 'Admin',
  metaTitle: null,
  metaDescription: null,
  metaKeywords: null,
  canonicalUrl: null,
  ogImageOverride: null,
  enableReviewsSchema: false,
  robotsDirective: null,
});

const at = (day: number) => `2026-03-${String(day).padStart(2, '0')}T10:00:00.000Z`;

function create(h: History, id: string, day: number, publishedAt: string | null) {
  h.add(
    `post-${id}`,
    'PostCreated',
    { postId: id, ...fields(`Post ${id}`, `post-${id}`), publishedAt },
    { occurredAt: at(day) },
  );
}

async function given(h: History) {
  return blogQueries(await project(blogProjector, h.events));
}

describe('The public list: published posts, newest published_at first; the first is featured', () => {
  it('orders by published_at, not by creation, and leaves drafts out', async () => {
    const h = history();
    create(h, 'a', 1, at(5)); // created first, published last
    create(h, 'b', 2, at(3));
    create(h, 'c', 3, null); // a draft
    create(h, 'd', 4, at(4));
    const q = await given(h);
    const list = await q.publishedPosts();
    expect(list.posts.map((p) => p._id)).toEqual(['a', 'd', 'b']);
    expect(list.total).toBe(3);
    // The Featured Article is the first in list order
    expect(list.posts[0]).toMatchObject({ _id: 'a', title: 'Post a', slug: 'post-a' });
    expect((await q.feedPosts()).map((p) => p._id)).toEqual(['a', 'd', 'b']);
  });

  it('a re-save of a published post restamps it and makes it the featured one; unpublishing removes it', async () => {
    const h = history();
    create(h, 'old', 1, at(1));
    create(h, 'new', 2, at(2));
    h.add(
      'post-old',
      'PostUpdated',
      { postId: 'old', ...fields('Post old', 'post-old'), publishedAt: at(9) },
      { occurredAt: at(9) },
    );
    let q = await given(h);
    expect((await q.publishedPosts()).posts.map((p) => p._id)).toEqual(['old', 'new']);

    h.add('post-old', 'PostUnpublished', { postId: 'old' }, { occurredAt: at(10) });
    q = await given(h);
    expect((await q.publishedPosts()).posts.map((p) => p._id)).toEqual(['new']);
    expect(await q.publishedPostBySlug('post-old')).toBeNull();
  });

  it('publishing a draft stamps it now and puts it first', async () => {
    const h = history();
    create(h, 'x', 1, at(2));
    create(h, 'y', 2, null);
    h.add('post-y', 'PostPublished', { postId: 'y', publishedAt: at(6) }, { occurredAt: at(6) });
    const q = await given(h);
    const list = await q.publishedPosts();
    expect(list.posts.map((p) => [p._id, p.publishedAt])).toEqual([
      ['y', at(6)],
      ['x', at(2)],
    ]);
  });

  it('pages 12 at a time', async () => {
    const h = history();
    for (let i = 1; i <= 14; i++) create(h, `p${i}`, i, at(i));
    const q = await given(h);
    const first = await q.publishedPosts(1);
    const second = await q.publishedPosts(2);
    expect([first.posts.length, second.posts.length, first.pageCount]).toEqual([12, 2, 2]);
    expect(second.posts.map((p) => p._id)).toEqual(['p2', 'p1']);
    expect((await q.publishedPosts(99)).page).toBe(2);
  });
});

describe('The back office list with 10,000 posts in the read model', () => {
  function doc(i: number): PostDoc {
    const id = `post-${String(i).padStart(5, '0')}`;
    const title = i % 100 === 0 ? `Semaglutide guide ${i}` : `Article number ${i}`;
    const published = i % 2 === 0;
    const stamp = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
    return {
      _id: id,
      ...fields(title, id),
      published,
      publishedAt: published ? stamp : null,
      scheduledFor: i % 1000 === 1 ? '2027-01-01T00:00:00.000Z' : null,
      createdAt: stamp,
      updatedAt: stamp,
      readTimeMinutes: 1,
      publicExcerpt: title,
      adminExcerpt: title,
      searchText: `${title} ${id}`.toLowerCase(),
      sortKey: String(i).padStart(20, '0'),
    };
  }

  async function tenThousand() {
    const store = new MemoryReadStore();
    await store
      .collection<PostDoc>(BLOG_COLLECTIONS.posts)
      .bulkWrite(Array.from({ length: 10_000 }, (_, i) => ({ kind: 'upsert', doc: doc(i + 1) })));
    return blogQueries(store);
  }

  it('answers one page at a time, newest created first, without the content', async () => {
    const q = await tenThousand();
    const first = await q.adminPosts({});
    expect([first.total, first.pageCount, first.posts.length]).toEqual([10_000, 500, 20]);
    expect(first.posts[0]?._id).toBe('post-10000');
    expect(first.posts[0]).not.toHaveProperty('content');

    const last = await q.adminPosts({ page: 500 });
    expect(last.posts.map((p) => p._id).at(-1)).toBe('post-00001');
    const middle = await q.adminPosts({ page: 150, pageSize: 50 });
    expect([middle.page, middle.pageCount, middle.posts.length]).toEqual([150, 200, 50]);
    expect(middle.posts[0]?._id).toBe('post-02550');
    // A page past the end is the last page
    expect((await q.adminPosts({ page: 9_999 })).page).toBe(500);
  });

  it('searches and filters on the server, paging the matches', async () => {
    const q = await tenThousand();
    const found = await q.adminPosts({ q: 'SEMAGLUTIDE', pageSize: 10 });
    expect([found.total, found.pageCount]).toEqual([100, 10]);
    expect(found.posts[0]?.title).toBe('Semaglutide guide 10000');

    const drafts = await q.adminPosts({ status: 'draft', page: 2 });
    expect(drafts.total).toBe(5_000);
    expect(drafts.posts.every((p) => !p.published)).toBe(true);

    const scheduled = await q.adminPosts({ status: 'scheduled' });
    expect(scheduled.posts.map((p) => p._id)).toEqual([
      'post-09001',
      'post-08001',
      'post-07001',
      'post-06001',
      'post-05001',
      'post-04001',
      'post-03001',
      'post-02001',
      'post-01001',
      'post-00001',
    ]);
    expect((await q.adminPosts({ q: 'a.b(c' })).total).toBe(0);
  });
});
