/**
 * Which scripts and stylesheets a server-rendered page links, in development (Vite serves the
 * sources) and in production (the hashed files of the client build, read from its manifest).
 *
 * Production pages link the entry script with its static imports (shared by every page), and
 * for each route the page matched, that route's own chunks: the split component (and, in the
 * back office, its loader) with the static imports the entry does not already bring. A page
 * therefore preloads exactly what its routes need and nothing of other routes.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PageAssets, RouteAssetLinks } from '../contracts/ssr';

export const CLIENT_ENTRY = 'web/entry-client.tsx';
export const SERVER_ENTRY = '/web/entry-server.tsx';
export const ROUTES_DIR = 'web/routes/';
/** The root route's id in TanStack Router (rootRouteId). */
export const ROOT_ROUTE_ID = '__root__';

/** Development: Vite's client (HMR) and the source entry; the stylesheet is linked to avoid a flash. */
export const DEV_ASSETS: PageAssets = {
  scripts: ['/@vite/client', `/${CLIENT_ENTRY}`],
  styles: ['/web/styles.css'],
};

export interface ViteManifestChunk {
  file: string;
  src?: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

export type ViteManifest = Record<string, ViteManifestChunk>;

/** The split parts of a route loaded before it renders (error and not-found parts load on need). */
const PRELOADED_SPLITS = new Set(['component', 'loader']);

/**
 * The route id of a file under web/routes (TanStack Router's file naming): 'near/$citySlug.tsx'
 * -> '/near/$citySlug', 'blog/index.tsx' -> '/blog/', 'index.tsx' -> '/', 'blog/route.tsx' ->
 * '/blog', '__root.tsx' -> '__root__'.
 */
export function routeIdOfFile(fileUnderRoutes: string): string {
  const withoutExt = fileUnderRoutes.replace(/\.(?:lazy\.)?[cm]?[jt]sx?$/, '');
  if (withoutExt === '__root') return ROOT_ROUTE_ID;
  if (withoutExt === 'index') return '/';
  if (withoutExt.endsWith('/index')) return `/${withoutExt.slice(0, -'index'.length)}`;
  if (withoutExt.endsWith('/route')) return `/${withoutExt.slice(0, -'/route'.length)}`;
  return `/${withoutExt}`;
}

/** The route id and split part of a manifest key like 'web/routes/about.tsx?tsr-split=component'. */
export function splitRouteChunk(key: string): { routeId: string; split: string } | null {
  const match = /^web\/routes\/(.+?)\?tsr-split=([a-zA-Z-]+)$/.exec(key);
  if (!match?.[1] || !match[2]) return null;
  return { routeId: routeIdOfFile(match[1]), split: match[2] };
}

/** The keys of `start` and everything it imports statically, in visiting order. */
export function staticClosure(manifest: ViteManifest, start: string): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  visit(start);
  return [...seen];
}

/** Per route id, the manifest keys of its chunks loaded before it renders (not the entry's). */
export function routeChunkKeys(manifest: ViteManifest): Map<string, string[]> {
  const entryKeys = new Set(staticClosure(manifest, CLIENT_ENTRY));
  const byRoute = new Map<string, string[]>();
  for (const key of Object.keys(manifest)) {
    const split = splitRouteChunk(key);
    if (!split || !PRELOADED_SPLITS.has(split.split)) continue;
    const keys = byRoute.get(split.routeId) ?? [];
    for (const k of staticClosure(manifest, key)) {
      if (!entryKeys.has(k) && !keys.includes(k)) keys.push(k);
    }
    byRoute.set(split.routeId, keys);
  }
  return byRoute;
}

/**
 * The route ids a page of `routeId` matches, outermost first: the layouts whose ids are
 * prefixes of it ('/admin/_authed' for '/admin/_authed/audit'), then the route itself.
 */
export function routeChain(routeId: string, known: Iterable<string>): string[] {
  const ids = new Set(known);
  const parts = routeId.split('/').filter(Boolean);
  const chain: string[] = [];
  for (let i = 1; i < parts.length; i++) {
    const parent = `/${parts.slice(0, i).join('/')}`;
    if (ids.has(parent)) chain.push(parent);
  }
  chain.push(routeId);
  return chain;
}

/** Production assets from dist/client/.vite/manifest.json: the entry's and each route's. */
export function assetsFromViteManifest(manifest: ViteManifest, base = '/'): PageAssets {
  const entry = manifest[CLIENT_ENTRY];
  if (!entry)
    throw new Error(
      `The client build manifest has no entry ${CLIENT_ENTRY}: run "vite build" first.`,
    );
  const url = (file: string) => `${base}${file}`;
  const styles = new Set<string>();
  const preloads: string[] = [];
  for (const key of staticClosure(manifest, CLIENT_ENTRY)) {
    const chunk = manifest[key] as ViteManifestChunk;
    chunk.css?.forEach((css) => styles.add(url(css)));
    if (key !== CLIENT_ENTRY) preloads.push(url(chunk.file));
  }
  const routes: Record<string, RouteAssetLinks> = {};
  for (const [routeId, keys] of routeChunkKeys(manifest)) {
    const routeStyles = new Set<string>();
    for (const key of keys) {
      manifest[key]?.css?.forEach((css) => {
        if (!styles.has(url(css))) routeStyles.add(url(css));
      });
    }
    routes[routeId] = {
      preloads: keys.map((key) => url((manifest[key] as ViteManifestChunk).file)),
      styles: [...routeStyles],
    };
  }
  return {
    scripts: [url(entry.file)],
    styles: [...styles],
    preloads,
    routes,
    scriptsAfterFirstPaint: true,
  };
}

export async function readViteManifest(clientDir: string): Promise<ViteManifest> {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  return JSON.parse(await readFile(file, 'utf8')) as ViteManifest;
}

export async function readProductionAssets(clientDir: string): Promise<PageAssets> {
  return assetsFromViteManifest(await readViteManifest(clientDir));
}
