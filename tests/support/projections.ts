import { appProjectors } from '../../workers/bootstrap/composition';
import { MemoryReadStore } from '../../projections/read-store/memory';
import type { ProjectedEvent } from '../../projections/event-source';
import { liveContext, type Projector } from '../../projections/projector';

/**
 * Given events, applied to a fresh memory store as the runner applies them: each event by
 * every projector in turn, each flushing after it.
 */
export async function project(
  projectors: Projector | readonly Projector[],
  events: readonly ProjectedEvent[],
) {
  const store = new MemoryReadStore();
  const ctx = liveContext(store);
  const all = Array.isArray(projectors) ? projectors : [projectors];
  for (const event of events) {
    for (const projector of all) {
      await projector.handle(event, ctx);
      await projector.flush?.(ctx);
    }
  }
  return store;
}

/** One of the app's projectors by name ('audit_log', 'dashboard' are built from every capability's parts). */
export function appProjector(name: string): Projector {
  const projector = appProjectors().find((p) => p.name === name);
  if (!projector) throw new Error(`The app has no projector named ${name}`);
  return projector;
}
