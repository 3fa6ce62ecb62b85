/**
 * The composition root: the one place that knows which profile runs and picks the adapters.
 *
 *   embedded     SQLite event log and auth store in DATA_DIR, read models in memory (loaded
 *                from the newest snapshot, then the events after it), jobs in-process.
 *   distributed  EventStoreDB, MongoDB read models, BullMQ queue and sessions on Redis.
 *
 * ROLE says what this process does: `all` (HTTP + projections + jobs), `api` (HTTP only; the
 * worker projects) or `worker` (projections + jobs, no HTTP).
 */
import path from 'node:path';
import { connectRedis } from './redis';
import { createCommandBus, type CommandBus, type CommandInput } from '../../commands';
import type { EventStore } from '../../commands/event-store';
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
import {
  SNAPSHOT_KEYS_FILE,
  Snapshots,
  loadsLater,
  type SnapshotWritten,
} from '../../projections/snapshots';
import { STORE_CHECKPOINT } from '../../projections/rebuild';
import { readModelStatus } from '../../projections/status';
import { tracingReads } from '../../projections/read-tracking';
import { startJobs } from '../jobs';
import { openReadStore, type ReadStore, type ReadStoreConfig } from '../../projections/read-store';
import {
  isDocumentSealer,
  withSealedCollections,
  type SealedCollectionSpec,
} from '../../projections/read-store/sealed';
import { PLATFORM_COLLECTIONS } from '../../projections/views';
import { RedisLeaseProvider } from '../../projections/lease/redis';
import type { LeaseProvider } from '../../projections/lease/port';
import { whileHolding } from '../../projections/lease/exclusive';
import { embeddedRebuildElsewhere } from './rebuild-elsewhere';
import { openDecoratedEventLog } from './event-log';
import { ensureProjectorIndexes } from '../../projections/projector';
import { openJobQueue } from '../queue';
import type {
  BackendCapability,
  BackendCore,
  PlatformQueries,
  PortDeclaration,
} from './capability';
import { CAPABILITY_LIST, type CAPABILITIES } from './capabilities';
import type { Config } from './config';
import type { Logger } from './logger';
import { mailBook } from './mail';
import { required } from './platform-config';

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
  ? C extends BackendCapability<infer D, infer _Q, infer _N, infer _E, infer _P, infer _L>
    ? CommandInput<D>
    : never
  : never;

/** Every capability's queries, and the platform's (audit log, dashboard counts). */
export type AppQueries = UnionToIntersection<
  Listed extends infer C
    ? C extends BackendCapability<infer _D, infer Q, infer _N, infer _E, infer _P, infer _L>
      ? Q
      : never
    : never
> &
  PlatformQueries;

/**
 * Every capability's ports by name, with their types: those it opens (`ports`) and those its
 * event log decorator gives (`eventLog`), e.g. `backend.clicks`, `backend.subscribers`.
 */
export type AppPorts = UnionToIntersection<
  Listed extends infer C
    ? C extends BackendCapability<infer _D, infer _Q, infer _N, infer _E, infer P, infer L>
      ? P & L
      : never
    : never
>;

/**
 * The embedded profile's read store in `dataDir`: read models in memory, except what no event
 * can rebuild (the Reddit snapshots: kept.sqlite, written through and loaded at start; a
 * newsletter's deliveries, one row per recipient: kept-large.sqlite, never loaded) and the
 * audit log and the subscriber list, too large for memory with a long history or a large list
 * (read-models.sqlite, emptied at a start without a snapshot). `keep: false` leaves the kept
 * collections out (a rebuild to check).
 * `keepOnDisk`: the audit log's file is opened as it is (a start from a snapshot), with the
 * checkpoints it keeps for itself (projections/snapshots).
 */
export function embeddedReadStoreConfig(
  dataDir: string,
  keep = true,
  options: { keepOnDisk?: boolean } = {},
): ReadStoreConfig {
  const onDisk: string[] = [
    PLATFORM_COLLECTIONS.auditLog,
    PLATFORM_COLLECTIONS.auditSubjects,
    ...CAPABILITY_LIST.flatMap((c) => c.onDiskCollections ?? []),
  ];
  // The projectors whose read models all live in that file keep their checkpoints there too.
  const onDiskProjectors = appProjectors()
    .filter((p) => p.collections.every((c) => onDisk.includes(c)))
    .map((p) => p.name);
  return {
    kind: 'memory',
    kept: {
      path: path.join(dataDir, 'kept.sqlite'),
      collections: keep ? CAPABILITY_LIST.flatMap((c) => c.keptCollections ?? []) : [],
      onDisk: {
        path: path.join(dataDir, 'read-models.sqlite'),
        collections: onDisk,
        checkpoints: [...onDiskProjectors, STORE_CHECKPOINT],
        ...(options.keepOnDisk ? { keep: true } : {}),
      },
      ...(keep
        ? {
            keptOnDisk: {
              path: path.join(dataDir, 'kept-large.sqlite'),
              collections: CAPABILITY_LIST.flatMap((c) => c.keptOnDiskCollections ?? []),
            },
          }
        : {}),
    },
  };
}

/** The sealed read models the capabilities declare, each with the sealer its port gives. */
export function sealedReadModels(
  ports: Record<string, unknown>,
): Map<string, SealedCollectionSpec> {
  const specs = new Map<string, SealedCollectionSpec>();
  for (const declared of CAPABILITY_LIST.flatMap((c) => c.sealedReadModels ?? [])) {
    const sealer = ports[declared.sealerPort];
    if (!isDocumentSealer(sealer)) {
      throw new Error(
        `The read model ${declared.collection} is sealed with the port ${declared.sealerPort}, which no event log hook gives`,
      );
    }
    specs.set(declared.collection, { fields: declared.fields, sealer });
  }
  return specs;
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

/** The backend with every capability's configuration, commands, queries and ports. */
export type Backend = BackendCore<Config> &
  AppPorts & {
    bus: CommandBus<AppCommand>;
    queries: AppQueries;
    /**
     * Embedded profile, projections run here: writes a snapshot of the read models now (the
     * shutdown's; null when nothing changed since the last). Absent elsewhere.
     */
    snapshot?: () => Promise<SnapshotWritten | null>;
    /**
     * Embedded, started from a snapshot: loads the back office's read models the start left
     * for later (BackendCapability.backOfficeReadModels); called once the site answers.
     */
    loadBackOfficeReadModels?: () => Promise<void>;
  };

const POLL_MS = 25;
/** A snapshot of the read models at most this often, when the log has moved (embedded). */
export const SNAPSHOT_EVERY_MS = 5 * 60_000;
/** A start that replayed at least this many events writes a snapshot once it is ready. */
const SNAPSHOT_AFTER_REPLAYING = 10_000;

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

    const { eventStore, ports: logPorts } = await openEventLogWithPorts(config, logger);
    closers.push(() => eventStore.close());

    const runsProjections = config.ROLE !== 'api';
    // Embedded: the read models start from the newest valid snapshot (projections/snapshots).
    const snapshots =
      embedded && runsProjections
        ? new Snapshots(config.dataDir, path.join(config.dataDir, SNAPSHOT_KEYS_FILE), logger)
        : null;
    if (snapshots) closers.push(() => snapshots.close());
    const projectors = snapshots ? snapshots.watchErasures(appProjectors()) : appProjectors();
    // The back office's read models are parsed once the site answers (loadBackOfficeReadModels).
    const later = new Set(CAPABILITY_LIST.flatMap((c) => c.backOfficeReadModels ?? []));
    const chosen = snapshots ? await snapshots.choose(eventStore, projectors, { later }) : null;

    const readStoreConfig: ReadStoreConfig = embedded
      ? embeddedReadStoreConfig(config.dataDir, true, { keepOnDisk: chosen !== null })
      : {
          kind: 'mongodb',
          url: required(config.MONGODB_URL, 'MONGODB_URL'),
          database: config.MONGODB_DATABASE,
        };
    const opened = await openReadStore(readStoreConfig);
    closers.push(() => opened.close());
    // Embedded: personal data in on-disk read models is sealed (projections/read-store/sealed.ts).
    const readStore = embedded ? withSealedCollections(opened, sealedReadModels(logPorts)) : opened;
    if (chosen) await chosen.apply(readStore, eventStore);
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

    const ports = await openPorts(config, logger, closers);

    const bus = appCommandBus(eventStore);
    // Reads record the collections they ask, for the page cache (projections/read-tracking.ts).
    const queries = appQueries(tracingReads(readStore, projectors));

    // The indexes the read models' queries need (idempotent; MongoDB builds, memory ignores).
    await ensureProjectorIndexes(readStore, projectors);
    // Distributed: several workers, one runner per projector at a time (a lease in Redis).
    let lease: LeaseProvider | undefined;
    if (runsProjections && !embedded) {
      const leaseRedis = connectRedis(required(config.REDIS_URL, 'REDIS_URL'), {
        maxRetriesPerRequest: 1,
      });
      leaseRedis.on('error', (error) => logger.warn('lease connection error', { err: error }));
      closers.push(async () => void leaseRedis.disconnect());
      lease = new RedisLeaseProvider({ redis: leaseRedis, prefix: config.REDIS_PREFIX });
    }
    let replayedAtStart = 0;
    const runner = runsProjections
      ? createProjectionRunner({
          readStore,
          eventStore,
          projectors,
          ...(rebuildElsewhere ? { rebuildElsewhere } : {}),
          onCatchUp: (progress) => {
            if (progress.done) replayedAtStart += progress.events;
            return progress.done
              ? logger.info('read models caught up with the event log', {
                  events: progress.events,
                  ms: progress.ms,
                })
              : logger.info('replaying the event log into the read models before serving');
          },
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
    const takeSnapshot =
      snapshots && runner
        ? async () => {
            const written = await snapshots.write(readStore, eventStore, projectors);
            if (written) {
              logger.info('read models snapshot written', {
                snapshot: path.basename(written.file),
                position: written.position.toString(),
                bytes: written.bytes,
                ms: written.ms,
              });
            }
            return written;
          }
        : null;
    if (snapshots && takeSnapshot) {
      const failed = (error: unknown) =>
        logger.error('read models snapshot failed', { err: error });
      // A long replay at this start: the next start should not repeat it.
      snapshots.start(SNAPSHOT_EVERY_MS, takeSnapshot, failed, {
        firstNow: replayedAtStart >= SNAPSHOT_AFTER_REPLAYING,
      });
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

    const core: Omit<Backend, keyof AppPorts> = {
      config,
      logger,
      eventStore,
      readStore,
      queue,
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
      readModels: () =>
        readModelStatus(
          readStore,
          eventStore,
          projectorNames,
          snapshots ? () => snapshots.newest() : undefined,
        ),
      rebuildProjections: (options = {}) => {
        const run = () =>
          rebuild(readStore, eventStore, projectors, {
            ...options,
            ...(runner ? { runner } : {}),
            ...(lease ? { fence: (name: string) => lease.nextToken(name) } : {}),
            ...(rebuildElsewhere ? { elsewhere: rebuildElsewhere } : {}),
          });
        // One rebuild at a time across the cluster: a lock in Redis guards the swap.
        if (lease) return whileHolding(lease, REBUILD_LOCK, run);
        // No snapshot is taken while a rebuild swaps its collections in.
        return snapshots ? snapshots.whileRebuilding(run) : run();
      },
      ...(takeSnapshot ? { snapshot: takeSnapshot } : {}),
      ...(chosen && loadsLater(readStore)
        ? { loadBackOfficeReadModels: () => readStore.loadArriving() }
        : {}),
      startJobs: () =>
        startJobs<Backend>(
          queue,
          CAPABILITY_LIST.flatMap((c) => c.jobs ?? []),
          backend,
          logger,
        ),
      close: closeAll,
    };
    // Each port under its name; AppPorts is each capability's declared port types, opened above.
    const clash = Object.keys({ ...logPorts, ...ports }).filter((name) => name in core);
    if (clash.length > 0) throw new Error(`Ports named like the backend's own parts: ${clash}`);
    const backend: Backend = Object.assign(core, { ...logPorts, ...ports } as unknown as AppPorts);
    return backend;
  } catch (error) {
    await closeAll();
    throw error;
  }
}

/**
 * The event log alone (the CLIs that only issue commands need nothing else), with every
 * capability's decorator applied (the newsletter's addresses sealed by their own keys).
 */
export async function openEventLog(config: Config): Promise<EventStore> {
  return (await openEventLogWithPorts(config)).eventStore;
}

/**
 * The event log with every capability's `eventLog` decorator applied (in the list's order,
 * ./event-log.ts), and the ports the decorators give over it.
 */
export async function openEventLogWithPorts(
  config: Config,
  migrations?: Logger,
): Promise<{ eventStore: EventStore; ports: Record<string, unknown> }> {
  const hooks = CAPABILITY_LIST.flatMap((c) => (c.eventLog ? [c.eventLog] : []));
  const { eventStore, decorators } = await openDecoratedEventLog(hooks, config, migrations ?? null);
  const ports: Record<string, unknown> = {};
  try {
    for (const decorator of decorators) addPorts(ports, decorator.ports?.(eventStore) ?? {});
  } catch (error) {
    await eventStore.close();
    throw error;
  }
  return { eventStore, ports };
}

/** Opens every capability's `ports`; each is closed with the backend (`closers`). */
async function openPorts(
  config: Config,
  logger: Logger,
  closers: Array<() => Promise<void>>,
): Promise<Record<string, unknown>> {
  const ports: Record<string, unknown> = {};
  for (const capability of CAPABILITY_LIST) {
    const declared: Record<string, PortDeclaration<unknown>> = capability.ports ?? {};
    for (const [name, port] of Object.entries(declared)) {
      const opened = await port.open({ config, logger });
      closers.push(() => opened.close());
      addPorts(ports, { [name]: opened.value });
    }
  }
  return ports;
}

/** Ports under their names: one name, one port (a capability's name clash is a start error). */
function addPorts(ports: Record<string, unknown>, added: object): void {
  for (const [name, value] of Object.entries(added)) {
    if (name in ports) throw new Error(`Two capabilities declare the port '${name}'`);
    ports[name] = value;
  }
}
