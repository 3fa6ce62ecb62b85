/**
 * The backend half of a capability: what it contributes to the command handler, the read
 * side, the jobs and first start, declared once in workers/<capability>/capability.ts and
 * listed in workers/bootstrap/capabilities.ts. Both process entries (api/main.ts and
 * workers/main.ts) read it from here, below the HTTP layer; the HTTP half (routes, public
 * reads, sitemap, page image hosts) is api/<capability>/capability.ts.
 */
import type { ZodType } from 'zod';
import type { CommandBus, CommandDeclarations, CommandInput } from '../../commands';
import type { EventStore } from '../../commands/event-store';
import type {
  AuditDescriber,
  auditQueries,
  DashboardCounter,
  dashboardQueries,
  Projector,
  ProjectionRunner,
  RebuildOptions,
  RebuildResult,
} from '../../projections';
import type { ReadStore } from '../../projections/read-store/port';
import type { SearchIndexer, SearchQueries } from '../../projections/search-index';
import type { ReadModelStatus } from '../../projections/status';
import type { SearchDocument } from '../../domain/shared/search';
import type { JobDeclaration } from '../jobs';
import type { JobQueue } from '../queue';
import type { Logger } from './logger';
import type { CapabilityMails, MailBook } from './mail';
import type { ConfigFragment, PlatformConfig } from './platform-config';

/**
 * What every process has opened, whatever its capabilities (see Backend and CapabilityBackend).
 * `Cfg`: the configuration as its reader sees it (a capability: the platform's and its own).
 */
export interface BackendCore<Cfg extends PlatformConfig = PlatformConfig> {
  config: Cfg;
  logger: Logger;
  /** The event log, with every capability's `eventLog` decorator applied. */
  eventStore: EventStore;
  readStore: ReadStore;
  queue: JobQueue;
  /** Every capability's mails (the outbox delivers them). */
  mails: MailBook;
  /** Present where this process runs the projections (ROLE all or worker). */
  runner: ProjectionRunner | null;
  /**
   * Read-your-writes: resolves true once every read model has applied `position`, false after
   * `timeoutMs`. Uses the local runner, or the checkpoints the worker writes (ROLE=api).
   */
  waitForProjections(position: string, timeoutMs?: number): Promise<boolean>;
  /** Events the slowest read model is behind the log's head. */
  projectionLag(): Promise<number>;
  /** Each read model's checkpoint and lag, and the newest snapshot (the Operations screen). */
  readModels(): Promise<ReadModelStatus>;
  /** Replays every event into fresh read models and swaps them in while serving. */
  rebuildProjections(options?: Pick<RebuildOptions, 'onProgress'>): Promise<RebuildResult>;
  /** Registers every capability's jobs and schedules (in the one process that runs jobs). */
  startJobs(): Promise<void>;
  close(): Promise<void>;
}

/** The audit log's and the dashboard's queries, which every capability may read. */
export type PlatformQueries = ReturnType<typeof auditQueries> &
  ReturnType<typeof dashboardQueries> &
  SearchQueries;

/** Nothing of its own (a capability without ports or variables). */
type None = Record<never, never>;

/**
 * The backend as a capability sees it: its own commands and queries (plus the platform's), its
 * own ports (`Own`, by their names) and its own configured values (`Env`) beside the platform's.
 * Typed per capability, so the list of capabilities is not part of its own members' types.
 */
export type CapabilityBackend<
  C,
  Q,
  Own extends object = None,
  Env extends object = None,
> = BackendCore<PlatformConfig & Env> &
  Own & {
    bus: CommandBus<CommandInput<C>>;
    queries: Q & PlatformQueries;
  };

/** What opening a port or the event log's decorator is given. */
export interface OpenContext<Env extends object = None> {
  /** The platform's configuration and the capability's own values. */
  config: PlatformConfig & Env;
  logger: Logger;
}

/** An opened port: its value (`backend[name]`), closed with the backend (in reverse order). */
export interface OpenedPort<T> {
  value: T;
  close(): Promise<void>;
}

/** A port a capability contributes to the backend under its name (the click counter). */
export interface PortDeclaration<T, Env extends object = None> {
  /** Opens the profile's adapter (embedded: a file in config.dataDir; distributed: a server). */
  open(context: OpenContext<Env>): Promise<OpenedPort<T>>;
}

/** What a capability's `eventLog` hook is given when the event log is opened. */
export interface EventLogContext<Env extends object = None> {
  config: PlatformConfig & Env;
  /** The embedded log's file (events.sqlite), not yet opened; null on the distributed profile. */
  embeddedFile: string | null;
  /**
   * Present where the backend starts (not in a CLI or the rebuild thread): one-time migrations
   * of the stored log run then, before the log is opened and replayed, and log what they did.
   */
  migrations: Logger | null;
}

/** A capability's layer over the event log, opened before the log itself. */
export interface EventLogDecorator<P> {
  /** The log as everyone reads and writes it; its close() closes what `open` opened. */
  wrap(log: EventStore): EventStore;
  /** Its ports over the finished log (every capability's decorator applied). */
  ports?(eventStore: EventStore): P;
  /** Closes what `open` opened when the log could not be opened (nothing was wrapped). */
  abandon(): Promise<void>;
}

/** Wraps the event log (every place that opens it: the backend, the CLIs, the rebuild thread). */
export interface EventLogHook<P, Env extends object = None> {
  open(context: EventLogContext<Env>): Promise<EventLogDecorator<P>>;
}

/**
 * `Env`: its configured values (from `config`); `Ports`: the ports it opens (`ports`);
 * `LogPorts`: the ports its event log decorator gives (`eventLog`). Its hooks see all three.
 */
export interface BackendCapability<
  Commands extends CommandDeclarations = CommandDeclarations,
  Queries extends object = object,
  Name extends string = string,
  Env extends object = None,
  Ports extends object = None,
  LogPorts extends object = None,
> {
  name: Name;
  /**
   * Its environment variables (workers/<capability>/config.ts), merged with the platform's and
   * the other capabilities' by loadConfig; its hooks read them from `config`.
   */
  config?: ConfigFragment<Env>;
  /** Ports it opens with the backend, each exposed as `backend[name]` and closed with it. */
  ports?: { [K in keyof Ports]: PortDeclaration<Ports[K], Env> };
  /** A decorator over the event log (and ports over it), wherever the log is opened. */
  eventLog?: EventLogHook<LogPorts, Env>;
  /** Its event types' data schemas: nothing is appended without one. */
  eventSchemas?: Record<string, ZodType>;
  commands?: Commands;
  /** HTTP status of each of its DecisionError codes (an unlisted code answers 409). */
  decisionStatus?: Record<string, number>;
  projectors?: Projector[];
  /**
   * Collections it writes that are no projection of events (a rebuild cannot restore them):
   * the embedded profile keeps them on disk instead of only in memory.
   */
  keptCollections?: string[];
  /**
   * Kept collections that grow with the subscriber list (one row per recipient): on the
   * embedded profile they live in a durable file only, never in memory.
   */
  keptOnDiskCollections?: string[];
  /**
   * Read models that grow with the subscriber list (one document per subscriber): on the
   * embedded profile they live in the on-disk projection file with the audit log, not in
   * memory (projections/read-store/on-disk.ts).
   */
  onDiskCollections?: string[];
  /**
   * In-memory read models only the back office reads: a start from a snapshot parses them once
   * the site answers rather than before it (projections/snapshots), so that public pages come
   * back sooner; a back-office request for one in between waits until it is loaded.
   */
  backOfficeReadModels?: string[];
  /**
   * On-disk read models holding personal data: their `fields` are sealed with the sealer its
   * event log hook gives as the port `sealerPort` (projections/read-store/sealed.ts).
   */
  sealedReadModels?: ReadonlyArray<{
    collection: string;
    fields: readonly string[];
    sealerPort: string;
  }>;
  audit?: AuditDescriber;
  counters?: DashboardCounter[];
  queries?(store: ReadStore): Queries;
  /** Each job names the dependencies it needs; the backend provides them all. */
  jobs?: JobDeclaration<CapabilityBackend<Commands, Queries, Ports & LogPorts, Env>, unknown>[];
  /** Turns its events into site-search documents (kept by the search projection). */
  search?: SearchIndexer;
  /** Search documents no event describes (static pages), indexed as they are. */
  fixedSearchDocuments?: readonly SearchDocument[];
  /** The mails its events ask for (workers/bootstrap/mail.ts). */
  mails?: CapabilityMails<CapabilityBackend<Commands, Queries, Ports & LogPorts, Env>>;
  /**
   * Work for a fresh installation (demo content, the setup link), run in the list's order once
   * the site listens. What it returns is reported (tests read it).
   */
  firstStart?(
    backend: CapabilityBackend<Commands, Queries, Ports & LogPorts, Env>,
  ): Promise<Record<string, unknown>>;
}

/**
 * Keeps each capability's own name, command, query, configuration and port types (for the
 * registry's unions).
 */
export function defineBackend<
  const N extends string,
  C extends CommandDeclarations = None,
  Q extends object = None,
  E extends object = None,
  P extends object = None,
  L extends object = None,
>(capability: BackendCapability<C, Q, N, E, P, L>): BackendCapability<C, Q, N, E, P, L> {
  return capability;
}
