/**
 * The post editor's server half over HTTP on a real port (issue 27):
 * - two administrators save the same post from the same revision: when they changed different
 *   fields both changes stand, one PostUpdated each naming its own fields; when both changed
 *   the same field, the second answers 409 with both values and writes nothing, until it says
 *   which value to keep;
 * - the live preview of an unsaved body: sanitised with the one allowlist, its read time and
 *   the excerpt the public page would show; bad input is a 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../../api/contracts/http';
import {
  BLOG_PATHS,
  adminPostPath,
  type AdminPostView,
  type PostPreviewView,
} from '../../../api/blog/contracts';
import { MERGE_CONFLICT_MESSAGE } from '../../../commands/field-changes';
import { postStreamId } from '../../../domain/blog/events';
import {
  registerAdmin,
  request,
  signIn,
  startTestServer,
  type AdminSession,
  type TestServer,
} from '../../support/http-server';

const PASSWORD = 'a long test password 3';
const POST = {
  title: 'Tirzepatide, month one',
  slug: 'tirzepatide-month-one',
  content: '<p>What the first month is like.</p>',
  excerpt: 'The first month.',
  authorName: 'Ann',
};

describe('Given two administrators editing one post', () => {
  let server: TestServer;
  let ann: AdminSession;
  let bob: AdminSession;
  let id: string;

  const post = async () => {
    const answer = await request(server.base, adminPostPath(BLOG_PATHS.adminPost, id), {
      session: ann,
    });
    return (await answer.json()) as AdminPostView;
  };
  const save = (
    session: AdminSession,
    patch: Record<string, unknown>,
    opened: AdminPostView,
    extra: Record<string, unknown> = {},
  ) =>
    request(server.base, adminPostPath(BLOG_PATHS.adminPost, id), {
      session,
      method: 'PUT',
      json: {
        ...POST,
        title: opened.title,
        excerpt: opened.excerpt,
        content: opened.content,
        slug: opened.slug,
        ...patch,
        previousSlug: opened.slug,
        expectedRevision: opened.revision,
        ...extra,
      },
    });
  const events = () => server.backend.eventStore.readStream(postStreamId(id));

  beforeAll(async () => {
    server = await startTestServer({ prefix: 'vial-blog-merge-' });
    await registerAdmin(server.backend, 'ann@example.com', PASSWORD);
    await registerAdmin(server.backend, 'bob@example.com', PASSWORD);
    ann = await signIn(server.base, 'ann@example.com', PASSWORD);
    bob = await signIn(server.base, 'bob@example.com', PASSWORD);
    const created = await request(server.base, BLOG_PATHS.adminPosts, { session: ann, json: POST });
    expect(created.status).toBe(201);
    id = ((await created.json()) as { id: string }).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('When both save from the same revision, Ann the title and Bob the excerpt, then both changes stand, one event each naming its field', async () => {
    const opened = await post();
    expect(opened.revision).toBeTypeOf('number');
    expect((await save(ann, { title: 'Tirzepatide: the first month' }, opened)).status).toBe(200);
    expect((await save(bob, { excerpt: 'Four weeks, week by week.' }, opened)).status).toBe(200);

    expect(await post()).toMatchObject({
      title: 'Tirzepatide: the first month',
      excerpt: 'Four weeks, week by week.',
      content: POST.content,
    });
    const saves = (await events()).filter((e) => e.type === 'PostUpdated').slice(-2);
    expect(
      saves.map((e) => [
        e.metadata.actor.email,
        (e.data as { changedFields: string[] }).changedFields,
      ]),
    ).toEqual([
      ['ann@example.com', ['title']],
      ['bob@example.com', ['excerpt']],
    ]);
  });

  it('When both change the title from the same revision, then the second answers 409 with both values and nothing is written', async () => {
    const opened = await post();
    expect((await save(ann, { title: 'Ann’s title' }, opened)).status).toBe(200);
    const before = (await events()).length;

    const refused = await save(bob, { title: 'Bob’s title', excerpt: 'Bob’s excerpt' }, opened);
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as ApiErrorBody;
    expect(body).toEqual({
      error: MERGE_CONFLICT_MESSAGE,
      conflicts: [{ field: 'title', label: 'Title', yours: 'Bob’s title', theirs: 'Ann’s title' }],
      revision: (await post()).revision,
    });
    expect(await events()).toHaveLength(before);
    expect(await post()).toMatchObject({ title: 'Ann’s title', excerpt: opened.excerpt });
  });

  it.each([
    { choice: 'Keep mine', keepMine: ['title'], title: 'Bob’s title', excerpt: 'Bob’s first' },
    { choice: 'Take theirs', keepMine: [], title: 'Ann’s title', excerpt: 'Bob’s second' },
  ])(
    'When Bob chooses $choice and saves again, then his other change lands merged with the latest',
    async ({ keepMine, title, excerpt }) => {
      const opened = await post();
      const annTitle = 'Ann’s title';
      // Back to a known start: Ann's title, Bob working from the version before it.
      await save(ann, { title: 'Start' }, opened, { expectedRevision: undefined });
      const bobOpened = await post();
      await save(ann, { title: annTitle }, bobOpened);
      const again = await save(
        bob,
        { title: keepMine.length > 0 ? 'Bob’s title' : annTitle, excerpt },
        bobOpened,
        { keepMine },
      );
      expect(again.status).toBe(200);
      expect(await post()).toMatchObject({ title, excerpt });
    },
  );

  it.each([
    { keepMine: 'title', message: 'keepMine must be a list of field names' },
    { keepMine: [1], message: 'keepMine must be a list of field names' },
  ])('When keepMine is $keepMine, then 400 names keepMine', async ({ keepMine, message }) => {
    const answer = await save(ann, { title: 'Any' }, await post(), { keepMine });
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as ApiErrorBody;
    expect(body.fields?.keepMine ?? body.fields?.['keepMine.0']).toMatch(
      new RegExp(`^${message}|expected string`, 'i'),
    );
  });
});

describe('Given an administrator previewing an unsaved post', () => {
  let server: TestServer;
  let session: AdminSession;
  const preview = (json: unknown) =>
    request(server.base, BLOG_PATHS.adminPreview, { session, json });

  beforeAll(async () => {
    server = await startTestServer({ prefix: 'vial-blog-live-preview-' });
    await registerAdmin(server.backend, 'dana@example.com', PASSWORD);
    session = await signIn(server.base, 'dana@example.com', PASSWORD);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('When the body has a script, an h1 and 250 words, then it comes back sanitised as the page shows it, with its read time and excerpt', async () => {
    const words = Array.from({ length: 250 }, (_, i) => `word${i}`).join(' ');
    const answer = await preview({
      content: `<h1>Week one</h1><p onclick="x()">${words}</p><script>alert(1)</script>`,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const view = (await answer.json()) as PostPreviewView;
    expect(view.html).toBe(`<h2>Week one</h2><p>${words}</p>`);
    expect(view.readTimeMinutes).toBe(2);
    expect(view.publicExcerpt).toMatch(/^Week one word0 word1 .*\.\.\.$/);
    expect(view.publicExcerpt.length).toBeLessThanOrEqual(153);
  });

  it('When an excerpt is given, then it is the excerpt shown', async () => {
    const answer = await preview({ content: '<p>Body</p>', excerpt: '  A short summary.  ' });
    expect(((await answer.json()) as PostPreviewView).publicExcerpt).toBe('A short summary.');
  });

  it.each([
    { json: {}, field: 'content', message: 'Content must be text' },
    { json: { content: 5 }, field: 'content', message: 'Content must be text' },
    {
      json: { content: 'x'.repeat(90_001) },
      field: 'content',
      message: 'Content must be at most 90000 characters',
    },
    { json: { content: '', excerpt: 3 }, field: 'excerpt', message: 'Excerpt must be text' },
  ])('When the body is $field-less or wrong, then 400 names $field', async (row) => {
    const answer = await preview(row.json);
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as ApiErrorBody;
    expect(body.fields?.[row.field]).toBe(row.message);
  });

  it('When no administrator is signed in, then it is refused', async () => {
    const answer = await request(server.base, BLOG_PATHS.adminPreview, {
      json: { content: '<p>x</p>' },
    });
    expect([401, 403]).toContain(answer.status);
  });
});
