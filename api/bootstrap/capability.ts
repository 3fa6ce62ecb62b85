/**
 * The HTTP half of a capability (routes, public reads, sitemap, page image hosts), declared in
 * api/<capability>/capability.ts next to its backend half (workers/<capability>/capability.ts,
 * typed by workers/bootstrap/capability.ts) and keyed by its name in
 * api/bootstrap/capabilities.ts.
 *
 * Capability files import express as types only (lint-enforced).
 */
import type { Router } from 'express';
import type { CommandDeclarations, CommandInput } from '../../commands';
import type {
  BackendCapability,
  CapabilityBackend,
  PlatformQueries,
} from '../../workers/bootstrap/capability';
import type { RateLimiter } from '../auth/rate-limit';
import type { Sessions } from '../auth/sessions';
import type { CommandGateway } from '../http/commands';
import type { SitemapEntry } from '../http/sitemap';
import type { Config } from '../../workers/bootstrap/config';

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
  /**
   * Private to whoever holds the URL (a signed link's data): answered no-store instead of
   * cacheable for a minute.
   */
  private?: boolean;
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

export type { CapabilityBackend, PlatformQueries };

/**
 * The backend as a capability's HTTP half sees it: its commands, queries and own ports (`Own`:
 * `backend.subscribers`, `backend.clicks`), and the whole configuration (api/ sits above the
 * list, so it reads every capability's variables).
 */
export type HttpBackend<C, Q, Own extends object = Record<never, never>> = CapabilityBackend<
  C,
  Q,
  Own
> & { config: Config };

export interface RouteDeps<
  C = CommandDeclarations,
  Q = object,
  Own extends object = Record<never, never>,
> {
  backend: HttpBackend<C, Q, Own>;
  sessions: Sessions;
  rateLimiter: RateLimiter;
  commands: CommandGateway<CommandInput<C>>;
}

export interface HttpCapability<
  Commands extends CommandDeclarations = CommandDeclarations,
  Queries extends object = object,
  Env extends object = Record<never, never>,
  Ports extends object = Record<never, never>,
  LogPorts extends object = Record<never, never>,
> {
  /** Its backend half: commands, queries and the rest the routes and reads work with. */
  backend: BackendCapability<Commands, Queries, string, Env, Ports, LogPorts>;
  /** Its pages that show images from known hosts only (their CSP allows exactly those). */
  pageImageHosts?: { pathPrefix: string; hosts: readonly string[] }[];
  publicReads?: PublicRead<Queries>[];
  /**
   * Full paths whose POST takes a multipart file upload (/api/admin/media): their bodies skip
   * the 100 kB JSON limit and parser, and the route reads and bounds them itself.
   */
  uploadPaths?: readonly string[];
  /** Its public URLs for /sitemap.xml, with last-modified dates taken from its events. */
  sitemap?(backend: HttpBackend<Commands, Queries, Ports & LogPorts>): Promise<SitemapEntry[]>;
  routes?(routers: CapabilityRouters, deps: RouteDeps<Commands, Queries, Ports & LogPorts>): void;
}

/** The HTTP half over `backend`, typed with its commands, queries and ports. */
export function defineHttpCapability<
  C extends CommandDeclarations,
  Q extends object,
  const N extends string,
  E extends object,
  P extends object,
  L extends object,
>(
  backend: BackendCapability<C, Q, N, E, P, L>,
  http: Omit<HttpCapability<NoInfer<C>, NoInfer<Q>, NoInfer<E>, NoInfer<P>, NoInfer<L>>, 'backend'>,
): HttpCapability<C, Q, E, P, L> & { backend: BackendCapability<C, Q, N, E, P, L> } {
  return { ...http, backend };
}
