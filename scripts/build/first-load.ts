/**
 * First-load JavaScript of each route of the client build: the entry with its static imports
 * plus the chunks of the routes the page matches (what the SSR host preloads, see
 * api/ssr/assets.ts), in gzip bytes. Also: which source modules a route's graph holds, to
 * check that no back-office module reaches a public page.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  CLIENT_ENTRY,
  ROOT_ROUTE_ID,
  routeChain,
  routeChunkKeys,
  staticClosure,
  type ViteManifest,
} from '../../api/ssr/assets';
import { CHUNK_MODULES_FILE } from './vite-plugins';

/**
 * Source modules that belong to the back office (or its heavy libraries: the rich-text editor,
 * charts). None may be in a public route's first load.
 */
export const BACK_OFFICE_MODULES: readonly RegExp[] = [
  /^web\/routes\/admin\/.*\?tsr-split=/,
  /^web\/features\/(?:admins|audit|dashboard)\//,
  /^web\/features\/[^/]+\/components\/(?:admin-|provider-edit|provider-form|price-editor|trash-page|submissions-inbox|submission-detail|delete-provider)/,
  /^web\/features\/[^/]+\/(?:components|api)\/(?:post-editor|blog-editor|admin-)/,
  /^web\/features\/[^/]+\/(?:components|api)\/(?:[^/]*-admin|admin)(?:[./-]|$)/,
  /^web\/features\/[^/]+\/components\/(?:subscriptions-page|providers-page|reddit-jobs-page|users-page|invite-page|clicks-)/,
  /^web\/components\/(?:data-table|form)\//,
  /node_modules\/(?:@tiptap|prosemirror-|recharts|d3-|chart\.js)/,
];

export function isPublicRoute(routeId: string): boolean {
  return routeId !== ROOT_ROUTE_ID && !/^\/admin(?:\/|$)/.test(routeId);
}

export interface RouteFirstLoad {
  routeId: string;
  files: string[];
  gzipBytes: number;
  modules: string[];
  /** Minified bytes per module (before compression). */
  moduleBytes: Map<string, number>;
}

export interface ClientBuild {
  manifest: ViteManifest;
  chunkModules: Record<string, Record<string, number>>;
  clientDir: string;
}

export function readClientBuild(clientDir: string): ClientBuild {
  const manifest = JSON.parse(
    readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8'),
  ) as ViteManifest;
  const modulesFile = path.join(clientDir, CHUNK_MODULES_FILE);
  const chunkModules = existsSync(modulesFile)
    ? (JSON.parse(readFileSync(modulesFile, 'utf8')) as Record<string, Record<string, number>>)
    : {};
  return { manifest, chunkModules, clientDir };
}

const gzipSizes = new Map<string, number>();

/** The gzip size of a built file: its precompressed .gz when present, else gzip -9 now. */
export function gzipSize(clientDir: string, file: string): number {
  const full = path.join(clientDir, file);
  const known = gzipSizes.get(full);
  if (known !== undefined) return known;
  const size = existsSync(`${full}.gz`)
    ? statSync(`${full}.gz`).size
    : gzipSync(readFileSync(full), { level: 9 }).length;
  gzipSizes.set(full, size);
  return size;
}

/** First load of every route that has chunks of its own, plus the root alone. */
export function firstLoads(build: ClientBuild): RouteFirstLoad[] {
  const { manifest, chunkModules, clientDir } = build;
  const byRoute = routeChunkKeys(manifest);
  const entryKeys = staticClosure(manifest, CLIENT_ENTRY);
  return [...byRoute.keys()].sort().map((routeId) => {
    const keys = new Set(entryKeys);
    for (const id of routeChain(routeId, byRoute.keys())) {
      for (const key of byRoute.get(id) ?? []) keys.add(key);
    }
    const files = [...keys].map((key) => manifest[key]?.file).filter((f): f is string => !!f);
    const moduleBytes = new Map<string, number>();
    for (const file of files) {
      for (const [name, bytes] of Object.entries(chunkModules[file] ?? {})) {
        moduleBytes.set(name, bytes);
      }
    }
    return {
      routeId,
      files,
      gzipBytes: files.reduce((sum, file) => sum + gzipSize(clientDir, file), 0),
      modules: [...moduleBytes.keys()],
      moduleBytes,
    };
  });
}

export function backOfficeModulesIn(modules: readonly string[]): string[] {
  return modules.filter((m) => BACK_OFFICE_MODULES.some((pattern) => pattern.test(m)));
}
