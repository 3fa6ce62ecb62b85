import type { Actor } from '../../../domain/events/envelope';
import { MemoryReadStore } from '../../../projections/read-store/memory';
import type { ProjectedEvent } from '../../../projections/event-source';
import { liveContext, type Projector } from '../../../projections/projector';

export const ADMIN: Actor = { kind: 'admin', id: 'a-1', email: 'ops@example.com' };

/** Builds stored events in order: positions 1, 2, 3... and per-stream revisions. */
export function history() {
  let position = 0n;
  const revisions = new Map<string, number>();
  const events: ProjectedEvent[] = [];
  return {
    events,
    add(
      streamId: string,
      type: string,
      data: unknown,
      at = '2025-03-14T10:00:00.000Z',
      actor: Actor = ADMIN,
    ) {
      const revision = (revisions.get(streamId) ?? -1) + 1;
      revisions.set(streamId, revision);
      position += 1n;
      events.push({
        streamId,
        revision,
        position,
        type,
        data,
        metadata: {
          eventId: `00000000-0000-4000-8000-${position.toString().padStart(12, '0')}`,
          occurredAt: at,
          actor,
          correlationId: 'c-1',
          causationId: 'cmd-1',
          schemaVersion: 1,
        },
      });
      return this;
    },
  };
}

/** Given events, applied by the projector to a fresh memory store, as the runner does. */
export async function project(projector: Projector, events: ProjectedEvent[]) {
  const store = new MemoryReadStore();
  const ctx = liveContext(store);
  for (const event of events) {
    await projector.handle(event, ctx);
    await projector.flush?.(ctx);
  }
  return store;
}
