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
      // Off: the SSR host sends one entry script; per-route chunks would need a route manifest.
      autoCodeSplitting: true,
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
          input: fileURLToPath(new URL('./web/entry-client.tsx', import.meta.url)),
        },
      },
  ssr: {
    // CSS-only packages must be processed by Vite, not imported by Node.
    noExternal: ['@fontsource-variable/inter'],
  },
}));
