/**
 * Build-only Vite plugins of the client build:
 *
 * - `chunkModules`: writes dist/client/.vite/chunk-modules.json, the source modules of every
 *   emitted chunk (paths relative to the project) with their minified size in the chunk. Vite's manifest names chunks, not what is in
 *   them; this is what the budget check and the tests read to prove that no back-office module
 *   is reachable from a public route.
 * - `precompress`: writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next
 *   to every compressible file of the build, so the server sends hashed assets compressed
 *   without compressing anything per request.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

export const CHUNK_MODULES_FILE = '.vite/chunk-modules.json';

const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|html|txt|webmanifest|map)$/;
/** Below this, the headers of a compressed answer cost more than they save. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export function chunkModules(root: string): Plugin {
  return {
    name: 'vialcompare:chunk-modules',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle(_options, bundle) {
      const modules: Record<string, Record<string, number>> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const inChunk: Record<string, number> = {};
        for (const [id, info] of Object.entries(output.modules)) {
          const name = path.relative(root, id.replace(/^\0/, '')).split(path.sep).join('/');
          inChunk[name] = info.renderedLength;
        }
        modules[output.fileName] = inChunk;
      }
      this.emitFile({
        type: 'asset',
        fileName: CHUNK_MODULES_FILE,
        source: JSON.stringify(modules),
      });
    },
  };
}

export async function precompressFile(file: string, content: Buffer): Promise<void> {
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
}

export function precompress(): Plugin {
  return {
    name: 'vialcompare:precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist/client';
      const work: Promise<void>[] = [];
      for (const output of Object.values(bundle)) {
        if (!output.fileName.startsWith('assets/') || !COMPRESSIBLE.test(output.fileName)) {
          continue;
        }
        const content = Buffer.from(output.type === 'chunk' ? output.code : output.source);
        if (content.length < MIN_BYTES) continue;
        work.push(precompressFile(path.join(outDir, output.fileName), content));
      }
      await Promise.all(work);
    },
  };
}
