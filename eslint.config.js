// Lint rules, including the import rules of docs/architecture.md (custom rules, below): the
// direction between the top-level folders, capability boundaries, web's import zones,
// HTTP-free capability definitions, no import loops, workers/ below api/, and platform files
// that name no capability.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import ts from 'typescript';
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
  workers: ['queue', 'bootstrap'],
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

/**
 * The capabilities, as folder names in every layer (web/features/<name>): every folder of
 * workers/ that declares a backend half (workers/<name>/capability.ts), so adding a capability
 * adds it here without an edit.
 */
const CAPABILITY_NAMES = readdirSync(path.join(ROOT, 'workers'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .filter((entry) => existsSync(path.join(ROOT, 'workers', entry.name, 'capability.ts')))
  .map((entry) => entry.name);
/**
 * The platform's central files (a trailing '/': a folder): generic over the capability list, so
 * adding a capability never touches them (docs/architecture.md). The two capability lists
 * (capabilities.ts) are the one place that names them.
 */
const PLATFORM_FILES = [
  'commands/bus.ts', // the one command handler
  'projections/runner.ts',
  'projections/runner/',
  'projections/rebuild.ts',
  'projections/audit.ts',
  'projections/dashboard.ts',
  'api/http/errors.ts', // the error map
  'api/http/commands.ts', // DecisionError code -> status
  'api/app.ts', // the router setup
  'api/bootstrap/composition.ts',
  'workers/bootstrap/capability.ts', // the backend half's type, its ports and config fragment
  'workers/bootstrap/composition.ts',
  'workers/bootstrap/config.ts',
  'workers/bootstrap/platform-config.ts',
  'workers/bootstrap/mail.ts',
  'workers/bootstrap/rebuild-elsewhere.ts',
  'workers/bootstrap/rebuild-worker.ts',
  'workers/jobs.ts', // the job registry
  'workers/notifications/jobs.ts', // the mail outbox
  'workers/notifications/mailer.ts',
  'web/features/admins/components/admin-layout.tsx', // the admin navigation
  'web/features/dashboard/components/dashboard-page.tsx',
];
const isPlatformFile = (file) =>
  PLATFORM_FILES.some((entry) => (entry.endsWith('/') ? file.startsWith(entry) : file === entry));

const toPosix = (file) => file.split(path.sep).join('/');
const SOURCE_FILE = /\.(ts|tsx|mjs|js)$/;

/** './rules' from domain/reddit/listing.ts -> 'domain/reddit/rules.ts' (null: not a source file here). */
function resolveImport(fromFile, specifier) {
  const base = path.resolve(ROOT, path.dirname(fromFile), specifier);
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ];
  const found = candidates.find(
    (candidate) =>
      SOURCE_FILE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile(),
  );
  return found ? toPosix(path.relative(ROOT, found)) : null;
}

/**
 * The static imports of a file, type-only ones included (a loop of types still ties the files
 * together). A lazy import() is left out: it runs after both modules have loaded.
 */
function staticImports(file) {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const targets = [];
  for (const { fileName, pos } of ts.preProcessFile(text, true, false).importedFiles) {
    if (!fileName.startsWith('.')) continue;
    if (/\bimport\s*\(\s*$/.test(text.slice(Math.max(0, pos - 20), pos - 1))) continue;
    const target = resolveImport(file, fileName);
    if (target) targets.push(target);
  }
  return targets;
}

/**
 * Every import loop among the layers' files: file -> the files of its loop (Tarjan's strongly
 * connected components over the whole tree, built once per lint run: ~800 files take ~0.5 s).
 */
let loopsCache = null;
function importLoops() {
  if (loopsCache) return loopsCache;
  const files = Object.keys(ALLOWED).flatMap((layer) =>
    isDirectory(layer)
      ? readdirSync(path.join(ROOT, layer), { recursive: true })
          .map((name) => `${layer}/${toPosix(String(name))}`)
          .filter((file) => SOURCE_FILE.test(file) && !file.endsWith('.d.ts'))
      : [],
  );
  const edges = new Map(files.map((file) => [file, staticImports(file)]));
  const order = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  loopsCache = new Map();
  let next = 0;
  const visit = (file) => {
    order.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of edges.get(file) ?? []) {
      if (!edges.has(target)) continue;
      if (!order.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file), order.get(target)));
      }
    }
    if (low.get(file) !== order.get(file)) return;
    const members = new Set();
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      members.add(member);
    } while (member !== file);
    const selfImport = edges.get(file).includes(file);
    if (members.size > 1 || selfImport)
      for (const m of members) loopsCache.set(m, { members, edges });
  };
  for (const file of files) if (!order.has(file)) visit(file);
  return loopsCache;
}

/** The shortest way from `start` back to `goal` inside one loop: ['b.ts', 'c.ts', 'a.ts']. */
function wayBack(start, goal, { members, edges }) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    if (file === goal) break;
    for (const target of edges.get(file)) {
      if (members.has(target) && !cameFrom.has(target)) {
        cameFrom.set(target, file);
        queue.push(target);
      }
    }
  }
  const way = [];
  for (let file = goal; file !== null && file !== undefined; file = cameFrom.get(file))
    way.unshift(file);
  return way;
}

/** Imports that close a loop: `a.ts -> b.ts -> a.ts` is reported at both imports. */
const noCycleRule = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      loop: `Import loop: {{way}}. Move what both need to the file that owns it, or to a lower one (${SEE}).`,
    },
  },
  create(context) {
    const file = toPosix(path.relative(ROOT, context.filename));
    const loop = importLoops().get(file);
    if (!loop) return {};
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      if (node.type === 'ImportExpression') return;
      const target = resolveImport(file, specifier);
      if (!target || !loop.members.has(target)) return;
      const way = [file, ...wayBack(target, file, loop)].join(' -> ');
      context.report({ node, messageId: 'loop', data: { way } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
    };
  },
};

/** workers/ sits below api/: no file of workers/ imports from api/, the process entry included. */
const workersBelowApiRule = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      up: `workers/ must not import from api/: what both processes need lives in workers/ (workers/bootstrap for the backend registry) (${SEE}).`,
    },
  },
  create(context) {
    const file = toPosix(path.relative(ROOT, context.filename));
    if (!file.startsWith('workers/')) return {};
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = toPosix(
        path.relative(ROOT, path.resolve(ROOT, path.dirname(file), specifier)),
      );
      if (target === 'api' || target.startsWith('api/')) context.report({ node, messageId: 'up' });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/**
 * A platform file (PLATFORM_FILES) names no capability: it imports no capability's folder (in
 * any layer; a platform file inside a capability's folder may use its own) and holds no
 * capability's name as a string.
 */
const platformNamesRule = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      imports: `{{file}} is a platform file and must not import the {{capability}} capability: loop over the capability list, or let the capability declare it (${SEE}).`,
      names: `{{file}} is a platform file and must not name the {{capability}} capability: let the capability declare it (${SEE}).`,
    },
  },
  create(context) {
    const file = toPosix(path.relative(ROOT, context.filename));
    if (!isPlatformFile(file)) return {};
    const own = placeOf(file)?.capability ?? null;
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = toPosix(
        path.relative(ROOT, path.resolve(ROOT, path.dirname(file), specifier)),
      );
      const capability = placeOf(target)?.capability ?? null;
      if (capability && capability !== own && CAPABILITY_NAMES.includes(capability)) {
        context.report({ node, messageId: 'imports', data: { file, capability } });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
      Literal(node) {
        if (typeof node.value !== 'string' || node.parent?.type?.includes('Import')) return;
        if (node.parent?.type?.startsWith('Export')) return;
        if (CAPABILITY_NAMES.includes(node.value) && node.value !== own) {
          context.report({ node, messageId: 'names', data: { file, capability: node.value } });
        }
      },
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
    plugins: {
      layers: {
        rules: {
          imports: importRules,
          'no-cycle': noCycleRule,
          'workers-below-api': workersBelowApiRule,
          'platform-names': platformNamesRule,
        },
      },
    },
    rules: {
      'layers/imports': 'error',
      'layers/no-cycle': 'error',
      'layers/workers-below-api': 'error',
      'layers/platform-names': 'error',
    },
  },
);
