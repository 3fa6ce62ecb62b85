/**
 * 'dashboard_counts': one document { _id: 'counts', <counter>: number, appliedThrough }.
 * 'dashboard_members': one document per counted item ('providers:p-1'), so an event applied
 * twice cannot count twice.
 *
 * Counts move by increments, never by recounting (a recount per event made a start with
 * 30,000 subscriptions take ~40 s): an event that adds a member not yet counted adds 1, one
 * that removes a counted member subtracts 1. The counts document records the position it has
 * applied through and is written before the members, in one write: after a crash between the
 * two, the event is applied again, finds its member still missing, and the counts document
 * (already past that position) is left alone while the member is written.
 *
 * Names no capability: each contributes counters (which events add or remove which members).
 */
import type { ProjectedEvent } from './event-source';
import type { ProjectionContext, Projector } from './projector';
import type { BulkOperation, ReadStore } from './read-store/port';
import { DASHBOARD_COUNTS_ID, PLATFORM_COLLECTIONS, positionSortKey } from './views';

/** A count on the back office's dashboard, moved by one capability's events. */
export interface DashboardCounter {
  /** The name the dashboard shows it under ('providers', 'subscriptions'). */
  name: string;
  /** The event types that move it. */
  eventTypes: readonly string[];
  /** The member the event adds (counted: true) or removes (counted: false); null: none. */
  membership(event: ProjectedEvent): { member: string; counted: boolean } | null;
}

type CountsDoc = { _id: string; appliedThrough?: string } & Record<string, unknown>;
type MemberDoc = { _id: string };

interface Pending {
  /** Member key -> whether it is counted after the events so far. */
  members: Map<string, boolean>;
  /** Only the members whose presence changed (to write at flush). */
  changed: Set<string>;
  deltas: Map<string, number>;
  /** The last event's position (its sort key is made once, at flush). */
  appliedThrough: bigint;
}

export function createDashboardProjector(counters: readonly DashboardCounter[]): Projector {
  const byType = new Map<string, DashboardCounter[]>();
  for (const counter of counters) {
    for (const type of counter.eventTypes) byType.set(type, [...(byType.get(type) ?? []), counter]);
  }
  const pendingByContext = new WeakMap<ProjectionContext, Pending>();

  return {
    name: 'dashboard',
    collections: [PLATFORM_COLLECTIONS.dashboardCounts, PLATFORM_COLLECTIONS.dashboardMembers],

    async handle(recorded, ctx) {
      const moved = byType.get(recorded.type);
      if (!moved) return;
      let pending = pendingByContext.get(ctx);
      for (const counter of moved) {
        const change = counter.membership(recorded);
        if (!change) continue;
        if (!pending) {
          pending = {
            members: new Map(),
            changed: new Set(),
            deltas: new Map(),
            appliedThrough: 0n,
          };
          pendingByContext.set(ctx, pending);
        }
        const key = `${counter.name}:${change.member}`;
        const present =
          pending.members.get(key) ??
          (await ctx
            .collection<MemberDoc>(PLATFORM_COLLECTIONS.dashboardMembers)
            .findOne({ _id: key })) !== null;
        if (present !== change.counted) {
          pending.members.set(key, change.counted);
          pending.changed.add(key);
          const delta = change.counted ? 1 : -1;
          pending.deltas.set(counter.name, (pending.deltas.get(counter.name) ?? 0) + delta);
        } else {
          pending.members.set(key, present);
        }
        pending.appliedThrough = recorded.position;
      }
    },

    async flush(ctx) {
      const pending = pendingByContext.get(ctx);
      if (!pending) return;
      pendingByContext.delete(ctx);
      const countsCollection = ctx.collection<CountsDoc>(PLATFORM_COLLECTIONS.dashboardCounts);
      const counts = await countsCollection.findOne({ _id: DASHBOARD_COUNTS_ID });
      const appliedThrough = positionSortKey(pending.appliedThrough);
      const alreadyApplied =
        counts?.appliedThrough !== undefined && counts.appliedThrough >= appliedThrough;
      if (!alreadyApplied) {
        const next: CountsDoc = { ...counts, _id: DASHBOARD_COUNTS_ID };
        for (const [name, delta] of pending.deltas) {
          next[name] = (typeof next[name] === 'number' ? next[name] : 0) + delta;
        }
        next.appliedThrough = appliedThrough;
        await countsCollection.upsert(next);
      }
      const operations: BulkOperation<MemberDoc>[] = [...pending.changed].map((key) =>
        pending.members.get(key)
          ? { kind: 'upsert', doc: { _id: key } }
          : { kind: 'delete', filter: { _id: key } },
      );
      if (operations.length > 0) {
        await ctx
          .collection<MemberDoc>(PLATFORM_COLLECTIONS.dashboardMembers)
          .bulkWrite(operations);
      }
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
