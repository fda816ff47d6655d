import { defineConfig } from 'vitest/config';

/**
 * Files that keep a process of their own per file: the fuzz test, as a precaution (it touches every
 * route, and process-wide singletons such as the import thread are shared in a worker), and the
 * files that start real processes, which gain nothing from sharing (docs/testing.md).
 */
const ISOLATED = [
  'test/fuzz.test.ts',
  'test/start.test.ts',
  'test/process.test.ts',
  'test/compiled-start.test.ts',
  'test/two-instances.test.ts',
  'test/two-instances-import.test.ts',
  'test/catalog-sync.test.ts',
  'test/db-faults.test.ts',
];

export default defineConfig({
  test: {
    globalSetup: ['test/helpers/global-setup.ts'],
    // Generous: at load 18 on two cores the OpenAPI fuzz took 31 s (9.6 s quiet). A slow test is
    // not a wrong one; a hang still ends here.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // Two cores: PGlite and the catalog are heavy; two workers keep the machine responsive.
    maxWorkers: 2,
    // The import queue takes a job at its next poll: every half second in the tests (2 s in
    // production), so an import, and each retry of one made to fail, does not wait on the clock
    // (transfer.routes: 45 s → 30 s alone). Processes the tests start inherit it.
    env: { IMPORT_QUEUE_POLL_SECONDS: '0.5' },
    projects: [
      {
        extends: true,
        // One process per worker for the rest (docs/testing.md): the modules, the 45k-film catalog
        // and the migrated PGlite snapshot are loaded once per worker instead of once per file,
        // which was most of the suite's CPU. A file must close what it opens and restore what it
        // changes (timers, spies), as these do.
        test: {
          name: 'shared',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...ISOLATED, '**/node_modules/**'],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true } },
    ],
  },
});
