/**
 * Writes web/routeTree.gen.ts from web/routes with the options vite.config.ts gives the router
 * plugin, without a build: a new route file type-checks (`npm run typecheck`) right after this.
 */
import path from 'node:path';
import { Generator, getConfig } from '@tanstack/router-generator';

const root = path.resolve(import.meta.dirname, '..');
const config = getConfig(
  {
    target: 'react',
    routesDirectory: './web/routes',
    generatedRouteTree: './web/routeTree.gen.ts',
    quoteStyle: 'single',
    semicolons: true,
  },
  root,
);
await new Generator({ config, root }).run();
console.log('web/routeTree.gen.ts written');
