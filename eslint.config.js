// Lint rules, including the import rules of docs/architecture.md (one custom rule, below):
// the direction between the top-level folders, capability boundaries, web's import zones and
// HTTP-free capability definitions.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const ROOT = import.meta.dirname;
const SEE = 'see docs/architecture.md, import rules';

/** Which layers each layer may import (besides itself). */
const ALLOWED = {
  domain: [],
  commands: ['domain'],
  projections: ['domain'],
  workers: ['commands', 'projections', 'domain'],
  api: ['commands', 'projections', 'workers', 'domain'],
  web: ['domain', 'api'],
};
/** The platform folders of each layer: they name no capability and anyone in the layer may use them. */
const PLATFORM = {
  domain: ['shared'],
  commands: ['event-store'],
  projections: ['read-store'],
  workers: ['queue'],
  api: ['bootstrap', 'http', 'auth', 'ssr', 'cli', 'contracts'],
  web: ['components', 'lib', 'routes'],
};

const isDirectory = (relative) => {
  const absolute = path.join(ROOT, relative);
  return existsSync(absolute) && statSync(absolute).isDirectory();
};

/** 'domain/newsletter/rules.ts' -> { layer: 'domain', capability: 'newsletter' } (null: platform). */
function placeOf(relative) {
  const [layer, second, ...more] = relative.split('/');
  if (!(layer in ALLOWED) || second === undefined) return null;
  if (layer === 'web') {
    return { layer, capability: second === 'features' && more[0] ? more[0] : null, zone: second };
  }
  const folder = more.length > 0 || isDirectory(`${layer}/${second}`);
  const capability = folder && !PLATFORM[layer].includes(second) ? second : null;
  return { layer, capability, zone: second };
}

const importRules = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      direction: '{{from}}/ must not import from {{to}}/ ({{see}}, import direction).',
      workerEntry: `workers/main.ts may import only api/bootstrap from api/ (${SEE}).`,
      webApi: `web/ may import only api/contracts/** and api/<capability>/contracts.ts from api/ (${SEE}).`,
      capability: `{{from}} must reach the {{to}} capability through its index ({{target}}), not its files (${SEE}).`,
      crossFeature: `web/features/{{from}} must not import from web/features/{{to}}: compose features in a route (web/routes), or move what both need to web/components or web/lib (${SEE}).`,
      sharedToFeature: `web/{{zone}} must not import from web/features: shared code never depends on a capability (${SEE}).`,
      runtimeHttp: `Capability definitions and api/bootstrap import express as types only: the worker reads them and must load no HTTP code (${SEE}).`,
    },
  },
  create(context) {
    const file = path.relative(ROOT, context.filename).split(path.sep).join('/');
    const source = placeOf(file);
    if (!source) return {};
    const dir = path.dirname(context.filename);
    const httpFree =
      source.layer === 'api' && (source.capability !== null || source.zone === 'bootstrap');

    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      if (specifier === 'express' && httpFree && node.importKind !== 'type') {
        const typeOnly =
          node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type');
        if (!typeOnly) context.report({ node, messageId: 'runtimeHttp' });
        return;
      }
      if (!specifier.startsWith('.')) return;
      const target = path
        .relative(ROOT, path.resolve(dir, specifier))
        .split(path.sep)
        .join('/')
        .replace(/\.(ts|tsx|js|mjs)$/, '');
      const to = placeOf(target);
      if (!to) return;
      const report = (messageId, data = {}) => context.report({ node, messageId, data });
      if (to.layer !== source.layer) {
        if (file === 'workers/main.ts' && to.layer === 'api') {
          if (to.zone !== 'bootstrap') report('workerEntry');
          return;
        }
        if (!ALLOWED[source.layer].includes(to.layer)) {
          return report('direction', {
            from: source.layer,
            to: to.layer,
            see: 'see docs/architecture.md',
          });
        }
        if (source.layer === 'web' && to.layer === 'api') {
          const parts = target.split('/');
          const contract =
            to.zone === 'contracts' || (parts.length === 3 && parts[2] === 'contracts');
          if (!contract) report('webApi');
          return;
        }
      }
      if (source.layer === 'web') {
        if (to.layer !== 'web' || to.zone !== 'features') return;
        if (source.zone === 'features' && to.capability !== source.capability) {
          report('crossFeature', { from: source.capability, to: to.capability });
        } else if (source.zone === 'components' || source.zone === 'lib') {
          report('sharedToFeature', { zone: source.zone });
        }
        return;
      }
      // A capability reaches another capability (in any layer) only through its index.
      if (source.capability === null || to.capability === null) return;
      if (to.capability === source.capability) return;
      const parts = target.split('/');
      const throughIndex = parts.length === 2 || (parts.length === 3 && parts[2] === 'index');
      if (!throughIndex) {
        report('capability', {
          from: `${source.layer}/${source.capability}`,
          to: to.capability,
          target: `${to.layer}/${to.capability}`,
        });
      }
    };
    const fromSource = (node) => check(node, node.source?.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: fromSource,
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'web/routeTree.gen.ts',
      'test-results/**',
      'playwright-report/**',
      '.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/**/*.tsx', 'web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['{domain,commands,projections,workers,api,web}/**/*.{ts,tsx}'],
    plugins: { layers: { rules: { imports: importRules } } },
    rules: { 'layers/imports': 'error' },
  },
);
