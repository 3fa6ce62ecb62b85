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
import type { SubscriberIds } from '../../commands/newsletter';
import type {
  AuditDescriber,
  auditQueries,
  DashboardCounter,
  dashboardQueries,
  Projector,
  ProjectionRunner,
  RebuildResult,
} from '../../projections';
import type { ClickCounter } from '../../projections/clicks';
import type { ReadStore } from '../../projections/read-store/port';
import type { SearchIndexer, SearchQueries } from '../../projections/search-index';
import type { SearchDocument } from '../../domain/shared/search';
import type { JobDeclaration } from '../jobs';
import type { JobQueue } from '../queue';
import type { Config } from './config';
import type { Logger } from './logger';
import type { CapabilityMails, MailBook } from './mail';

/** What every process has opened, whatever its capabilities (see Backend and CapabilityBackend). */
export interface BackendCore {
  config: Config;
  logger: Logger;
  eventStore: EventStore;
  /** A newsletter address's subscription id (linked in the subscriber key store). */
  subscribers: SubscriberIds;
  readStore: ReadStore;
  queue: JobQueue;
  /** Outbound clicks per provider per day: counters, not events (SQLite or Redis). */
  clicks: ClickCounter;
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
  /** Replays every event into fresh read models and swaps them in while serving. */
  rebuildProjections(): Promise<RebuildResult>;
  /** Registers every capability's jobs and schedules (in the one process that runs jobs). */
  startJobs(): Promise<void>;
  close(): Promise<void>;
}

/** The audit log's and the dashboard's queries, which every capability may read. */
export type PlatformQueries = ReturnType<typeof auditQueries> &
  ReturnType<typeof dashboardQueries> &
  SearchQueries;

/**
 * The backend as a capability sees it: its own commands and queries (plus the platform's).
 * Typed per capability, so the list of capabilities is not part of its own members' types.
 */
export type CapabilityBackend<C, Q> = BackendCore & {
  bus: CommandBus<CommandInput<C>>;
  queries: Q & PlatformQueries;
};

export interface BackendCapability<
  Commands extends CommandDeclarations = CommandDeclarations,
  Queries extends object = object,
  Name extends string = string,
> {
  name: Name;
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
  audit?: AuditDescriber;
  counters?: DashboardCounter[];
  queries?(store: ReadStore): Queries;
  /** Each job names the dependencies it needs; the backend provides them all. */
  jobs?: JobDeclaration<CapabilityBackend<Commands, Queries>, unknown>[];
  /** Turns its events into site-search documents (kept by the search projection). */
  search?: SearchIndexer;
  /** Search documents no event describes (static pages), indexed as they are. */
  fixedSearchDocuments?: readonly SearchDocument[];
  /** The mails its events ask for (workers/bootstrap/mail.ts). */
  mails?: CapabilityMails<CapabilityBackend<Commands, Queries>>;
  /**
   * Work for a fresh installation (demo content, the setup link), run in the list's order once
   * the site listens. What it returns is reported (tests read it).
   */
  firstStart?(backend: CapabilityBackend<Commands, Queries>): Promise<Record<string, unknown>>;
}

/** Keeps each capability's own name, command and query types (for the registry's unions). */
export function defineBackend<
  const N extends string,
  C extends CommandDeclarations = Record<never, never>,
  Q extends object = Record<never, never>,
>(capability: BackendCapability<C, Q, N>): BackendCapability<C, Q, N> {
  return capability;
}
