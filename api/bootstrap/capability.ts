/**
 * What a capability contributes to each layer, declared once in api/<capability>/capability.ts
 * and listed in api/bootstrap/capabilities.ts. The platform (the command handler, the
 * projection runner and rebuild, the audit log, the dashboard, the error map, the router
 * setup, the job scheduler, first start) reads every piece from that one list.
 *
 * Capability files import express as types only (lint-enforced): the worker process reads the
 * same list without loading any HTTP code.
 */
import type { Router } from 'express';
import type { ZodType } from 'zod';
import type { CommandBus, CommandDeclarations, CommandInput } from '../../commands';
import type {
  AuditDescriber,
  auditQueries,
  DashboardCounter,
  dashboardQueries,
  Projector,
} from '../../projections';
import type { ReadStore } from '../../projections/read-store/port';
import type { SearchIndexer, SearchQueries } from '../../projections/search-index';
import type { SearchDocument } from '../../domain/shared/search';
import type { JobDeclaration } from '../../workers/jobs';
import type { RateLimiter } from '../auth/rate-limit';
import type { Sessions } from '../auth/sessions';
import type { CommandGateway } from '../http/commands';
import type { SitemapEntry } from '../http/sitemap';
import type { BackendCore } from './composition';
import type { Config } from './config';

/** What a public read may know besides the queries: the configuration (CONTACT_EMAIL...). */
export interface PublicReadContext {
  config: Config;
}

/**
 * A public JSON read: GET `path` (':name' segments are parameters; the query string's values
 * join them, a path parameter winning). Also served in process to SSR.
 */
export interface PublicRead<Queries> {
  path: string;
  read(
    queries: Queries & PlatformQueries,
    params: Record<string, string>,
    context: PublicReadContext,
  ): Promise<unknown>;
}

export interface CapabilityRouters {
  /** Mounted at /api: same-origin changes, JSON bodies, the session loaded (may be anonymous). */
  api: Router;
  /** Mounted at /api/admin behind the admin check (live session, active admin) and CSRF. */
  admin: Router;
  /**
   * Mounted at / before the pages: plain HTML form posts that work without JavaScript
   * (same-origin, url-encoded bodies of 20 kB at most) and redirects of old page addresses.
   */
  site: Router;
  /**
   * Mounted at / before `site`, WITHOUT the same-origin check: requests a signed token in the
   * URL authorises (the newsletter's one-click unsubscribe, which mail programs POST from
   * their own servers, RFC 8058). No body is parsed: the URL says everything.
   */
  signedLinks: Router;
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

export interface RouteDeps<C = CommandDeclarations, Q = object> {
  backend: CapabilityBackend<C, Q>;
  sessions: Sessions;
  rateLimiter: RateLimiter;
  commands: CommandGateway<CommandInput<C>>;
}

export interface Capability<
  Commands extends CommandDeclarations = CommandDeclarations,
  Queries extends object = object,
> {
  name: string;
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
  /** Its pages that show images from known hosts only (their CSP allows exactly those). */
  pageImageHosts?: { pathPrefix: string; hosts: readonly string[] }[];
  audit?: AuditDescriber;
  counters?: DashboardCounter[];
  queries?(store: ReadStore): Queries;
  /** Each job names the dependencies it needs; the backend provides them all. */
  jobs?: JobDeclaration<CapabilityBackend<Commands, Queries>, unknown>[];
  publicReads?: PublicRead<Queries>[];
  /** Its public URLs for /sitemap.xml, with last-modified dates taken from its events. */
  sitemap?(backend: CapabilityBackend<Commands, Queries>): Promise<SitemapEntry[]>;
  /** Turns its events into site-search documents (kept by the search projection). */
  search?: SearchIndexer;
  /** Search documents no event describes (static pages), indexed as they are. */
  fixedSearchDocuments?: readonly SearchDocument[];
  routes?(routers: CapabilityRouters, deps: RouteDeps<Commands, Queries>): void;
  /**
   * Work for a fresh installation (demo content, the setup link), run in the list's order once
   * the site listens. What it returns is reported (tests read it).
   */
  firstStart?(backend: CapabilityBackend<Commands, Queries>): Promise<Record<string, unknown>>;
}

/** Keeps each capability's own command and query types (for the registry's unions). */
export function defineCapability<
  C extends CommandDeclarations = Record<never, never>,
  Q extends object = Record<never, never>,
>(capability: Capability<C, Q>): Capability<C, Q> {
  return capability;
}
