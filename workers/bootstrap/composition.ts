/**
 * The composition root: the one place that knows which profile runs and picks the adapters.
 *
 *   embedded     SQLite event log and auth store in DATA_DIR, read models in memory (rebuilt
 *                from the events at every start), jobs in-process.
 *   distributed  EventStoreDB, MongoDB read models, BullMQ queue and sessions on Redis.
 *
 * ROLE says what this process does: `all` (HTTP + projections + jobs), `api` (HTTP only; the
 * worker projects) or `worker` (projections + jobs, no HTTP).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { createCommandBus, type CommandBus, type CommandInput } from '../../commands';
import { openEventStore, type EventStore } from '../../commands/event-store';
import {
  createSubscriberIds,
  MongoSubscriberKeyStore,
  renameErasedLegacyStreams,
  SqliteSubscriberKeyStore,
  withSealedSubscriberEmails,
  type SubscriberIds,
  type SubscriberKeyStore,
} from '../../commands/newsletter';
import {
  auditQueries,
  createAuditProjector,
  createDashboardProjector,
  createProjectionRunner,
  LAG_COUNT_LIMIT,
  dashboardQueries,
  rebuild,
  type Projector,
} from '../../projections';
import { createSearchProjector, searchQueries } from '../../projections/search-index';
import { startJobs } from '../jobs';
import { openReadStore, type ReadStore, type ReadStoreConfig } from '../../projections/read-store';
import { PLATFORM_COLLECTIONS } from '../../projections/views';
import { RedisLeaseProvider } from '../../projections/lease/redis';
import type { LeaseProvider } from '../../projections/lease/port';
import { whileHolding } from '../../projections/lease/exclusive';
import { embeddedRebuildElsewhere } from './rebuild-elsewhere';
import { ensureProjectorIndexes } from '../../projections/projector';

import {
  createRedisClickCounter,
  createSqliteClickCounter,
  type ClickCounter,
} from '../../projections/clicks';
import { openJobQueue } from '../queue';
import type { BackendCapability, BackendCore, PlatformQueries } from './capability';
import { CAPABILITY_LIST, type CAPABILITIES } from './capabilities';
import type { Config } from './config';
import type { Logger } from './logger';
import { mailBook } from './mail';

/** The cluster-wide lock a rebuild holds (a lease name; `$` keeps it apart from projectors). */
const REBUILD_LOCK = '$rebuild';

type Listed = (typeof CAPABILITIES)[number];
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (
  x: infer I,
) => void
  ? I
  : never;

/** Any command of any capability, as callers write it. */
export type AppCommand = Listed extends infer C
  ? C extends BackendCapability<infer D, infer _Q>
    ? CommandInput<D>
    : never
  : never;

/** Every capability's queries, and the platform's (audit log, dashboard counts). */
export type AppQueries = UnionToIntersection<
  Listed extends infer C ? (C extends BackendCapability<infer _D, infer Q> ? Q : never) : never
> &
  PlatformQueries;

/**
 * The embedded profile's read store in `dataDir`: read models in memory, except what no event
 * can rebuild (the Reddit snapshots: kept.sqlite, written through and loaded at start) and the
 * audit log, too large for memory with a long history (read-models.sqlite, rebuilt at every
 * start like the others). `keep: false` leaves the kept collections out (a rebuild to check).
 */
export function embeddedReadStoreConfig(dataDir: string, keep = true): ReadStoreConfig {
  return {
    kind: 'memory',
    kept: {
      path: path.join(dataDir, 'kept.sqlite'),
      collections: keep ? CAPABILITY_LIST.flatMap((c) => c.keptCollections ?? []) : [],
      onDisk: {
        path: path.join(dataDir, 'read-models.sqlite'),
        collections: [PLATFORM_COLLECTIONS.auditLog, PLATFORM_COLLECTIONS.auditSubjects],
      },
    },
  };
}

/** Every projector: each capability's, then the audit log and dashboard built from their parts. */
export function appProjectors(
  capabilities: readonly BackendCapability[] = CAPABILITY_LIST,
): Projector[] {
  return [
    ...capabilities.flatMap((c) => c.projectors ?? []),
    createAuditProjector(capabilities.flatMap((c) => (c.audit ? [c.audit] : []))),
    createDashboardProjector(capabilities.flatMap((c) => c.counters ?? [])),
    createSearchProjector(capabilities.flatMap((c) => (c.search ? [c.search] : []))),
  ];
}

/** The read side's questions over a store (public pages and admin lists read only these). */
export function appQueries(store: ReadStore): AppQueries {
  const counters = CAPABILITY_LIST.flatMap((c) => c.counters ?? []).map((c) => c.name);
  return Object.assign(
    {},
    ...CAPABILITY_LIST.map((c) => c.queries?.(store) ?? {}),
    auditQueries(store),
    dashboardQueries(store, counters),
    searchQueries(
      store,
      CAPABILITY_LIST.flatMap((c) => c.fixedSearchDocuments ?? []),
    ),
  ) as AppQueries; // the union of what each capability's factory returns, as the type says
}

/** The bus over every capability's commands, with every event type's schema as its guard. */
export function appCommandBus(
  eventStore: EventStore,
  options: { now?: () => Date; newId?: () => string } = {},
): CommandBus<AppCommand> {
  const all = CAPABILITY_LIST;
  return createCommandBus({
    ...options,
    eventStore,
    commands: Object.assign({}, ...all.map((c) => c.commands ?? {})),
    eventSchemas: Object.assign({}, ...all.map((c) => c.eventSchemas ?? {})),
  }) as CommandBus<AppCommand>; // the merged declarations accept exactly AppCommand
}

/** The backend with every capability's commands and queries. */
export interface Backend extends BackendCore {
  bus: CommandBus<AppCommand>;
  queries: AppQueries;
}

const POLL_MS = 25;

/** Opens the write side, the read side and the queue for this profile and role. */
export async function openBackend(config: Config, logger: Logger): Promise<Backend> {
  const closers: Array<() => Promise<void>> = [];
  const closeAll = async () => {
    for (const close of closers.reverse()) {
      try {
        await close();
      } catch (error) {
        logger.error('error while closing', { err: error });
      }
    }
  };
  try {
    const embedded = config.PROFILE === 'embedded';

    const { eventStore, subscribers } = await openEventLogWithSubscribers(config, logger);
    closers.push(() => eventStore.close());

    const readStoreConfig: ReadStoreConfig = embedded
      ? embeddedReadStoreConfig(config.dataDir)
      : {
          kind: 'mongodb',
          url: required(config.MONGODB_URL, 'MONGODB_URL'),
          database: config.MONGODB_DATABASE,
        };
    const readStore = await openReadStore(readStoreConfig);
    closers.push(() => readStore.close());
    // Embedded: a long log's rebuild replays the audit log in a worker thread alongside.
    const rebuildElsewhere = embedded
      ? embeddedRebuildElsewhere(config.dataDir, readStoreConfig, {
          onError: (error) =>
            logger.error('the rebuild worker thread failed; replaying its part here', {
              err: error,
            }),
        })
      : undefined;

    const queue = await openJobQueue(
      embedded
        ? { kind: 'inline' }
        : {
            kind: 'bullmq',
            url: required(config.REDIS_URL, 'REDIS_URL'),
            prefix: config.REDIS_PREFIX,
          },
      { error: (message, meta) => logger.error(message, meta) },
    );
    closers.push(() => queue.close());

    const clicks = openClickCounter(config, logger);
    closers.push(() => clicks.close());

    const bus = appCommandBus(eventStore);
    const queries = appQueries(readStore);
    const projectors = appProjectors();

    // The indexes the read models' queries need (idempotent; MongoDB builds, memory ignores).
    await ensureProjectorIndexes(readStore, projectors);
    const runsProjections = config.ROLE !== 'api';
    // Distributed: several workers, one runner per projector at a time (a lease in Redis).
    let lease: LeaseProvider | undefined;
    if (runsProjections && !embedded) {
      const leaseRedis = new Redis(required(config.REDIS_URL, 'REDIS_URL'), {
        maxRetriesPerRequest: 1,
      });
      leaseRedis.on('error', (error) => logger.warn('lease connection error', { err: error }));
      closers.push(async () => void leaseRedis.disconnect());
      lease = new RedisLeaseProvider({ redis: leaseRedis, prefix: config.REDIS_PREFIX });
    }
    const runner = runsProjections
      ? createProjectionRunner({
          readStore,
          eventStore,
          projectors,
          ...(rebuildElsewhere ? { rebuildElsewhere } : {}),
          onCatchUp: (progress) =>
            progress.done
              ? logger.info('read models caught up with the event log', {
                  events: progress.events,
                  ms: progress.ms,
                })
              : logger.info('replaying the event log into the read models before serving'),
          onError: (projector, error) =>
            logger.error('projection failed; retrying', { projector, err: error }),
          ...(lease
            ? {
                lease,
                onLease: (projector: string, held: boolean, token: number) =>
                  logger.info(held ? 'projector lease taken' : 'projector lease lost', {
                    projector,
                    token,
                  }),
              }
            : {}),
        })
      : null;
    if (runner) {
      await runner.start();
      closers.push(() => runner.stop());
    }

    const projectorNames = projectors.map((p) => p.name);
    /** Every projector's checkpoint from one query (the api polls it while it waits). */
    const checkpointsPassed = async (target: bigint) => {
      const checkpoints = await readStore.getCheckpoints(projectorNames);
      return projectorNames.every((name) => {
        const checkpoint = checkpoints[name];
        return checkpoint != null && BigInt(checkpoint) >= target;
      });
    };

    const backend: Backend = {
      config,
      logger,
      eventStore,
      subscribers,
      readStore,
      queue,
      clicks,
      mails: mailBook(
        CAPABILITY_LIST.map((c) => c.mails),
        () => backend,
      ),
      bus,
      queries,
      runner,
      async waitForProjections(position, timeoutMs = 2000) {
        if (runner) return runner.waitFor(position, timeoutMs);
        const target = BigInt(position);
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          if (await checkpointsPassed(target)) return true;
          if (Date.now() >= deadline) return false;
          await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        }
      },
      async projectionLag() {
        if (runner) return runner.lag();
        let slowest: bigint | null = null;
        const checkpoints = await readStore.getCheckpoints(projectorNames);
        for (const name of projectorNames) {
          const checkpoint = BigInt(checkpoints[name] ?? '0');
          if (slowest === null || checkpoint < slowest) slowest = checkpoint;
        }
        // In events, not positions (EventStoreDB's are byte offsets packed into one number).
        return eventStore.countAfter(slowest ?? 0n, LAG_COUNT_LIMIT);
      },
      rebuildProjections: () => {
        const run = () =>
          rebuild(readStore, eventStore, projectors, {
            ...(runner ? { runner } : {}),
            ...(lease ? { fence: (name: string) => lease.nextToken(name) } : {}),
            ...(rebuildElsewhere ? { elsewhere: rebuildElsewhere } : {}),
          });
        // One rebuild at a time across the cluster: a lock in Redis guards the swap.
        return lease ? whileHolding(lease, REBUILD_LOCK, run) : run();
      },
      startJobs: () =>
        startJobs<Backend>(
          queue,
          CAPABILITY_LIST.flatMap((c) => c.jobs ?? []),
          backend,
          logger,
        ),
      close: closeAll,
    };
    return backend;
  } catch (error) {
    await closeAll();
    throw error;
  }
}

/**
 * The event log alone (the CLIs that only issue commands need nothing else), with subscribers'
 * addresses sealed by their own keys, kept outside the log (crypto-shredding:
 * commands/newsletter/sealed-event-store.ts): SQLite in DATA_DIR, or MongoDB distributed.
 */
export async function openEventLog(config: Config): Promise<EventStore> {
  return (await openEventLogWithSubscribers(config)).eventStore;
}

/**
 * The event log and, over the same key store, the newsletter's address -> subscription links.
 * With a logger (the backend's start), the embedded log's erased legacy subscription streams
 * are renamed first (commands/newsletter/legacy-streams.ts), before anything replays it.
 */
export async function openEventLogWithSubscribers(
  config: Config,
  migrationLogger?: Logger,
): Promise<{ eventStore: EventStore; subscribers: SubscriberIds }> {
  const sealed = (log: EventStore, keys: SubscriberKeyStore) => {
    const eventStore = withSealedSubscriberEmails(log, keys);
    return { eventStore, subscribers: createSubscriberIds(keys, eventStore) };
  };
  if (config.PROFILE === 'distributed') {
    const keys = await MongoSubscriberKeyStore.connect({
      url: required(config.MONGODB_URL, 'MONGODB_URL'),
      database: config.MONGODB_DATABASE,
    });
    try {
      const log = await openEventStore({
        kind: 'esdb',
        url: required(config.EVENTSTORE_URL, 'EVENTSTORE_URL'),
      });
      return sealed(log, keys);
    } catch (error) {
      await keys.close();
      throw error;
    }
  }
  const { log, keys } = await openEmbedded(config.dataDir, migrationLogger);
  return sealed(log, keys);
}

/** The embedded profile's event log in `dataDir` (events.sqlite, subscriber-keys.sqlite). */
export async function openEmbeddedEventLog(dataDir: string): Promise<EventStore> {
  const { log, keys } = await openEmbedded(dataDir);
  return withSealedSubscriberEmails(log, keys);
}

async function openEmbedded(dataDir: string, migrationLogger?: Logger) {
  mkdirSync(dataDir, { recursive: true });
  const eventsFile = path.join(dataDir, 'events.sqlite');
  const keys = SqliteSubscriberKeyStore.open(path.join(dataDir, 'subscriber-keys.sqlite'));
  try {
    if (migrationLogger) {
      const renamed = await renameErasedLegacyStreams(eventsFile, keys);
      if (renamed > 0) {
        migrationLogger.info('erased legacy subscription streams renamed', { streams: renamed });
      }
    }
    const log = await openEventStore({ kind: 'sqlite', path: eventsFile });
    return { log, keys };
  } catch (error) {
    await keys.close();
    throw error;
  }
}

/** The click counter: clicks.sqlite in DATA_DIR (embedded) or day hashes on Redis (distributed). */
export function openClickCounter(config: Config, logger: Logger): ClickCounter {
  const onError = (error: unknown) =>
    logger.error('click counts could not be written; kept for the next flush', { err: error });
  if (config.PROFILE === 'embedded') {
    mkdirSync(config.dataDir, { recursive: true });
    return createSqliteClickCounter({ path: path.join(config.dataDir, 'clicks.sqlite'), onError });
  }
  const redis = new Redis(required(config.REDIS_URL, 'REDIS_URL'), { maxRetriesPerRequest: 3 });
  redis.on('error', (error: Error) => logger.error('click counter: Redis error', { err: error }));
  return createRedisClickCounter({ redis, prefix: config.REDIS_PREFIX, ownsClient: true, onError });
}

export function required(value: string | undefined, name: string): string {
  // loadConfig already refuses a distributed profile without these; this keeps types honest.
  if (!value) throw new Error(`${name} is required when PROFILE=distributed`);
  return value;
}
