/**
 * Which scripts and stylesheets a server-rendered page links, in development (Vite serves the
 * sources) and in production (the hashed files of the client build, read from its manifest).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PageAssets } from '../contracts/ssr';

export const CLIENT_ENTRY = 'web/entry-client.tsx';
export const SERVER_ENTRY = '/web/entry-server.tsx';

/** Development: Vite's client (HMR) and the source entry; the stylesheet is linked to avoid a flash. */
export const DEV_ASSETS: PageAssets = {
  scripts: ['/@vite/client', `/${CLIENT_ENTRY}`],
  styles: ['/web/styles.css'],
};

interface ViteManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/** Production assets from dist/client/.vite/manifest.json: entry script, its CSS and static imports. */
export function assetsFromViteManifest(
  manifest: Record<string, ViteManifestChunk>,
  base = '/',
): PageAssets {
  const entry = manifest[CLIENT_ENTRY];
  if (!entry)
    throw new Error(
      `The client build manifest has no entry ${CLIENT_ENTRY}: run "vite build" first.`,
    );
  const url = (file: string) => `${base}${file}`;
  const styles = new Set<string>();
  const preloads = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string, chunk: ViteManifestChunk, isEntry: boolean) => {
    if (seen.has(key)) return;
    seen.add(key);
    chunk.css?.forEach((css) => styles.add(url(css)));
    if (!isEntry) preloads.add(url(chunk.file));
    for (const imported of chunk.imports ?? []) {
      const child = manifest[imported];
      if (child) visit(imported, child, false);
    }
  };
  visit(CLIENT_ENTRY, entry, true);
  return { scripts: [url(entry.file)], styles: [...styles], preloads: [...preloads] };
}

export async function readProductionAssets(clientDir: string): Promise<PageAssets> {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(await readFile(file, 'utf8')) as Record<string, ViteManifestChunk>;
  return assetsFromViteManifest(manifest);
}
