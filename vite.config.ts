/**
 * One Vite config for the web app: the client build (dist/client, with a manifest the SSR host
 * reads to find the hashed entry script and stylesheet) and the SSR build
 * (`vite build --ssr web/entry-server.tsx --outDir dist/ssr`).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { chunkModules, precompress } from './scripts/build/vite-plugins';

const root = fileURLToPath(new URL('.', import.meta.url));
const CLIENT_ENTRY = fileURLToPath(new URL('./web/entry-client.tsx', import.meta.url));

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * Packages whose entry re-exports many modules a page does not use (radix-ui's umbrella names
 * every primitive): left to the automatic chunking, which drops what nothing uses, instead of
 * being captured whole.
 */
const BARRELS = /[\\/]node_modules[\\/](radix-ui|@radix-ui)[\\/]/;

/** The modules the client entry imports statically, directly or not (one walk per build). */
let everyPage: Set<string> | null = null;
function loadedByEveryPage(graph: ModuleGraph): Set<string> {
  if (everyPage) return everyPage;
  const seen = new Set<string>();
  const stack = [CLIENT_ENTRY];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id) || BARRELS.test(id)) continue;
    seen.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  everyPage = seen;
  return seen;
}

export default defineConfig(({ isSsrBuild }) => ({
  root,
  // No public/ folder: static files are emitted by the client build only.
  publicDir: false,
  plugins: [
    // Must run before the React plugin so the generated route tree is transformed too.
    tanstackRouter({
      target: 'react',
      routesDirectory: './web/routes',
      generatedRouteTree: './web/routeTree.gen.ts',
      // Each route's component in its own chunk; the SSR host preloads the matched routes' chunks.
      autoCodeSplitting: true,
      // The pending (skeleton) components too: left in the route definitions they put the blog
      // list and provider list modules in the script every page loads. They load when a
      // client-side navigation first waits (web/routes/blog/index.tsx, near/*).
      codeSplittingOptions: {
        defaultBehavior: [
          ['component'],
          ['errorComponent'],
          ['notFoundComponent'],
          ['pendingComponent'],
        ],
      },
      quoteStyle: 'single',
      semicolons: true,
    }),
    react(),
    tailwindcss(),
    chunkModules(root),
    precompress(),
  ],
  build: isSsrBuild
    ? {
        // The SSR bundle keeps node_modules external; Node resolves them at run time.
        target: 'node20',
        emptyOutDir: true,
        copyPublicDir: false,
      }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        rolldownOptions: {
          input: CLIENT_ENTRY,
          output: {
            // Every page loads the entry and everything it imports statically. Left to the
            // automatic chunking, those modules were split into ~60 small files by what the lazy
            // route chunks share with them: ~60 requests before a page is interactive (six at a
            // time over HTTP/1.1). One chunk for them, the same bytes; route chunks stay apart.
            codeSplitting: {
              groups: [{ name: (id, ctx) => (loadedByEveryPage(ctx).has(id) ? 'shell' : null) }],
            },
          },
        },
      },
  ssr: {
    // CSS-only packages must be processed by Vite, not imported by Node.
    noExternal: ['@fontsource-variable/inter'],
  },
}));
