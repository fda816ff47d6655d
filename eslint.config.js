import js from '@eslint/js';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// The web app's layers (docs/architecture.md): shared code (components, lib) never imports a
// feature, a page or the app; a feature never imports another feature, a page or the app; a page
// never imports the app. Pages and the app compose features.
const root = dirname(fileURLToPath(import.meta.url));
const web = 'apps/web/src';
const FEATURES = ['auth', 'chat', 'diary', 'library', 'movies', 'recommendations', 'search', 'transfer'];
const upward = [`${web}/features`, `${web}/pages`, `${web}/app`];
const webBoundaries = [
  ...['components', 'lib'].map((dir) => ({
    target: `./${web}/${dir}`,
    from: upward.map((f) => `./${f}`),
    message:
      'Shared code must not import a feature, a page or the app: pass what it needs in (props, a slot).',
  })),
  ...FEATURES.map((feature) => ({
    target: `./${web}/features/${feature}`,
    from: `./${web}/features`,
    except: [`./${feature}`],
    message: 'A feature must not import another feature: compose them in a page (or the app).',
  })),
  {
    target: `./${web}/features`,
    from: [`./${web}/pages`, `./${web}/app`],
    message: 'A feature must not import a page or the app.',
  },
  { target: `./${web}/pages`, from: `./${web}/app`, message: 'A page must not import the app.' },
];

// Each workspace imports only the workspace packages its package.json declares. (The import
// plugin's no-extraneous-dependencies cannot see these: npm links them, so they resolve to paths
// outside node_modules and count as the workspace's own files.)
const WORKSPACES = [
  'apps/api',
  'apps/web',
  'services/recommender',
  'e2e',
  'packages/auth-client',
  'packages/catalog',
  'packages/contracts',
];
const manifest = (workspace) => JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8'));
const WORKSPACE_PACKAGES = WORKSPACES.map((w) => manifest(w).name);
const undeclaredWorkspaceImports = WORKSPACES.map((workspace) => {
  const own = manifest(workspace);
  const declared = new Set([
    own.name,
    ...Object.keys(own.dependencies ?? {}),
    ...Object.keys(own.devDependencies ?? {}),
  ]);
  return {
    files: [`${workspace}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: WORKSPACE_PACKAGES.filter((name) => !declared.has(name)).map((name) => ({
            group: [name, `${name}/*`],
            message: `${name} is not declared in ${workspace}/package.json: declare it, or move what is shared to a package both declare (@app/contracts).`,
          })),
        },
      ],
    },
  };
});

export default tseslint.config(
  {
    ignores: [
      '**/scratch/**',
      '**/node_modules/**',
      '**/dist/**',
      // A build copied aside for alternated A/B runs (scripts/bench/ab-api.ts, decision 0037).
      '**/dist-base/**',
      'e2e/screenshots/**',
      'data/**',
      '.cache/**',
      'coverage/**',
      'apps/web/.rename-test-*/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  // Every workspace declares the packages it imports (its own package.json, or the root's tools).
  ...undeclaredWorkspaceImports,
  ...WORKSPACES.map((workspace) => ({
    files: [`${workspace}/**/*.{ts,tsx}`],
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      'import/no-extraneous-dependencies': [
        'error',
        { packageDir: [join(root, workspace), root], devDependencies: true, includeTypes: true },
      ],
    },
  })),
  // The server's layers (docs/architecture.md): a route validates and calls a service (or a
  // function given to it by app.ts); SQL and the database handle stay behind repositories.
  {
    files: ['apps/api/src/**/*.routes.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/*.repository', '**/db/*', '**/db'],
              message:
                'A route must not import a repository or db/: call a service, or take the function from app.ts.',
            },
          ],
        },
      ],
    },
  },
  // No workspace's code reaches into another's files by a relative path: it imports the package,
  // which its package.json must declare (import/no-extraneous-dependencies above). Tests and
  // benchmarks may share the repository's test helpers and fixtures.
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'services/*/src/**/*.ts', 'packages/*/src/**/*.ts'],
    plugins: { import: importPlugin },
    rules: { 'import/no-relative-packages': 'error' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      'import/no-restricted-paths': [
        'error',
        // Zones are relative to this file, wherever eslint runs from.
        { zones: webBoundaries, basePath: root },
      ],
    },
  },
  // No function over cyclomatic complexity 25, anywhere in the repository (issue 43, decision
  // 0086): a branch more goes into a function of its own (a clause, a turn handler, a stage, a
  // table by kind).
  {
    rules: { complexity: ['error', 25] },
  },
  {
    files: ['apps/web/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
