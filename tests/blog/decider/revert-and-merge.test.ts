/**
 * 'Revert this change' and the merge of concurrent saves on posts (issue 27), through the bus
 * (SQLite in memory): the command layer works out the fields, the decider saves as usual.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CommandContext } from '../../../commands';
import { MergeConflictError } from '../../../commands/field-changes';
import { postStreamId } from '../../../domain/blog/events';
import { app } from '../../support/write-read';

const ANN: CommandContext = {
  actor: { kind: 'admin', id: 'a-ann', email: 'ann@example.com' },
  correlationId: 'r-ann',
};
const BOB: CommandContext = {
  actor: { kind: 'admin', id: 'a-bob', email: 'bob@example.com' },
  correlationId: 'r-bob',
};
const POST = {
  title: 'Semaglutide costs',
  slug: 'semaglutide-costs',
  content: '<p>What it costs.</p>',
  excerpt: 'An excerpt.',
  authorName: 'Ann',
};

describe('Revert and merge on the post commands', () => {
  let world: ReturnType<typeof app>;
  let day = '2026-11-01';
  const ID = 'post-1';
  const stream = () => world.eventStore.readStream(postStreamId(ID));
  const revision = async () => (await stream()).at(-1)?.revision ?? -1;
  const lastSave = async () => (await stream()).filter((e) => e.type.startsWith('Post')).at(-1);
  const save = (
    patch: Record<string, unknown>,
    ctx: CommandContext,
    extra: { expectedRevision?: number; publish?: boolean } = {},
  ) =>
    world.bus.dispatch(
      {
        type: 'UpdatePost',
        postId: ID,
        previousSlug: POST.slug,
        post: { ...POST, ...patch, publish: extra.publish ?? true },
        ...(extra.expectedRevision === undefined
          ? {}
          : { expectedRevision: extra.expectedRevision }),
      },
      ctx,
    );
  const refusal = async (run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (error) {
      return error;
    }
    throw new Error('expected a refusal');
  };

  beforeEach(async () => {
    day = '2026-11-01';
    world = app({ now: () => new Date(`${day}T10:00:00.000Z`) });
    await world.bus.dispatch(
      { type: 'CreatePost', postId: ID, post: { ...POST, publish: true } },
      ANN,
    );
  });
  afterEach(async () => {
    await world.close();
  });

  it('Given a published post whose title changed on Nov 3, when the title is reverted, then it is back, still published at its time, and the save names the change', async () => {
    day = '2026-11-03';
    await save({ title: 'New title' }, ANN);
    const changed = await lastSave();
    const publishedAt = (changed?.data as { publishedAt: string }).publishedAt;
    day = '2026-11-04';
    await world.bus.dispatch(
      {
        type: 'RevertPostChange',
        postId: ID,
        position: (changed?.position ?? 0n).toString(),
        field: 'title',
      },
      BOB,
    );
    const revert = await lastSave();
    expect(revert?.data).toMatchObject({
      title: POST.title,
      excerpt: POST.excerpt,
      publishedAt,
      changedFields: ['title'],
      reverts: { field: 'title', label: 'Title', by: 'ann@example.com' },
    });
  });

  it.each([
    { field: 'excerpt', by: 'key' },
    { field: 'Excerpt', by: 'its name in the audit log' },
  ])('Given the excerpt changed, when reverted by $by, then it is back', async ({ field }) => {
    await save({ excerpt: 'Another.' }, ANN);
    const changed = await lastSave();
    await world.bus.dispatch(
      { type: 'RevertPostChange', postId: ID, position: String(changed?.position), field },
      BOB,
    );
    expect((await lastSave())?.data).toMatchObject({ excerpt: POST.excerpt });
  });

  it('Given the title changed again on Nov 5, when the first change is reverted, then it is refused with the date of the later change', async () => {
    day = '2026-11-03';
    await save({ title: 'New title' }, ANN);
    const first = await lastSave();
    day = '2026-11-05';
    await save({ title: 'Newer title' }, BOB);
    const error = await refusal(() =>
      world.bus.dispatch(
        { type: 'RevertPostChange', postId: ID, position: String(first?.position), field: 'title' },
        ANN,
      ),
    );
    expect(error).toMatchObject({
      code: 'post_change_changed_again',
      message: 'The title was changed again on Nov 5: revert that change first, or edit the post.',
    });
  });

  it('Given another administrator changed the excerpt, when my stale save changes the title, then both stand', async () => {
    const opened = await revision();
    await save({ excerpt: 'Theirs.' }, BOB);
    await save({ title: 'Mine' }, ANN, { expectedRevision: opened });
    expect((await lastSave())?.data).toMatchObject({ title: 'Mine', excerpt: 'Theirs.' });
  });

  it('Given another administrator renamed the slug, when my stale save changes the excerpt, then it lands on the new slug', async () => {
    const opened = await revision();
    await world.bus.dispatch(
      {
        type: 'UpdatePost',
        postId: ID,
        previousSlug: POST.slug,
        post: { ...POST, slug: 'their-slug', publish: true },
      },
      BOB,
    );
    await save({ excerpt: 'Mine.' }, ANN, { expectedRevision: opened });
    expect((await lastSave())?.data).toMatchObject({ slug: 'their-slug', excerpt: 'Mine.' });
  });

  it('Given another administrator changed the title, when my stale save changes it too, then it is refused with both values', async () => {
    const opened = await revision();
    await save({ title: 'Theirs' }, BOB);
    const error = await refusal(() => save({ title: 'Mine' }, ANN, { expectedRevision: opened }));
    expect(error).toBeInstanceOf(MergeConflictError);
    expect(error).toMatchObject({
      conflicts: [{ field: 'title', label: 'Title', yours: 'Mine', theirs: 'Theirs' }],
    });
  });
});
