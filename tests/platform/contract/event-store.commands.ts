/**
 * Commands over several streams, raced through the real command bus on an event store: a
 * slug reservation and the aggregate it names land together or not at all. Run on SQLite by
 * tests/platform/write-read/concurrent-commands.test.ts and on EventStoreDB by the esdb
 * suite (where the adapter compensates instead of committing atomically). Never assumes an
 * empty store: every id and slug carries the run's suffix.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appCommandBus, type AppCommand } from '../../../workers/bootstrap/composition';
import type { CommandBus } from '../../../commands/bus';
import type { EventStore } from '../../../commands/event-store/port';
import { slugDecider } from '../../../domain/blog/decider';
import { slugStreamId, type SlugEvent } from '../../../domain/blog/events';
import { providerSlugDecider } from '../../../domain/providers/decider';
import { providerSlugStreamId, type ProviderSlugEvent } from '../../../domain/providers/events';
import { PROVIDER_STREAM_PREFIX } from '../../../domain/providers/events';
import type { ProviderDetailsInput } from '../../../domain/providers/provider';
import { fold } from '../../../domain/shared/decider';

const CTX = {
  actor: { kind: 'admin' as const, id: 'a-1', email: 'ops@example.com' },
  correlationId: 'req-1',
};

export function describeConcurrentCommands(
  name: string,
  factory: () => EventStore | Promise<EventStore>,
): void {
  describe(`Concurrent multi-stream commands: ${name}`, () => {
    let store: EventStore;
    let bus: CommandBus<AppCommand>;
    let run: string;

    beforeEach(async () => {
      store = await factory();
      bus = appCommandBus(store);
      run = randomUUID().slice(0, 8);
    });
    afterEach(async () => {
      await store.close();
    });

    const post = (slug: string) => ({
      title: 'Dosing notes',
      slug,
      content: '<p>Start low.</p>',
    });

    /** Who holds a blog slug, from its reservation stream. */
    async function postSlugHolder(slug: string): Promise<string | null> {
      const events = (await store.readStream(slugStreamId(slug))) as unknown as SlugEvent[];
      return fold(slugDecider, events).reservedBy;
    }

    async function postSlugOf(postId: string): Promise<string | null> {
      const events = await store.readStream(`post-${postId}`);
      const last = events
        .filter((e) => e.type === 'PostCreated' || e.type === 'PostUpdated')
        .at(-1);
      return last ? (last.data as { slug: string }).slug : null;
    }

    async function renameRace(newSlugs: string[]) {
      const postId = `race-${run}`;
      const oldSlug = `old-${run}`;
      await bus.dispatch({ type: 'CreatePost', postId, post: post(oldSlug) }, CTX);

      const outcomes = await Promise.allSettled(
        newSlugs.map((slug) =>
          bus.dispatch(
            { type: 'UpdatePost', postId, previousSlug: oldSlug, post: post(slug) },
            CTX,
          ),
        ),
      );
      return { postId, oldSlug, outcomes };
    }

    it('Given a post, When two administrators rename it to different slugs at once, Then one rename wins and only its slug is reserved', async () => {
      const slugs = [`new-a-${run}`, `new-b-${run}`, `new-c-${run}`];

      const { postId, oldSlug, outcomes } = await renameRace(slugs);

      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      for (const o of outcomes) {
        if (o.status === 'rejected') expect(String(o.reason)).toMatch(/changed|ConcurrencyError/);
      }
      const current = await postSlugOf(postId);
      expect(slugs).toContain(current);
      for (const slug of [oldSlug, ...slugs]) {
        expect({ slug, holder: await postSlugHolder(slug) }).toEqual({
          slug,
          holder: slug === current ? postId : null,
        });
      }
      // The old address redirects to the slug the post has, not to a loser's.
      const released = (await store.readStream(slugStreamId(oldSlug))).at(-1);
      expect(released).toMatchObject({ type: 'PostSlugReleased', data: { renamedTo: current } });
    });

    it('Given a post, When two administrators rename it to the same slug at once, Then one rename wins and the slug is the post’s', async () => {
      const slug = `same-${run}`;

      const { postId, oldSlug, outcomes } = await renameRace([slug, slug]);

      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      expect(await postSlugOf(postId)).toBe(slug);
      expect(await postSlugHolder(slug)).toBe(postId);
      expect(await postSlugHolder(oldSlug)).toBeNull();
    });

    it('Given no provider, When ten identical creates without an id race, Then one provider is listed and nine are refused naming the slug', async () => {
      const name = `Race Health ${run}`;
      const slug = `race-health-${run}`;
      const details: ProviderDetailsInput = {
        name,
        websiteUrl: 'https://race.example',
        states: ['CA'],
        medications: ['Semaglutide'],
      };

      const outcomes = await Promise.allSettled(
        Array.from({ length: 10 }, () => bus.dispatch({ type: 'ListProvider', details }, CTX)),
      );

      const listed = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value.id] : []));
      expect(listed).toHaveLength(1);
      for (const o of outcomes) {
        if (o.status === 'rejected') {
          expect(o.reason).toMatchObject({
            name: 'DecisionError',
            message: `A provider with the slug '${slug}' already exists.`,
          });
        }
      }
      const reservation = (await store.readStream(
        providerSlugStreamId(slug),
      )) as unknown as ProviderSlugEvent[];
      expect(fold(providerSlugDecider, reservation).reservedBy).toBe(listed[0]);
      expect(await store.readStream(`${PROVIDER_STREAM_PREFIX}${listed[0]}`)).not.toEqual([]);
    });
  });
}
