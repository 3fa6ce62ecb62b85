// Lint rules, including the import direction between the top-level folders:
// web -> {domain, api/contracts}; api -> {commands, projections, workers, domain};
// workers -> {commands, projections, domain}; commands -> domain; projections -> domain;
// domain -> nothing.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const folders = ['domain', 'commands', 'projections', 'workers', 'api', 'web'];

/** Import patterns that reach into a top-level folder (relative paths of any depth). */
function into(folder) {
  return [`**/${folder}`, `**/${folder}/**`, `${folder}/**`];
}

function forbid(folder, allowed, extra = [], files = [`${folder}/**/*.{ts,tsx}`]) {
  const banned = folders.filter((f) => f !== folder && !allowed.includes(f));
  return {
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...banned.map((f) => ({
              group: into(f),
              message: `${folder}/ must not import from ${f}/ (see docs/architecture.md, import direction).`,
            })),
            ...extra,
          ],
        },
      ],
    },
  };
}

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
  forbid('domain', []),
  forbid('commands', ['domain']),
  forbid('projections', ['domain']),
  forbid('workers', ['commands', 'projections', 'domain']),
  forbid('api', ['commands', 'projections', 'workers', 'domain']),
  // The worker process entry calls the one composition root (api/composition.ts).
  forbid('workers', ['commands', 'projections', 'domain', 'api'], [], ['workers/main.ts']),
  // web may import api/contracts only, never the rest of api/.
  {
    files: ['web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...['commands', 'projections', 'workers'].map((f) => ({
              group: into(f),
              message: `web/ must not import from ${f}/ (see docs/architecture.md, import direction).`,
            })),
            {
              regex: '(^|/)api/(?!contracts(/|$))',
              message: 'web/ may import only api/contracts from api/.',
            },
          ],
        },
      ],
    },
  },
);
