/**
 * A realistic provider history for the replay benchmark.
 *
 * The providers are listed through the command bus (ListProvider, like the back office),
 * after an administrator is registered through it. The bulk of the edits, which would make
 * the bus re-read ever longer streams, are decided by the same pure provider decider the bus
 * runs (ChangeProviderDetails, ChangeProviderPrices, RecomputeVialScore, RemoveProvider and
 * relisting), checked against the provider event schemas, given the bus's metadata and
 * appended at the exact expected revision. So the store holds only real event types and
 * shapes, in the proportions an editor produces.
 */
import { randomUUID } from 'node:crypto';
import { EVENT_SCHEMA_VERSION, type CommandContext } from '../../commands';
import { DEMO_PROVIDERS } from '../../commands/providers';
import { newSubscriptionId } from '../../commands/newsletter';
import { appCommandBus } from '../../workers/bootstrap/composition';
import type { EventStore, NewEvent } from '../../commands/event-store';
import type { Actor } from '../../domain/shared/envelope';
import {
  decideProvider,
  foldProvider,
  evolveProvider,
  type ProviderCommand,
  type ProviderState,
} from '../../domain/providers/decider';
import {
  asProviderEvent,
  providerEventSchemas,
  providerStreamId,
  type ProviderEvent,
} from '../../domain/providers/events';
import {
  providerDetailsSchema,
  providerPricesSchema,
  type ProviderDetails,
  type ProviderPrices,
} from '../../domain/providers/provider';
import { STATE_CODES } from '../../domain/shared/reference/states';

export interface HistoryOptions {
  /** Providers listed at the start (removed ones are replaced, so the count stays). */
  providers: number;
  /** Stop once the store holds at least this many events. */
  events: number;
  /** Share of providers listed as featured. */
  featuredShare: number;
  seed?: number;
}

export interface HistoryStats {
  events: number;
  /** Providers listed at the end. */
  providers: number;
  /** Of which featured. */
  featured: number;
  seconds: number;
}

/** mulberry32: a small deterministic PRNG, so every run replays the same history. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Live {
  providerId: string;
  state: ProviderState;
  /** Stream revision (-1: no stream). */
  revision: number;
}

const ADMIN_EMAIL = 'bench-admin@example.com';

function demoDetails(i: number, featured: boolean): ProviderDetails {
  const demo = DEMO_PROVIDERS[i % DEMO_PROVIDERS.length]!;
  return providerDetailsSchema.parse({
    ...demo.details,
    name: `Bench Provider ${i}`,
    websiteUrl: `https://bench-provider-${i}.example`,
    featured,
  });
}

function demoPrices(i: number): ProviderPrices {
  return providerPricesSchema.parse(DEMO_PROVIDERS[i % DEMO_PROVIDERS.length]!.prices);
}

export async function writeProviderHistory(
  store: EventStore,
  options: HistoryOptions,
): Promise<HistoryStats> {
  const started = performance.now();
  const random = prng(options.seed ?? 20240601);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  let clock = Date.parse('2025-01-01T08:00:00Z');
  // Ten minutes between edits: 50,000 events span about a year of monthly score reviews.
  const tick = () => new Date((clock += 600_000));
  const bus = appCommandBus(store, { now: () => new Date(clock) });

  // An administrator, through the bus, so the admin projector has its history too.
  const system: CommandContext = { actor: { kind: 'system', id: 'bench' }, correlationId: 'bench' };
  const registered = await bus.dispatch(
    { type: 'RegisterAdmin', email: ADMIN_EMAIL, passwordHash: 'scrypt$bench$not-a-real-hash' },
    system,
  );
  const actor: Actor = { kind: 'admin', id: registered.id, email: ADMIN_EMAIL };

  // The initial catalogue, through the bus.
  let listedCount = 0;
  const listThroughBus = async (count: number): Promise<string[]> => {
    const ids: string[] = [];
    for (let start = 0; start < count; start += 50) {
      const batch = Array.from({ length: Math.min(50, count - start) }, () => listedCount++);
      const results = await Promise.all(
        batch.map((i) =>
          bus.dispatch(
            {
              type: 'ListProvider',
              details: demoDetails(i, random() < options.featuredShare),
              prices: demoPrices(i),
            },
            { actor, correlationId: randomUUID() },
          ),
        ),
      );
      ids.push(...results.map((r) => r.id));
    }
    return ids;
  };
  const live: Live[] = [];
  for (const providerId of await listThroughBus(options.providers)) {
    const history = await store.readStream(providerStreamId(providerId));
    const events = history.map(asProviderEvent).filter((e): e is ProviderEvent => e !== null);
    live.push({ providerId, state: foldProvider(events), revision: history.at(-1)!.revision });
  }

  // The edits, decided in memory and appended in chunks (group commit keeps this fast).
  let total = Number(await store.headPosition());
  let pending: Promise<unknown>[] = [];
  const decideAndAppend = (target: Live, command: ProviderCommand) => {
    const now = tick();
    const events = decideProvider(command, target.state, now);
    if (events.length === 0) return;
    for (const event of events) {
      const schema = providerEventSchemas[event.type];
      const parsed = schema.safeParse(event.data);
      if (!parsed.success) throw new Error(`Invalid ${event.type}: ${parsed.error.message}`);
      target.state = evolveProvider(target.state, event);
    }
    const causationId = randomUUID();
    const correlationId = randomUUID();
    const stored: NewEvent[] = events.map((e) => ({
      type: e.type,
      data: e.data,
      metadata: {
        eventId: randomUUID(),
        occurredAt: now.toISOString(),
        actor,
        correlationId,
        causationId,
        schemaVersion: EVENT_SCHEMA_VERSION,
      },
    }));
    const expected = target.revision === -1 ? 'no_stream' : target.revision;
    target.revision += events.length;
    total += events.length;
    pending.push(store.append(providerStreamId(target.providerId), stored, expected));
  };

  while (total < options.events) {
    const index = Math.floor(random() * live.length);
    const target = live[index]!;
    if (target.state.status !== 'listed') throw new Error('a removed provider stayed live');
    const { details, prices } = target.state;
    const roll = random();
    if (roll < 0.42) {
      const next: ProviderDetails = { ...details, card: { ...details.card } };
      const field = random();
      if (field < 0.25)
        next.description = `${details.description.slice(0, 1500)} Updated ${total}.`;
      else if (field < 0.4) next.trustpilotScore = Math.round(random() * 50) / 10;
      else if (field < 0.55) next.googleScore = Math.round(random() * 50) / 10;
      else if (field < 0.7) {
        const state = pick(STATE_CODES);
        next.states = details.states.includes(state)
          ? details.states.filter((s) => s !== state)
          : [...details.states, state];
      } else if (field < 0.85)
        next.card.offerTitle = `Save ${5 + Math.floor(random() * 60)}% today`;
      else if (field < 0.93) next.discountCode = `BENCH${Math.floor(random() * 1000)}`;
      // Featuring follows the target share, so it does not drift over the history.
      else next.featured = random() < options.featuredShare;
      decideAndAppend(target, {
        type: 'ChangeProviderDetails',
        providerId: target.providerId,
        details: next,
      });
    } else if (roll < 0.84) {
      const medication = random() < 0.5 ? 'semaglutide' : 'tirzepatide';
      const table = { ...prices[medication] };
      const doses = Object.keys(table);
      const dose = doses.length > 0 && random() < 0.9 ? pick(doses) : `${doses.length + 1}mg`;
      table[dose] = 99 + Math.floor(random() * 500);
      decideAndAppend(target, {
        type: 'ChangeProviderPrices',
        providerId: target.providerId,
        prices: { ...prices, [medication]: table },
      });
    } else if (roll < 0.995) {
      decideAndAppend(target, {
        type: 'RecomputeVialScore',
        providerId: target.providerId,
        reason: random() < 0.5 ? 'monthly' : 'requested',
      });
    } else {
      // Removed, and a new provider takes its place (listed by the decider too).
      decideAndAppend(target, { type: 'RemoveProvider', providerId: target.providerId });
      const i = listedCount++;
      const replacement: Live = {
        providerId: randomUUID(),
        state: { status: 'absent' },
        revision: -1,
      };
      decideAndAppend(replacement, {
        type: 'ListProvider',
        providerId: replacement.providerId,
        details: demoDetails(i, random() < options.featuredShare),
        prices: demoPrices(i),
      });
      live[index] = replacement;
    }
    if (pending.length >= 1000) {
      await Promise.all(pending);
      pending = [];
    }
  }
  await Promise.all(pending);

  const head = Number(await store.headPosition());
  return {
    events: head,
    providers: live.length,
    featured: live.filter((p) => p.state.status === 'listed' && p.state.details.featured).length,
    seconds: (performance.now() - started) / 1000,
  };
}

export interface SubscriptionHistoryOptions {
  /** Newsletter subscriptions to record (one VisitorSubscribed each, on its own stream). */
  subscriptions: number;
  /** The number of the first address (`reader-{n}@…`), for a second batch of new readers. */
  from?: number;
}

/** How many subscriptions are dispatched at once (the SQLite store group-commits them). */
const SUBSCRIBE_CONCURRENCY = 32;

/**
 * A member-heavy history: as many visitors subscribing as asked, each through the command bus
 * like the public form (its own stream, appended at 'no_stream'). The dashboard's subscriber
 * count moves with every event, so the replay shows whether its cost grows with the members.
 */
export async function writeSubscriptionHistory(
  store: EventStore,
  options: SubscriptionHistoryOptions,
): Promise<HistoryStats> {
  const started = performance.now();
  let clock = Date.parse('2025-01-01T08:00:00Z');
  const bus = appCommandBus(store, { now: () => new Date((clock += 1_000)) });
  const visitor: CommandContext = {
    actor: { kind: 'visitor', id: 'anonymous' },
    correlationId: 'bench',
  };
  const from = options.from ?? 0;
  let next = from;
  const worker = async () => {
    while (next < from + options.subscriptions) {
      const i = next++;
      await bus.dispatch(
        {
          type: 'SubscribeToNewsletter',
          email: `reader-${i}@bench.example`,
          // Random, as SubscriberIds makes them (no key store here: each address is new).
          subscriptionId: newSubscriptionId(),
        },
        visitor,
      );
    }
  };
  await Promise.all(Array.from({ length: SUBSCRIBE_CONCURRENCY }, worker));
  return {
    events: Number(await store.headPosition()),
    providers: 0,
    featured: 0,
    seconds: (performance.now() - started) / 1000,
  };
}
