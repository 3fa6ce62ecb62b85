/**
 * The state rankings behind the city and state pages, kept from the provider events:
 * - 'city_provider_records': this projection's own copy of every listed provider (folded with
 *   the providers capability's own rule, so both read models agree), so it never depends on
 *   another projector having run first;
 * - 'state_provider_rankings': per state, its ranked provider cards.
 *
 * An event marks the states its provider served before or serves after it; `flush` writes the
 * records, then recomputes each marked state from the records serving it and writes only the
 * states that changed (a state no provider serves any more is deleted). A provider gaining or
 * losing a state, or being removed, thus updates every city page of that state at once.
 */
import { isDeepStrictEqual } from 'node:util';
import {
  asProviderEvent,
  PROVIDER_EVENT_TYPES,
  type CardFieldsCache,
  type ProviderEvent,
} from '../../domain/providers';
import type { StateCode } from '../../domain/shared/reference/states';
import type { ProjectedEvent } from '../event-source';
import { perContext, type ProjectionContext, type Projector } from '../projector';
import type { BulkOperation } from '../read-store/port';
import { applyToOwnRecord, applyToRecord, pricedCollection } from '../providers';
import { rankState, type SharedRanking } from './ranking';
import { CITY_COLLECTIONS, type CityProviderDoc, type StateRankingDoc } from './views';

interface Pending {
  records: Map<string, CityProviderDoc | null>;
  states: Set<StateCode>;
  /**
   * The lists of states already in `states`: a provider's list is the same array from one
   * event to the next until it changes, so a replay adds its ~50 states once per flush rather
   * than on every event (the set is the same either way).
   */
  marked: WeakSet<readonly StateCode[]>;
}

const pendingByContext = perContext<Pending>(() => ({
  records: new Map(),
  states: new Set(),
  marked: new WeakSet(),
}));

function mark(pending: Pending, record: CityProviderDoc | null): void {
  const states = record?.states;
  if (!states || pending.marked.has(states)) return;
  for (const state of states) pending.states.add(state);
  pending.marked.add(states);
}

/**
 * Rankings first, records last: a record's revision says its event was applied, so a crash
 * before it leaves the event to be applied again in full (both its old and new states marked).
 * The rankings are computed from the stored records overlaid with the pending ones.
 */
async function write(ctx: ProjectionContext, pending: Pending): Promise<void> {
  const records = pricedCollection(ctx.collection<CityProviderDoc>(CITY_COLLECTIONS.providers));
  if (pending.states.size > 0) {
    const states = [...pending.states];
    const byId = new Map(
      (await records.find({ states: { $in: states } })).map((doc) => [doc._id, doc]),
    );
    for (const [id, next] of pending.records) {
      if (next) byId.set(id, next);
      else byId.delete(id);
    }
    const serving = [...byId.values()];
    const rankings = ctx.collection<StateRankingDoc>(CITY_COLLECTIONS.states);
    const stored = new Map(
      (await rankings.find({ _id: { $in: states } })).map((doc) => [doc._id, doc]),
    );
    const operations: BulkOperation<StateRankingDoc>[] = [];
    const shared = new Map<string, SharedRanking>();
    // Each record's card fields once for all states (the records do not change meanwhile).
    const fields: CardFieldsCache = new Map();
    for (const state of states) {
      const next = rankState(state, serving, shared, fields);
      const before = stored.get(state);
      if (next === null) {
        if (before) operations.push({ kind: 'delete', filter: { _id: state } });
      } else if (!before || !isDeepStrictEqual(before, next)) {
        operations.push({ kind: 'upsert', doc: next });
      }
    }
    if (operations.length > 0) await rankings.bulkWrite(operations, { handOver: true });
  }
  const recordOps: BulkOperation<CityProviderDoc>[] = [...pending.records].map(([id, next]) =>
    next ? { kind: 'upsert', doc: next } : { kind: 'delete', filter: { _id: id } },
  );
  if (recordOps.length > 0) await records.bulkWrite(recordOps, { handOver: true });
}

/** Applies one event to the provider's record as `handle` read it. */
function applyEvent(
  pending: Pending,
  current: CityProviderDoc | null,
  /** `current` is the record held in `pending` (made since the last flush): changed in place. */
  held: boolean,
  event: ProviderEvent,
  recorded: ProjectedEvent,
): void {
  const id = event.data.providerId;
  if (current && current.revision >= recorded.revision) {
    // Already applied (a replay after a crash): its states are recomputed anyway, since the
    // crash may have come between the record and the rankings.
    mark(pending, current);
    return;
  }
  // A provider restored from the trash is rebuilt from its ProviderRestored event alone:
  // this copy keeps no trash, so its score is the one its data computes until the next
  // recomputation publishes one.
  mark(pending, current);
  const statesBefore = current?.states;
  // A record made since the last flush is this projector's alone: changed in place (and
  // already held under its id).
  const inPlace = held && current !== null && applyToOwnRecord(current, event, recorded);
  const next = inPlace ? current : applyToRecord(current, event, recorded, null);
  if (!inPlace) pending.records.set(id, next);
  // Most events leave the states as they were (the same list): marked once.
  if (next?.states !== statesBefore) mark(pending, next);
}

export const cityRankingsProjector: Projector = {
  name: 'city_rankings',
  // 2: each state's ranking says how many cards it holds (providerCount). 3: and what its
  // providers' records say about treatment (cityTreatment).
  version: 3,
  eventTypes: PROVIDER_EVENT_TYPES,
  collections: [CITY_COLLECTIONS.providers, CITY_COLLECTIONS.states],
  // A state's rankings are recomputed from the records serving it.
  indexes: { [CITY_COLLECTIONS.providers]: [{ fields: { states: 1 } }] },
  handle(recorded, ctx) {
    const event = asProviderEvent(recorded);
    if (!event) return;
    const pending = pendingByContext.of(ctx);
    const id = event.data.providerId;
    // Synchronous when the record is held (see Projector.handle).
    const held = pending.records.get(id);
    if (held !== undefined) {
      applyEvent(pending, held, true, event, recorded);
      return;
    }
    return (async () => {
      const current = await pricedCollection(
        ctx.collection<CityProviderDoc>(CITY_COLLECTIONS.providers),
      ).findOne({ _id: id });
      applyEvent(pending, current, false, event, recorded);
    })();
  },
  async flush(ctx) {
    const pending = pendingByContext.take(ctx);
    if (!pending) return;
    if (pending.records.size === 0 && pending.states.size === 0) return;
    // On a failure the events are applied again from the store (their checkpoint did not move).
    await write(ctx, pending);
  },
};
