/** The page-by-page replay both a rebuild and the runner's catch-up are made of. */
import type { EventSource, ProjectedEvent } from './event-source';
import { reads, type ProjectionContext, type Projector } from './projector';

/**
 * Events read per page. A page's events are parsed at once and stay alive until the last of
 * them is applied: at 2,000 (about 4 MB of parsed events) the young generation's collections
 * found most of a page alive and copied, then promoted it (a 50,000-event replay promoted
 * 240 MB instead of 130, its collections took twice as long). At 500 a replay makes four
 * times as many reads: one more SQLite query, or EventStoreDB read, per 500 events.
 */
export const REPLAY_PAGE_SIZE = 500;

/**
 * Replays the log after `from` into `projectors` through `ctx`, page by page, flushing every
 * `flushEvery` events and at the end; `behind(projector, position)` says whether a projector
 * still needs an event (a catch-up skips what a projector's checkpoint already covers).
 * Returns the last position read and the number of events.
 */
export async function replayInto(
  eventStore: Pick<EventSource, 'readAll'>,
  projectors: Projector[],
  ctx: ProjectionContext,
  options: {
    from: bigint;
    /** Stop after this position (default: the end of the log). */
    until?: bigint;
    batchSize?: number;
    flushEvery?: number;
    behind?: (projector: Projector, position: bigint) => boolean;
  },
): Promise<{ position: bigint; events: number }> {
  const limit = options.batchSize ?? REPLAY_PAGE_SIZE;
  const flushEvery = options.flushEvery ?? 1_000_000;
  const behind = options.behind;
  const until = options.until;
  let position = options.from;
  let events = 0;
  /** Per event type, the projectors that read it (a replay calls no other). */
  const byType = new Map<string, Projector[]>();
  const interestedIn = (type: string): Projector[] => {
    let list = byType.get(type);
    if (!list) {
      list = projectors.filter((p) => reads(p, type));
      byType.set(type, list);
    }
    return list;
  };
  let unflushed = 0;
  for (;;) {
    const page = await eventStore.readAll({ after: position, limit });
    let reachedUntil = false;
    // Indexed loops: a for-of across an await keeps its iterator alive, so each step made an
    // iterator result object (15 MB of a 50,000-event replay's garbage).
    for (let e = 0; e < page.length; e++) {
      const event = page[e] as ProjectedEvent;
      if (until !== undefined && event.position > until) {
        reachedUntil = true;
        break;
      }
      const readers = interestedIn(event.type);
      for (let p = 0; p < readers.length; p++) {
        const projector = readers[p] as Projector;
        if (behind && !behind(projector, event.position)) continue;
        // Awaited only when it answers a promise (see Projector.handle).
        const handled = projector.handle(event, ctx);
        if (handled) await handled;
      }
      position = event.position;
      events++;
    }
    unflushed += page.length;
    if (reachedUntil || page.length < limit || position === until) break;
    // Deferred work (records, the ranking) once per run of pages rather than per event.
    if (unflushed >= flushEvery) {
      for (const projector of projectors) await projector.flush?.(ctx);
      unflushed = 0;
    }
  }
  for (const projector of projectors) await projector.flush?.(ctx);
  return { position, events };
}
