/**
 * 'dashboard_counts': one document { _id: 'counts', <counter>: number, appliedThrough }.
 *
 * Counts move by increments, never by recounting (a recount per event made a start with
 * 30,000 subscriptions take ~40 s): each counting event adds or takes away one. Increments
 * are kept idempotent by the event position: the counts document records the position it has
 * applied through, in the same write as the counts, so an event applied again after a crash
 * (before its checkpoint moved) finds itself already counted and changes nothing. A count's
 * cost per event is constant, whatever the number of members.
 *
 * Names no capability: each contributes counters (which events add or take away one).
 */
import type { ProjectedEvent } from './event-source';
import { perContext, type Projector } from './projector';
import type { ReadStore } from './read-store/port';
import { DASHBOARD_COUNTS_ID, PLATFORM_COLLECTIONS, positionSortKey } from './views';

/** A count on the back office's dashboard, moved by one capability's events. */
export interface DashboardCounter {
  /** The name the dashboard shows it under ('providers', 'subscriptions'). */
  name: string;
  /** The event types that move it. */
  eventTypes: readonly string[];
  /**
   * +1 or -1 for an event that adds or takes away a member, 0 for none. Only for events that
   * are themselves the change (the decider emits them only when membership changes: a
   * provider is listed once and removed once), so counting each event once is exact.
   */
  delta(event: ProjectedEvent): number;
}

type CountsDoc = { _id: string; appliedThrough?: string } & Record<string, unknown>;

interface Pending {
  deltas: Map<string, number>;
  /** The last counted event's position (its sort key is made once, at flush). */
  appliedThrough: bigint;
}

export function createDashboardProjector(counters: readonly DashboardCounter[]): Projector {
  const byType = new Map<string, DashboardCounter[]>();
  for (const counter of counters) {
    for (const type of counter.eventTypes) byType.set(type, [...(byType.get(type) ?? []), counter]);
  }
  const pendingByContext = perContext<Pending>(() => ({ deltas: new Map(), appliedThrough: 0n }));

  return {
    name: 'dashboard',
    version: 1,
    eventTypes: [...byType.keys()],
    collections: [PLATFORM_COLLECTIONS.dashboardCounts],

    // Synchronous: it reads nothing (see Projector.handle).
    handle(recorded, ctx) {
      const moved = byType.get(recorded.type);
      if (!moved) return;
      const pending = pendingByContext.of(ctx);
      for (const counter of moved) {
        const delta = counter.delta(recorded);
        if (delta !== 0) {
          pending.deltas.set(counter.name, (pending.deltas.get(counter.name) ?? 0) + delta);
        }
      }
      pending.appliedThrough = recorded.position;
    },

    async flush(ctx) {
      const pending = pendingByContext.take(ctx);
      if (!pending) return;
      const collection = ctx.collection<CountsDoc>(PLATFORM_COLLECTIONS.dashboardCounts);
      const counts = await collection.findOne({ _id: DASHBOARD_COUNTS_ID });
      const appliedThrough = positionSortKey(pending.appliedThrough);
      // Already counted: these events are being applied again after a crash.
      if (counts?.appliedThrough !== undefined && counts.appliedThrough >= appliedThrough) return;
      const next: CountsDoc = { ...counts, _id: DASHBOARD_COUNTS_ID, appliedThrough };
      for (const [name, delta] of pending.deltas) {
        const current = next[name];
        next[name] = (typeof current === 'number' ? current : 0) + delta;
      }
      await collection.upsert(next);
    },
  };
}

/** The dashboard's counts: every declared counter, 0 until something moved it. */
export function dashboardQueries(store: ReadStore, counterNames: readonly string[]) {
  return {
    async dashboardCounts(): Promise<Record<string, number>> {
      const doc = await store
        .collection<CountsDoc>(PLATFORM_COLLECTIONS.dashboardCounts)
        .findOne({ _id: DASHBOARD_COUNTS_ID });
      return Object.fromEntries(
        counterNames.map((name) => {
          const value = doc?.[name];
          return [name, typeof value === 'number' ? value : 0];
        }),
      );
    },
  };
}
